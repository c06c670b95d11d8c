// Alarm export of a big table: a real server (HTTP, logged-in admin) on a throwaway PostgreSQL
// database seeded with --count alarms (default 100,000), or on PGlite (--pglite). One export of
// every alarm through POST export/download/videoAlarmRecordExport; reports the time until the
// download center shows it completed, the server's resident memory (before, sampled peak during
// the export, and the kernel's high-water mark VmHWM), the file size and its row count (read
// back with exceljs' streaming reader).
// Usage: node bench/export-memory.mjs [--count N] [--pglite]
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import ExcelJS from 'exceljs';
import pg from 'pg';
import { adminToken, createDatabase, json, startServer } from './support/common.mjs';
import { seedAlarms } from './support/seed-alarms.mjs';

const { values: args } = parseArgs({
  options: {
    count: { type: 'string', default: '100000' },
    pglite: { type: 'boolean', default: false },
  },
});
const count = Number(args.count);
const MB = 1024 * 1024;

/** VmRSS and VmHWM of a process in bytes (Linux /proc). */
function memoryOf(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (name) => Number(new RegExp(`${name}:\\s+(\\d+) kB`).exec(status)?.[1] ?? Number.NaN) * 1024;
  return { rss: kb('VmRSS'), hwm: kb('VmHWM') };
}

// Seed, then measure in a freshly started server (no demo seeding in its heap).
/** Creates and seeds the database and replaces the admin's initial password. */
async function firstStart(env) {
  const first = await startServer(env, { dataDir, keepDataDir: true });
  try {
    await adminToken(first);
  } finally {
    await first.stop();
  }
}
let cleanup = async () => undefined;
let env = {};
const dataDir = mkdtempSync(join(tmpdir(), 'sentinel-bench-'));
const seedStarted = performance.now();
if (args.pglite) {
  await firstStart({});
  const { PGlite } = await import('@electric-sql/pglite');
  const db = new PGlite(join(dataDir, 'pglite'));
  await seedAlarms((text, params) => db.query(text, params), { count });
  await db.close();
} else {
  const database = await createDatabase();
  env = { DATABASE_URL: database.url };
  cleanup = () => database.drop();
  await firstStart(env);
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  await seedAlarms((text, params) => client.query(text, params), { count });
  await client.end();
}
const server = await startServer(env, { dataDir, keepDataDir: true });
const seedSeconds = (performance.now() - seedStarted) / 1000;

try {
  const token = await adminToken(server);
  const before = memoryOf(server.pid);
  console.log(
    `export: ${count} seeded alarms (+ demo history), ${args.pglite ? 'PGlite' : 'PostgreSQL'}, seeded in ${seedSeconds.toFixed(1)} s; ` +
      `server RSS before ${Math.round(before.rss / MB)} MB (high-water so far ${Math.round(before.hwm / MB)} MB)`,
  );
  let peak = before.rss;
  const sampler = setInterval(() => {
    peak = Math.max(peak, memoryOf(server.pid).rss);
  }, 20);
  const started = performance.now();
  const created = await json(server.url, '/api/v2/backend/export/download/videoAlarmRecordExport', {
    method: 'POST',
    token,
    body: {},
  });
  if (created.status !== 0) throw new Error(`export: ${created.message}`);
  const answeredMs = performance.now() - started;
  let file;
  for (;;) {
    const list = await json(server.url, '/api/v2/backend/export/list?pageSize=10', { token });
    file = list.data.list.find((f) => f.id === created.data.id);
    if (file && file.state !== 0) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  const after = memoryOf(server.pid);
  if (file.state !== 1) throw new Error(`export failed (state ${file.state})`);

  const path = join(dataDir, 'media', 'exports', file.fileUrl.split('/').pop());
  let rows = 0;
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(path, { sharedStrings: 'ignore', styles: 'ignore' });
  for await (const sheet of reader) for await (const _row of sheet) rows++;
  console.log(
    `  answered in ${answeredMs.toFixed(0)} ms; completed in ${seconds.toFixed(1)} s ` +
      `(${Math.round((rows - 1) / seconds).toLocaleString('en')} rows/s); ${rows - 1} rows + header, ` +
      `${(statSync(path).size / MB).toFixed(1)} MB xlsx`,
  );
  console.log(
    `  server RSS: before ${Math.round(before.rss / MB)} MB, sampled peak during the export ${Math.round(peak / MB)} MB ` +
      `(+${Math.round((peak - before.rss) / MB)} MB), VmHWM after ${Math.round(after.hwm / MB)} MB`,
  );
} finally {
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
  await cleanup();
}
