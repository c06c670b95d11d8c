// Alarm list latency on a big table: a real server (HTTP, logged-in admin) on a throwaway
// PostgreSQL database seeded with --count alarms (default 1,000,000), or on PGlite (--pglite,
// default 100,000: PGlite is single-threaded WebAssembly). 20 concurrent clients per case.
// Usage: node bench/alarms-list.mjs [--count N] [--days 365] [--pglite] [--clients 20] [--requests 600] [--keep NAME]
//   [--read-concurrency N] (the server's READ_CONCURRENCY) [--only TEXT] (the cases whose name holds TEXT)
//   [--wrk] [--seconds 10] (load from Debian's wrk, one process a client, for --seconds a case)
// --keep NAME (PostgreSQL): the database NAME is created and seeded on the first run, then kept and
// reused as it is by the next runs with the same NAME (seeding 1,000,000 alarms takes minutes);
// drop it yourself afterwards (`DROP DATABASE NAME`).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import {
  adminSessions,
  adminToken,
  createDatabase,
  json,
  load,
  startServer,
  summary,
} from './support/common.mjs';
import { seedAlarms } from './support/seed-alarms.mjs';
import { ensureWrk, wrkLoad } from './support/wrk.mjs';

const { values: args } = parseArgs({
  options: {
    count: { type: 'string' },
    // The seeded alarms span this many days up to now (the same density at 10× the count: --days 3650).
    days: { type: 'string', default: '365' },
    pglite: { type: 'boolean', default: false },
    clients: { type: 'string', default: '20' },
    requests: { type: 'string', default: '600' },
    keep: { type: 'string' },
    'read-concurrency': { type: 'string' },
    // Only the cases whose name contains this text (e.g. --only "one per client").
    only: { type: 'string' },
    // Drive the server with wrk (C, one process a client) instead of the Node load generator, for
    // --seconds each case (bench/support/wrk.mjs).
    wrk: { type: 'boolean', default: false },
    seconds: { type: 'string', default: '10' },
  },
});
const count = Number(args.count ?? (args.pglite ? 100_000 : 1_000_000));
const clients = Number(args.clients);
const requests = Number(args.requests);
const DAY = 86_400_000;
if (args.wrk) ensureWrk();

let server;
let cleanup = async () => undefined;
let sceneId;
let databaseUrl;
const seedStarted = performance.now();
if (args.pglite) {
  // First start creates and seeds the embedded database; then the bench opens it directly.
  const dataDir = mkdtempSync(join(tmpdir(), 'sentinel-bench-'));
  const first = await startServer({}, { dataDir, keepDataDir: true });
  await first.stop();
  const { PGlite } = await import('@electric-sql/pglite');
  const db = new PGlite(join(dataDir, 'pglite'));
  await seedAlarms((text, params) => db.query(text, params), { count, days: Number(args.days) });
  sceneId = (await db.query('SELECT scene_id FROM scene_camera ORDER BY id LIMIT 1')).rows[0].scene_id;
  await db.close();
  server = await startServer({}, { dataDir });
  server.passwords = first.passwords; // printed by the first start only
  cleanup = async () => rmSync(dataDir, { recursive: true, force: true });
} else {
  const database = await createDatabase(args.keep);
  cleanup = () => database.drop();
  const readBound = args['read-concurrency'] ? { READ_CONCURRENCY: args['read-concurrency'] } : {};
  server = await startServer({ DATABASE_URL: database.url, ...readBound }).catch(async (error) => {
    await database.drop();
    throw error;
  });
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  const seeded = (await client.query('SELECT count(*)::int AS n FROM video_alarm')).rows[0].n;
  if (seeded < count)
    await seedAlarms((text, params) => client.query(text, params), { count, days: Number(args.days) });
  else console.log(`list: reusing ${args.keep} (${seeded} alarms)`);
  sceneId = (await client.query('SELECT scene_id FROM scene_camera ORDER BY id LIMIT 1')).rows[0].scene_id;
  await client.end();
  cleanup = () => database.drop();
  databaseUrl = database.url;
}
const seedSeconds = (performance.now() - seedStarted) / 1000;

try {
  const token = await adminToken(server);
  // One session per client, as 20 operators would have (a session is touched on every request).
  const tokens = await adminSessions(server, clients);
  const total = await json(server.url, '/api/v2/backend/videoAlarmRecord/list', {
    method: 'POST',
    token,
    body: { page: 1, limit: 10 },
  });
  console.log(
    `list: ${total.data.count}${total.data.countCapped ? '+' : ''} alarms (${count} seeded in ${seedSeconds.toFixed(0)} s ` +
      `with the server's first start), ${args.pglite ? 'PGlite' : 'PostgreSQL'}, ${clients} concurrent clients, ` +
      `${requests} requests a case`,
  );
  const today = Math.floor(Date.now() / DAY) * DAY;
  const cases = [
    ['first page, no filter', 'POST', '/list', { page: 1, limit: 20 }],
    [
      'first page, filters (last 30 whole days, scene, level, untreated)',
      'POST',
      '/list',
      {
        page: 1,
        limit: 20,
        startTime: new Date(today - 29 * DAY).toISOString(),
        endTime: new Date(today + DAY - 1000).toISOString(),
        sceneId,
        priority: 120004,
        status: 'untreated',
      },
    ],
    [
      'first page, custom range in hours (exact count, capped at 10,000)',
      'POST',
      '/list',
      {
        page: 1,
        limit: 20,
        startTime: new Date(Date.now() - 200 * 3_600_000).toISOString(),
        endTime: new Date(Date.now() - 3_600_000).toISOString(),
      },
    ],
    ['page 100, no filter', 'POST', '/list', { page: 100, limit: 20 }],
    // Every client its own page: no two clients' reads can be shared (platform/read-rounds.ts).
    [
      'pages 1–20, one per client (no read shared)',
      'POST',
      '/list',
      (client) => ({ page: 1 + client, limit: 20 }),
    ],
    ['count: awaiting approval (rollup)', 'GET', '/approve/count', undefined],
  ];
  for (const [name, method, path, body] of cases) {
    if (args.only && !name.includes(args.only)) continue;
    const call = async (_i, client = 0) => {
      const res = await json(server.url, `/api/v2/backend/videoAlarmRecord${path}`, {
        method,
        token: tokens[client],
        body: typeof body === 'function' ? body(client) : body,
      });
      if (res.status !== 0) throw new Error(`${name}: ${res.message}`);
      return res;
    };
    const sample = await call();
    await load(clients, clients * 25, call); // warm-up (JIT, pool, caches): 500 requests with 20 clients
    const extra = sample.data?.count !== undefined ? ` (count ${sample.data.count})` : ` (${sample.data})`;
    if (args.wrk) {
      const seconds = Number(args.seconds);
      const run = await wrkLoad(
        server.url,
        tokens.map((token, client) => ({
          method,
          path: `/api/v2/backend/videoAlarmRecord${path}`,
          headers: {
            lang: 'en',
            token,
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          },
          body: typeof body === 'function' ? body(client) : body,
        })),
        seconds,
      );
      await call(); // still answering status 0 after the run
      const errors = run.socketErrors + run.statusErrors;
      console.log(
        `  ${name} [wrk, ${seconds} s]: p50 ${run.p50.toFixed(0)} ms, p95 ${run.p95.toFixed(0)} ms, ` +
          `p99 ${run.p99.toFixed(0)} ms, ${Math.round(run.perSecond)} req/s, ${errors} errors${extra}`,
      );
      continue;
    }
    const run = await load(clients, requests, call);
    const s = summary(run.ms);
    console.log(`  ${name}: ${s.text}, ${Math.round(requests / run.seconds)} req/s${extra}`);
  }
  if (databaseUrl && !args.only) await sqlOnly(databaseUrl);
} finally {
  await server.stop();
  await cleanup();
}

/**
 * The database's share, one connection, no HTTP: the first page and the whole-table total as
 * repo.ts asks for them (ORDER BY alarm_time, id on the index; SUM over alarm_rollup), median of 20.
 */
async function sqlOnly(url) {
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => undefined); // the database is dropped with FORCE at the end
  await client.connect();
  const statements = [
    [
      'first page',
      'SELECT * FROM video_alarm ORDER BY alarm_time DESC NULLS LAST, id DESC NULLS LAST LIMIT 20',
    ],
    [
      'page 100',
      'SELECT * FROM video_alarm ORDER BY alarm_time DESC NULLS LAST, id DESC NULLS LAST LIMIT 20 OFFSET 1980',
    ],
    ['total (sum of alarm_rollup)', 'SELECT coalesce(sum(count), 0) FROM alarm_rollup'],
    [
      'session touch (UPDATE + commit)',
      'UPDATE session SET last_seen_at = now() WHERE token_hash = (SELECT min(token_hash) FROM session)',
    ],
  ];
  const rollupRows = (await client.query('SELECT count(*)::int AS n FROM alarm_rollup')).rows[0].n;
  console.log(`  SQL alone (one connection; alarm_rollup has ${rollupRows} rows):`);
  for (const [name, text] of statements) {
    const ms = [];
    for (let i = 0; i < 20; i++) {
      const t = performance.now();
      await client.query(text);
      ms.push(performance.now() - t);
    }
    console.log(`    ${name}: ${summary(ms).text}`);
  }
  await client.end();
  // The first page's SQL alone with as many connections as the bench has clients: the req/s the
  // HTTP figures compare with (the ratio in bench/README.md).
  const pool = new pg.Pool({ connectionString: url, max: clients });
  pool.on('error', () => undefined);
  const firstPage = statements[0][1];
  await load(clients, clients * 5, () => pool.query(firstPage));
  const run = await load(clients, requests * 2, () => pool.query(firstPage));
  console.log(
    `    first page, ${clients} connections: ${summary(run.ms).text}, ${Math.round((requests * 2) / run.seconds)} req/s`,
  );
  await pool.end();
}
