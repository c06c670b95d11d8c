// Start-up time of the whole product on the embedded database: from process spawn to the first
// healthy answer of GET /healthz, with an empty data directory (schema + seed) and with the
// already seeded one. Usage: node bench/startup.mjs [runs=3]
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const runs = Number(process.argv[2] ?? 3);
const port = 18_080;

async function startOnce(dataDir) {
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'server/src/main.ts')], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: 'ignore',
  });
  for (;;) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/healthz`);
      if (res.ok) break;
    } catch {
      // not up yet
    }
    if (child.exitCode !== null) throw new Error('server exited');
    await new Promise((r) => setTimeout(r, 20));
  }
  const elapsed = performance.now() - started;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
  return elapsed;
}

const empty = [];
const seeded = [];
for (let i = 0; i < runs; i++) {
  const dataDir = mkdtempSync(join(tmpdir(), 'sentinel-bench-'));
  empty.push(await startOnce(dataDir));
  seeded.push(await startOnce(dataDir));
  rmSync(dataDir, { recursive: true, force: true });
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
console.log(`start-up to healthy, median of ${runs}:`);
console.log(
  `  empty data directory : ${Math.round(median(empty))} ms  (${empty.map(Math.round).join(', ')})`,
);
console.log(
  `  seeded data directory: ${Math.round(median(seeded))} ms  (${seeded.map(Math.round).join(', ')})`,
);
