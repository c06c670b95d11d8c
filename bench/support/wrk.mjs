// Drives the server with Debian's wrk (C) instead of the Node load generator: one wrk thread with
// one connection for each simulated client, so that every client sends its own request (its
// session, its page) in a closed loop, as `load()` in common.mjs does — with a fraction of the CPU.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Installs wrk when missing (scripts/ensure-wrk.sh); throws when it cannot. */
export function ensureWrk() {
  const script = new URL('../../scripts/ensure-wrk.sh', import.meta.url).pathname;
  const run = spawnSync('bash', [script], { stdio: 'inherit' });
  if (run.status !== 0) throw new Error('wrk is not available (scripts/ensure-wrk.sh)');
}

const lua = (value) => JSON.stringify(value); // a JSON string is a valid Lua string literal here

/**
 * The script: the clients' requests; `setup` numbers the threads, `init` gives each thread its
 * client's request (a static request, built once by wrk); `done` prints the merged figures.
 */
function script(clients) {
  const entries = clients.map(({ method, headers, body }) => {
    const header = Object.entries(headers).map(([name, value]) => `[${lua(name)}] = ${lua(value)}`);
    const fields = [`method = ${lua(method)}`, `headers = { ${header.join(', ')} }`];
    if (body !== undefined) fields.push(`body = ${lua(JSON.stringify(body))}`);
    return `{ ${fields.join(', ')} }`;
  });
  return `
local clients = { ${entries.join(',\n')} }
local threads = 0
function setup(thread)
  threads = threads + 1
  thread:set("client", threads)
end
function init(args)
  local c = clients[client]
  wrk.method = c.method
  for name, value in pairs(c.headers) do wrk.headers[name] = value end
  if c.body then wrk.body = c.body end
end
function done(summary, latency, requests)
  local e = summary.errors
  io.write(string.format("RESULT %d %d %d %d %.3f %.3f %.3f\\n", summary.requests, summary.duration,
    e.connect + e.read + e.write + e.timeout, e.status,
    latency:percentile(50) / 1000, latency:percentile(95) / 1000, latency:percentile(99) / 1000))
end
`;
}

/**
 * Runs every client's request for `seconds` at once (one wrk thread and connection a client).
 * `clients`: [{ method, path, headers, body }], all on the same path. Answers requests per second,
 * p50/p95/p99 (ms) and the error counts (a non-2xx answer counts as a status error).
 * `options.unit`: wrk in its own session, so its own scheduling group (common.mjs startServer):
 * the simulated consoles are other machines on a real site, not processes of the bench's group.
 */
export async function wrkLoad(base, clients, seconds, options = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'sentinel-wrk-'));
  try {
    const scriptPath = join(dir, 'clients.lua');
    writeFileSync(scriptPath, script(clients));
    const n = clients.length;
    const args = [
      `-t${n}`,
      `-c${n}`,
      `-d${seconds}s`,
      '--timeout',
      '10s',
      '-s',
      scriptPath,
      `${base}${clients[0].path}`,
    ];
    const out = await new Promise((resolve, reject) => {
      // Through a shell that prints, once wrk has exited, the CPU its waited-for child used
      // (cutime + cstime in clock ticks of 1/100 s), so that the bench can say what wrk took.
      const child = spawn(
        'bash',
        [
          '-c',
          'wrk "$@"; status=$?; read -r -a s < /proc/$$/stat; echo "WRKCPU $((s[15] + s[16]))"; exit $status',
          'wrk',
          ...args,
        ],
        { detached: Boolean(options.unit) },
      );
      let text = '';
      child.stdout.on('data', (chunk) => {
        text += chunk;
      });
      child.stderr.on('data', (chunk) => {
        text += chunk;
      });
      child.on('error', reject);
      child.on('close', (code) =>
        code === 0 ? resolve(text) : reject(new Error(`wrk failed (${code}): ${text}`)),
      );
    });
    const result = /RESULT (\d+) (\d+) (\d+) (\d+) ([\d.]+) ([\d.]+) ([\d.]+)/.exec(out);
    if (!result) throw new Error(`wrk printed no result: ${out}`);
    const [, requests, durationUs, socketErrors, statusErrors, p50, p95, p99] = result.map(Number);
    const ticks = /WRKCPU (\d+)/.exec(out);
    return {
      cpuSeconds: ticks ? Number(ticks[1]) / 100 : Number.NaN,
      requests,
      perSecond: requests / (durationUs / 1e6),
      p50,
      p95,
      p99,
      socketErrors,
      statusErrors,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
