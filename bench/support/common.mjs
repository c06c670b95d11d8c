// Shared pieces of the alarm benchmarks: a throwaway PostgreSQL database, the real server in a
// child process, an admin session, an engine key, a keep-alive HTTP client and percentiles.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { Agent, request as undiciRequest } from 'undici';

export const root = new URL('../..', import.meta.url).pathname;
/** PostgreSQL server to create the throwaway database on (its database is only used to connect). */
export const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const CAPTCHA = 'abcd';
export const PASSWORD = 'Sentinel-Bench-Room-7';

/**
 * CREATE DATABASE sentinel_bench_<pid>_<time>; `drop()` removes it (FORCE: the server may linger).
 * With `keep` (a name): that database, created when missing, and `drop()` keeps it for the next run.
 */
export async function createDatabase(keep) {
  if (keep !== undefined && !/^[a-z_][a-z0-9_]*$/.test(keep)) throw new Error(`--keep: bad name ${keep}`);
  const name = keep ?? `sentinel_bench_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  const exists = keep && (await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [keep])).rowCount;
  if (!exists) await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      if (keep) return;
      const c = new pg.Client({ connectionString: ADMIN_URL });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Starts bench/support/serve.ts (the product without the per-address rate limit) and waits for
 * `listening`. `env` adds DATABASE_URL, REDIS_URL… (no DATABASE_URL: embedded PGlite).
 */
export async function startServer(env = {}, options = {}) {
  const port = await freePort();
  // BENCH_DATA_DIR_BASE (e.g. /dev/shm) places DATA_DIR (media files) elsewhere than the temp dir.
  const dataDir =
    options.dataDir ?? mkdtempSync(join(process.env.BENCH_DATA_DIR_BASE ?? tmpdir(), 'sentinel-bench-'));
  let output = '';
  // BENCH_SERVER_NODE_ARGS, e.g. '--cpu-prof --cpu-prof-dir=/tmp/prof', to profile the server.
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const nodeCommand = [
    process.execPath,
    ...nodeArgs,
    '--import',
    'tsx',
    join(root, 'bench/support/serve.ts'),
  ];
  // options.nice: started under nice(1) as a unit's `Nice=` would (every thread inherits it; nice
  // execs node, so the pid stays the server's).
  const command =
    options.nice === undefined ? nodeCommand : ['nice', '-n', String(options.nice), ...nodeCommand];
  // options.unit: in its own session, so its own scheduling group (Linux autogroup), as a systemd
  // unit has its own cgroup: the kernel first shares the cores between groups (this bench, the
  // PostgreSQL service, each instance), then between the processes of a group, and `nice` only
  // orders processes within one group. The group's weight is then set from options.nice, as a
  // unit's CPUWeight= weighs its cgroup against its siblings (deploy/systemd/role-web.conf).
  const child = spawn(command[0], command.slice(1), {
    detached: Boolean(options.unit),
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      REDIS_URL: '',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
      SENTINEL_TEST_CAPTCHA: CAPTCHA,
      ALARM_SIMULATOR_SECONDS: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const ready = new Promise((resolve, reject) => {
    const onData = (chunk) => {
      output += chunk.toString();
      if (/listening http/.test(output)) resolve();
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => reject(new Error(`server exited (${code}):\n${output}`)));
  });
  await ready;
  if (options.unit && options.nice !== undefined) {
    try {
      writeFileSync(`/proc/${child.pid}/autogroup`, String(options.nice));
    } catch (error) {
      // A kernel without autogroups (or with them off): the groups have no weight to set.
      console.warn(`  (no scheduling group weight for ${child.pid}: ${error.message})`);
    }
  }
  const passwords = {};
  for (const m of output.matchAll(/Initial (\w+) password:[ \t]*(\S+)/g)) passwords[m[1]] = m[2];
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid,
    passwords,
    dataDir,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      if (!options.keepDataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** CPU seconds (user + system) a process has used so far, from /proc (Linux). */
export function cpuSeconds(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return Number.NaN;
  }
}

const loadAgent = new Agent({ connections: 256, keepAliveTimeout: 60_000 });

/**
 * One HTTP request on the load generator's keep-alive pool: undici's `request`, which costs the
 * load generator about half the CPU of node:http a call (bench/README.md, 2026-11-28) — the load
 * generator shares the machine's two cores with the server, so the cheaper it is the less it
 * distorts what is measured. Answers the status, the whole body and the time taken.
 */
export async function request(url, { method = 'GET', headers = {}, body } = {}) {
  const started = performance.now();
  const res = await undiciRequest(url, { method, headers, body, dispatcher: loadAgent });
  const answer = Buffer.from(await res.body.arrayBuffer());
  return { status: res.statusCode, body: answer, ms: performance.now() - started };
}

export async function json(base, path, { method = 'GET', token, body } = {}) {
  const headers = { lang: 'en' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (token) headers.token = token;
  const res = await request(`${base}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return JSON.parse(res.body.toString());
}

export async function loginAs(base, username, password) {
  const captcha = await json(base, '/api/v2/backend/login/captcha');
  const login = await json(base, '/api/v2/backend/login', {
    method: 'POST',
    body: { username, password, key: captcha.data.key, code: CAPTCHA },
  });
  if (login.status !== 0) throw new Error(`login failed: ${login.message}`);
  return login.data.token;
}

/** Logs the seeded admin in, changing the initial password first when the banner showed one. */
export async function adminToken(server) {
  const initial = server.passwords.admin;
  if (initial) {
    const token = await loginAs(server.url, 'admin', initial);
    const changed = await json(server.url, '/api/v2/backend/account/password', {
      method: 'PUT',
      token,
      body: { password: initial, newpassword: PASSWORD },
    });
    if (changed.status !== 0) throw new Error(`password change failed: ${changed.message}`);
  }
  return loginAs(server.url, 'admin', PASSWORD);
}

/** `count` more sessions of the admin (after adminToken): one per benchmark client, as real users. */
export async function adminSessions(server, count) {
  const tokens = [];
  for (let i = 0; i < count; i++) tokens.push(await loginAs(server.url, 'admin', PASSWORD));
  return tokens;
}

/** A new engine's API key (admin API). */
export async function engineKey(base, token, name) {
  const created = await json(base, '/api/v2/backend/engine', { method: 'POST', token, body: { name } });
  if (created.status !== 0) throw new Error(`engine: ${created.message}`);
  return created.data.key;
}

export const percentile = (sorted, p) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : NaN;

/** "p50 x ms, p95 y ms" of a list of milliseconds. */
export function summary(ms) {
  const s = [...ms].sort((a, b) => a - b);
  const f = (v) => (v < 10 ? v.toFixed(1) : Math.round(v));
  return {
    p50: percentile(s, 50),
    p95: percentile(s, 95),
    text: `p50 ${f(percentile(s, 50))} ms, p95 ${f(percentile(s, 95))} ms`,
  };
}

/** Runs `task(i, client)` from `clients` concurrent loops until `total` calls are done; the latencies. */
export async function load(clients, total, task) {
  let next = 0;
  const ms = [];
  const started = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async (_, client) => {
      for (;;) {
        const i = next++;
        if (i >= total) return;
        const t = performance.now();
        await task(i, client);
        ms.push(performance.now() - t);
      }
    }),
  );
  return { ms, seconds: (performance.now() - started) / 1000 };
}

/** A JPEG of about `bytes` bytes (random noise does not compress: the size follows the pixels). */
export async function noiseJpeg(bytes = 100 * 1024) {
  const { default: sharp } = await import('sharp');
  let side = 200;
  for (let round = 0; round < 12; round++) {
    const raw = Buffer.alloc(side * side * 3);
    for (let i = 0; i < raw.length; i++) raw[i] = ((i * 2654435761) >>> 24) ^ (Math.random() * 64);
    const jpeg = await sharp(raw, { raw: { width: side, height: side, channels: 3 } })
      .jpeg({ quality: 70 })
      .toBuffer();
    if (Math.abs(jpeg.length - bytes) < bytes * 0.05) return jpeg;
    side = Math.max(16, Math.round(side * Math.sqrt(bytes / jpeg.length)));
  }
  throw new Error('could not size the JPEG');
}
