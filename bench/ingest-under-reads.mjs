// Ingest under read load (issue 17 §3): 4 engines post alarms with a ~100 KB JPEG for --seconds,
// first alone, then while 50 simulated users list alarms nonstop (the History alarms list
// request: first page of 20, no filter or the last 30 days, one session each), on PostgreSQL with
// --count alarms seeded. Prints ingest alarms/s and request p50/p95/p99 for both phases, and the
// readers' req/s and p95.
// Usage: node bench/ingest-under-reads.mjs [--engines 4] [--readers 50] [--seconds 20]
//   [--count 100000] [--keep NAME] [--read-concurrency N] [--split [--units] [--web-nice N]
//   [--ingest-nice N]] [--wrk] [--rounds N]
// --read-concurrency N: the server's READ_CONCURRENCY (1000: practically no bound, as before).
// --split: two instances on the database, ROLE=ingest (the engines post there) and ROLE=web (the
//   readers list there), as the nginx layout routes them; --units (with --split): each instance,
//   and wrk with --wrk, in its own session, i.e. its own scheduling group, as systemd units have
//   their own cgroups, and --web-nice then also weighs the web instance's group (as its drop-in's
//   CPUWeight= does its cgroup); --web-nice N starts the web instance under
//   nice N, as `Nice=N` in its systemd drop-in does (README "Ingest and web instances"); --ingest-nice N
//   the ingest instance (a negative N needs root, as systemd has when it starts the unit; write
//   --ingest-nice=-10).
// --wrk: the readers are Debian's wrk (one thread and connection a reader, each with its session and
//   one of the two requests), not this process: on a real site the consoles are other machines.
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import pg from 'pg';
import { alarmPoster } from './support/alarm-poster.mjs';
import {
  adminSessions,
  adminToken,
  createDatabase,
  engineKey,
  percentile,
  request,
  startServer,
} from './support/common.mjs';
import { cpuSince } from './support/cpu.mjs';
import { benchArgs } from './support/options.mjs';
import { seedAlarms } from './support/seed-alarms.mjs';
import { ensureWrk, wrkLoad } from './support/wrk.mjs';

const args = benchArgs({
  numbers: { engines: 4, readers: 50, seconds: 20, count: 100_000, rounds: 1 },
  strings: ['keep', 'read-concurrency', 'web-nice', 'ingest-nice'],
  flags: ['split', 'wrk', 'units'],
});
const { engines, readers, seconds, count } = args;
// --units applies to the split layout only (one instance has no other unit to be weighed against).
const units = Boolean(args.split && args.units);
const DAY = 86_400_000;
if (args.wrk) ensureWrk();

const database = await createDatabase(args.keep);
const env = { DATABASE_URL: database.url };
if (args['read-concurrency']) env.READ_CONCURRENCY = args['read-concurrency'];
const servers = [];
try {
  const web = args.split
    ? await startServer({ ...env, ROLE: 'web' }, { nice: args['web-nice'], unit: units })
    : await startServer(env);
  servers.push(web);
  const ingest = args.split
    ? await startServer({ ...env, ROLE: 'ingest' }, { nice: args['ingest-nice'], unit: units })
    : web;
  if (args.split) servers.push(ingest);
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  const seeded = (await client.query('SELECT count(*)::int AS n FROM video_alarm')).rows[0].n;
  if (seeded < count) await seedAlarms((text, params) => client.query(text, params), { count });
  await client.end();

  const token = await adminToken(web);
  const tokens = await adminSessions(web, readers);
  const keys = [];
  for (let i = 0; i < engines; i++)
    keys.push(await engineKey(web.url, token, `reads bench ${Date.now()} ${i}`));
  const poster = await alarmPoster(web.url, token, ingest.url);
  const image = poster.image;
  const run = randomBytes(4).toString('hex');
  let sent = 0;
  const post = (key) => {
    const i = sent++;
    return poster.post(key, {
      eventId: `reads-${run}-${i}`,
      alarmTime: new Date().toISOString(),
      ...poster.target(i),
      alarmResult: '人员未佩戴安全帽',
    });
  };

  /** Engines (and readers) run until `until`; latencies of the accepted calls. */
  async function phase(withReaders) {
    const until = performance.now() + seconds * 1000;
    const ingestMs = [];
    const readMs = [];
    let failed = 0;
    const today = Math.floor(Date.now() / DAY) * DAY;
    const listBodies = [
      { page: 1, limit: 20 },
      {
        page: 1,
        limit: 20,
        startTime: new Date(today - 29 * DAY).toISOString(),
        endTime: new Date(today + DAY - 1000).toISOString(),
      },
    ];
    const cpu = cpuSince(servers.map((s) => s.pid));
    // Every PostgreSQL process (backends of both instances, WAL writer, checkpointer…) and this
    // load generator (engines and readers), to see who else takes the two cores.
    const others = cpuSince([...postgresPids(), process.pid]);
    const started = performance.now();
    const loops = keys.map(async (key) => {
      while (performance.now() < until) {
        const res = await post(key);
        if (res.status === 200) ingestMs.push(res.ms);
        else failed++;
      }
    });
    let wrkRun;
    if (withReaders && args.wrk) {
      const clients = tokens.map((readerToken, r) => ({
        method: 'POST',
        path: '/api/v2/backend/videoAlarmRecord/list',
        headers: { token: readerToken, lang: 'en', 'content-type': 'application/json' },
        body: listBodies[r % listBodies.length],
      }));
      loops.push(
        wrkLoad(web.url, clients, seconds, { unit: units }).then((result) => {
          wrkRun = result;
        }),
      );
    } else if (withReaders) {
      for (let r = 0; r < readers; r++) {
        loops.push(
          (async () => {
            for (let i = r; performance.now() < until; i++) {
              const res = await request(`${web.url}/api/v2/backend/videoAlarmRecord/list`, {
                method: 'POST',
                headers: { token: tokens[r], lang: 'en', 'content-type': 'application/json' },
                body: JSON.stringify(listBodies[i % listBodies.length]),
              });
              if (res.status !== 200) throw new Error(`list: HTTP ${res.status} ${res.body}`);
              readMs.push(res.ms);
            }
          })(),
        );
      }
    }
    await Promise.all(loops);
    const elapsed = (performance.now() - started) / 1000;
    const cpuUsed = cpu()
      .map((s) => s.toFixed(1))
      .join(' + ');
    const otherCpu = others();
    const load = otherCpu.pop() ?? 0;
    const postgres = otherCpu.filter(Number.isFinite).reduce((sum, v) => sum + v, 0);
    const s = [...ingestMs].sort((a, b) => a - b);
    const r = [...readMs].sort((a, b) => a - b);
    const f = (v) => (v < 10 ? v.toFixed(1) : String(Math.round(v)));
    console.log(
      `  ${withReaders ? `with ${readers} readers` : 'alone'}: ingest ${Math.round(s.length / elapsed)} alarms/s ` +
        `(p50 ${f(percentile(s, 50))}, p95 ${f(percentile(s, 95))}, p99 ${f(percentile(s, 99))} ms, ${failed} failed)` +
        (wrkRun
          ? `; list ${Math.round(wrkRun.perSecond)} req/s (p50 ${f(wrkRun.p50)}, p95 ${f(wrkRun.p95)} ms, wrk CPU ` +
            `${wrkRun.cpuSeconds.toFixed(1)} s, ${wrkRun.socketErrors + wrkRun.statusErrors} errors)`
          : withReaders
            ? `; list ${Math.round(r.length / elapsed)} req/s (p50 ${f(percentile(r, 50))}, p95 ${f(percentile(r, 95))} ms)`
            : '') +
        `; server CPU ${cpuUsed} s, PostgreSQL ${postgres.toFixed(1)} s, load generator ${load.toFixed(1)} s in ${elapsed.toFixed(1)} s`,
    );
    return s.length / elapsed;
  }

  console.log(
    `ingest under reads: ${engines} engines (image ${image.length} B), ${readers} readers, ${seconds} s a phase, ` +
      `PostgreSQL with ${Math.max(seeded, count)}+ alarms, ${args.split ? 'ROLE=ingest + ROLE=web instances' : 'one instance'}` +
      `${args['read-concurrency'] ? `, READ_CONCURRENCY=${args['read-concurrency']}` : ''}` +
      `${args.split && args['web-nice'] ? `, web instance at nice ${args['web-nice']}` : ''}` +
      `${args.split && args['ingest-nice'] ? `, ingest instance at nice ${args['ingest-nice']}` : ''}` +
      `${args.wrk ? ', readers from wrk' : ''}` +
      `${units ? ', each instance (and wrk) its own scheduling group' : ''}`,
  );
  // Warm-up: JIT, connections, caches.
  await Promise.all(
    keys.map(async (key) => {
      for (let i = 0; i < 10; i++) await post(key);
    }),
  );
  // --rounds N: alone and loaded phases alternate N times, so that a drift of the machine (a
  // checkpoint, autovacuum, another process) weighs on both sides instead of on one phase.
  let alone = 0;
  let loaded = 0;
  for (let round = 1; round <= args.rounds; round++) {
    if (args.rounds > 1) console.log(`  round ${round} of ${args.rounds}`);
    const a = await phase(false);
    const l = await phase(true);
    alone += a;
    loaded += l;
    if (args.rounds > 1) console.log(`  round ${round}: kept ${Math.round((l / a) * 100)} %`);
  }
  console.log(
    `  ingest kept ${Math.round((loaded / alone) * 100)} % of its unloaded throughput` +
      (args.rounds > 1
        ? ` (${args.rounds} rounds: ${Math.round(loaded / args.rounds)} against ${Math.round(alone / args.rounds)} alarms/s)`
        : ''),
  );
} finally {
  for (const s of servers) await s.stop();
  await database.drop();
}

/** The pids of the machine's PostgreSQL processes (from /proc: their command names). */
function postgresPids() {
  const pids = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      if (readFileSync(`/proc/${name}/comm`, 'utf8').trim() === 'postgres') pids.push(Number(name));
    } catch {
      // gone meanwhile
    }
  }
  return pids;
}
