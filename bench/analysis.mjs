// Home and alarm analysis latency on a big table: a real server (HTTP, logged-in admin) on a
// throwaway PostgreSQL database seeded with --count alarms (default 1,000,000 over --days 365), or
// on PGlite (--pglite, default 100,000). 20 concurrent clients, one session each, ask with the
// ranges a browser in UTC+8 sends (its "today" and "last 30 days": local midnights, .999 ends).
//
// Two modes per case:
// - "computed": every request's range differs by a few milliseconds (same work, another cache
//   key), so every request runs its SQL — one client alone (the time of one computation), then
//   20 at once (20 different custom ranges computed together);
// - "alarms arriving": the same request from every client while an engine ingests one alarm a
//   second — every ingest clears the instance's result cache (features/alarms/totals.ts), so each
//   figure is computed about once a second and shared by the clients asking meanwhile, as 50
//   consoles refreshing after each alarm would.
// Also the safety and efficiency analyses and My statistics (the seed adds job runs, handlers,
// approvals and the admin's actions).
// Usage: node bench/analysis.mjs [--count N] [--days 365] [--pglite] [--clients 20] [--requests 400]
//   [--seconds 10] [--cases word,word (only the cases whose name holds one)] [--keep NAME]
// --keep NAME (PostgreSQL): the database NAME is created and seeded on the first run, then kept and
// reused (not seeded again while it holds --count alarms or more) by later runs.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import {
  adminSessions,
  adminToken,
  createDatabase,
  engineKey,
  json,
  load,
  noiseJpeg,
  request,
  startServer,
  summary,
} from './support/common.mjs';
import { seedAlarms } from './support/seed-alarms.mjs';

const { values: args } = parseArgs({
  options: {
    count: { type: 'string' },
    days: { type: 'string', default: '365' },
    pglite: { type: 'boolean', default: false },
    clients: { type: 'string', default: '20' },
    requests: { type: 'string', default: '400' },
    seconds: { type: 'string', default: '10' },
    cases: { type: 'string' },
    keep: { type: 'string' },
  },
});
const count = Number(args.count ?? (args.pglite ? 100_000 : 1_000_000));
const days = Number(args.days);
const clients = Number(args.clients);
const requests = Number(args.requests);
const H = 3_600_000;
const D = 24 * H;
const OFFSET_MIN = 480;
/** Length of each "alarms arriving" case. */
const SECONDS = Number(args.seconds);

let server;
let cleanup = async () => undefined;
let sceneId;
/** A camera of that scene and an algorithm, for the ingesting engine. */
const target = {};
const TARGET_SQL = `SELECT sc.scene_id, sc.camera_id, (SELECT min(id) FROM algorithm) AS algorithm_id
  FROM scene_camera sc ORDER BY sc.id LIMIT 1`;
const setTarget = (row) => {
  sceneId = row.scene_id;
  target.cameraId = String(row.camera_id);
  target.algorithmId = String(row.algorithm_id);
};
const seedStarted = performance.now();
if (args.pglite) {
  const dataDir = mkdtempSync(join(tmpdir(), 'sentinel-bench-'));
  const first = await startServer({}, { dataDir, keepDataDir: true });
  await first.stop();
  const { PGlite } = await import('@electric-sql/pglite');
  const db = new PGlite(join(dataDir, 'pglite'));
  await seedAlarms((text, params) => db.query(text, params), { count, days, handling: true });
  setTarget((await db.query(TARGET_SQL)).rows[0]);
  await db.close();
  server = await startServer({}, { dataDir });
  server.passwords = first.passwords;
  cleanup = async () => rmSync(dataDir, { recursive: true, force: true });
} else {
  const database = await createDatabase(args.keep);
  cleanup = () => database.drop();
  server = await startServer({ DATABASE_URL: database.url }).catch(async (error) => {
    await database.drop();
    throw error;
  });
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  const seeded = (await client.query('SELECT count(*)::int AS n FROM video_alarm')).rows[0].n;
  if (seeded < count)
    await seedAlarms((text, params) => client.query(text, params), { count, days, handling: true });
  else console.log(`analysis: reusing ${args.keep} (${seeded} alarms)`);
  setTarget((await client.query(TARGET_SQL)).rows[0]);
  const rollups = await client.query(
    `SELECT (SELECT count(*) FROM alarm_rollup)::int AS daily, (SELECT count(*) FROM alarm_rollup_hour)::int AS hourly`,
  );
  console.log(
    `rollup rows: alarm_rollup ${rollups.rows[0].daily}, alarm_rollup_hour ${rollups.rows[0].hourly}`,
  );
  await client.end();
}
const seedSeconds = (performance.now() - seedStarted) / 1000;

/** Today and the last 30 days as a browser in UTC+8 sends them (end of day .999). */
function ranges(now = Date.now()) {
  const today = Math.floor((now + OFFSET_MIN * 60_000) / D) * D - OFFSET_MIN * 60_000;
  return {
    today: { startTime: new Date(today).toISOString(), endTime: new Date(today + D - 1).toISOString() },
    last30: {
      startTime: new Date(today - 29 * D).toISOString(),
      endTime: new Date(today + D - 1).toISOString(),
    },
  };
}
/** The same range ending `ms` earlier (another cache key, the same work). */
const shifted = (range, ms) => ({
  ...range,
  endTime: new Date(Date.parse(range.endTime) - ms).toISOString(),
});

const r = ranges();
const allCases = [
  [
    'alarm analysis, last 30 days',
    '/analysis/alarm',
    (i) => ({ ...shifted(r.last30, i), utcOffset: OFFSET_MIN }),
  ],
  ['alarm analysis, today', '/analysis/alarm', (i) => ({ ...shifted(r.today, i), utcOffset: OFFSET_MIN })],
  [
    'alarm analysis, last 30 days, one scene',
    '/analysis/alarm',
    (i) => ({ ...shifted(r.last30, i), utcOffset: OFFSET_MIN, sceneId }),
  ],
  ['home figures (today)', '/dashboard/summary', (i) => shifted(r.today, i)],
  // Another hour each time: another window (of the same size) and cache key.
  [
    'home heat strip (24 h)',
    '/dashboard/heat',
    (i) => ({ endTime: new Date(Date.now() - (i % 2000) * H).toISOString() }),
  ],
  [
    'safety analysis, last 30 days',
    '/analysis/safety',
    (i) => ({ ...shifted(r.last30, i), utcOffset: OFFSET_MIN }),
  ],
  [
    'efficiency analysis, last 30 days',
    '/analysis/efficiency',
    (i) => ({ ...shifted(r.last30, i), utcOffset: OFFSET_MIN }),
  ],
  // Other starts too: 30-day windows ending today and starting 0…59 whole days earlier (the
  // efficiency analysis keeps closed days: this asks the merge over other sets of kept days).
  [
    'efficiency analysis, 30+ days, other starts',
    '/analysis/efficiency',
    (i) => ({
      ...shifted(r.last30, i),
      startTime: new Date(Date.parse(r.last30.startTime) - (i % 60) * D).toISOString(),
      utcOffset: OFFSET_MIN,
    }),
  ],
  [
    'my statistics (admin), last 30 days',
    '/analysis/mine',
    (i) => ({ ...shifted(r.last30, i), utcOffset: OFFSET_MIN }),
  ],
];
// --cases alarm,safety: only the cases whose name contains one of these words.
const cases = args.cases
  ? allCases.filter(([name]) => args.cases.split(',').some((w) => name.includes(w)))
  : allCases;

/** An engine posting one alarm a second (each clears the result cache) until stopped. */
async function ingestEverySecond(token) {
  const key = await engineKey(server.url, token, `analysis-bench-${Date.now()}`);
  const image = await noiseJpeg(20 * 1024);
  let running = true;
  let sent = 0;
  const loop = (async () => {
    while (running) {
      const started = performance.now();
      const boundary = `----bench${Date.now()}${sent}`;
      const field = (name, value) =>
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
      const body = Buffer.concat([
        Buffer.from(
          field('eventId', `analysis-${Date.now()}-${sent}`) +
            field('cameraId', target.cameraId) +
            field('sceneId', sceneId) +
            field('algorithmId', target.algorithmId),
        ),
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
        ),
        image,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      const res = await request(`${server.url}/api/v2/backend/ingest/videoAlarm`, {
        method: 'POST',
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'x-engine-key': key },
        body,
      });
      if (res.status !== 200) throw new Error(`ingest: ${res.status} ${res.body}`);
      sent++;
      await new Promise((done) => setTimeout(done, Math.max(0, 1000 - (performance.now() - started))));
    }
  })();
  return async () => {
    running = false;
    await loop;
    return sent;
  };
}

let serial = 0;

/** Like `load`, for `seconds` instead of a number of calls. */
async function loadFor(n, seconds, task) {
  const ms = [];
  const started = performance.now();
  const until = started + seconds * 1000;
  let next = 0;
  await Promise.all(
    Array.from({ length: n }, async (_, client) => {
      while (performance.now() < until) {
        const t = performance.now();
        await task(next++, client);
        ms.push(performance.now() - t);
      }
    }),
  );
  return { ms, seconds: (performance.now() - started) / 1000 };
}

try {
  const token = await adminToken(server);
  const tokens = await adminSessions(server, clients);
  const total = await json(server.url, '/api/v2/backend/videoAlarmRecord/list', {
    method: 'POST',
    token,
    body: { page: 1, limit: 10 },
  });
  console.log(
    `${total.data.count}${total.data.countCapped ? '+' : ''} alarms (${count} seeded over ${days} days in ` +
      `${seedSeconds.toFixed(0)} s with the server's first start), ${args.pglite ? 'PGlite' : 'PostgreSQL'}, ` +
      `${clients} clients`,
  );
  /** Runs a case: `requests` calls, or as many as fit in `seconds`, from `n` clients. */
  const run = async (name, path, bodyOf, label, { n = clients, seconds } = {}) => {
    const call = async (_i, client = 0) => {
      // Every call of the run asks its own range (a global serial: no run meets another's keys).
      const body = bodyOf?.(serial++);
      const res = await json(server.url, `/api/v2/backend${path}`, {
        method: body === undefined ? 'GET' : 'POST',
        token: tokens[client],
        body,
      });
      if (res.status !== 0) throw new Error(`${name}: ${res.message}`);
      return res;
    };
    const firstStarted = performance.now();
    const sample = await call(0);
    const first = performance.now() - firstStarted;
    await load(n, n * 2, call); // warm-up
    const result = seconds ? await loadFor(n, seconds, call) : await load(n, n === 1 ? 60 : requests, call);
    const s = summary(result.ms);
    const seen =
      typeof sample.data === 'number'
        ? ` (${sample.data})`
        : sample.data.total !== undefined
          ? ` (total ${sample.data.total})`
          : sample.data.todayAlarms !== undefined
            ? ` (today ${sample.data.todayAlarms}, untreated ${sample.data.untreated})`
            : sample.data.runs !== undefined
              ? ` (runs ${sample.data.runs})`
              : sample.data.overall !== undefined
                ? ` (processed ${sample.data.overall.count})`
                : sample.data.deal !== undefined
                  ? ` (deal ${sample.data.deal}, cancel ${sample.data.cancel}, approve ${sample.data.approve})`
                  : '';
    const rate = Math.round(result.ms.length / result.seconds);
    console.log(
      `  ${label} — ${name}: ${s.text}, ${rate} req/s (${result.ms.length} requests)${seen}; first call ${first.toFixed(0)} ms`,
    );
  };

  // The floor: the lightest authenticated call (a sum over the rollup's open rows, cached too).
  await run(
    'awaiting-approval count (the lightest call)',
    '/videoAlarmRecord/approve/count',
    undefined,
    'floor',
  );
  console.log('computed, one client alone (the time of one computation):');
  for (const [name, path, bodyOf] of cases) await run(name, path, bodyOf, 'computed ×1', { n: 1 });
  console.log(`computed, ${clients} clients (every request runs its SQL):`);
  for (const [name, path, bodyOf] of cases) await run(name, path, bodyOf, `computed ×${clients}`);

  console.log(
    `alarms arriving, ${clients} clients, ${SECONDS} s a case (one ingest a second clears the cache):`,
  );
  const stop = await ingestEverySecond(token);
  try {
    for (const [name, path, bodyOf] of cases)
      await run(name, path, () => bodyOf(0), 'arriving', { seconds: SECONDS });
  } finally {
    console.log(`  (${await stop()} alarms ingested meanwhile)`);
  }
} finally {
  await server.stop();
  await cleanup();
}
