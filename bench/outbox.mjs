// Outbox delivery (issue 16 §4): does delivery keep up with ingest at 500 alarms/s to one webhook
// receiver on PostgreSQL, and how much does it cost ingest? On one server and one throwaway
// database: (A) ingest as fast as 16 engines can with no receiver (no outbox rows), (B) the same
// with one enabled webhook receiver (outbox row per alarm, fanned out and delivered meanwhile),
// (C) ingest paced at --rate alarms/s for --seconds with delivery on: the lag from an ingest's
// answer to the receiver getting that alarm, and whether every alarm arrived exactly once.
// The receiver runs in its own process (this file with --serve-receiver), so its CPU is counted
// apart; each run prints the CPU an alarm of the server, of the database's backends serving this
// database, of the receiver and of the load generator (this process), from /proc.
// (D) the delivery alone: a backlog of --count alarms (ingested while the receiver held its
// answers) drained with nothing else running — its rate and CPU an alarm.
// Usage: node bench/outbox.mjs [--engines 16] [--count 4000] [--rate 500] [--seconds 10] [--runs 2] [--split]
// --split: the nginx layout's split (README "Ingest and web instances"): the engines post to a
// ROLE=ingest instance whose dispatcher is off (OUTBOUND_DISPATCH=off, as deploy/systemd/role-ingest.conf sets),
// and a ROLE=web instance delivers; both on the database and on Redis (BENCH_REDIS_URL, default
// redis://127.0.0.1:6379). "server" CPU is then both instances'.
import { fork } from 'node:child_process';
import { createServer } from 'node:http';
import pg from 'pg';
import { alarmPoster } from './support/alarm-poster.mjs';
import {
  adminToken,
  cpuSeconds,
  createDatabase,
  engineKey,
  json,
  load,
  request,
  startServer,
  summary,
} from './support/common.mjs';
import { benchArgs } from './support/options.mjs';

/** Wall-clock milliseconds comparable between processes. */
const nowMs = () => performance.timeOrigin + performance.now();

if (process.argv.includes('--serve-receiver')) {
  // The receiver: answers 200 at once; reports each key's arrival (time, alarm id) to the parent
  // in batches. A key seen twice is reported twice (the parent counts). While paused (D) it holds
  // its answers, and counts nothing until it resumes.
  let pending = [];
  let held = null;
  const hook = createServer((req, res) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const answer = () => {
        const key = String(req.headers['idempotency-key']);
        pending.push([key, nowMs(), JSON.parse(Buffer.concat(chunks).toString()).alarm.id]);
        res.writeHead(200).end('ok');
      };
      if (held) held.push(answer);
      else answer();
    });
  });
  process.on('message', (m) => {
    if (m.pause) held ??= [];
    else if (held) {
      const answers = held;
      held = null;
      for (const answer of answers) answer();
    }
  });
  setInterval(() => {
    if (pending.length === 0) return;
    process.send({ arrivals: pending });
    pending = [];
  }, 10);
  hook.keepAliveTimeout = 60_000;
  hook.listen(0, '127.0.0.1', () => process.send({ port: hook.address().port }));
  process.on('disconnect', () => process.exit(0));
} else {
  await main();
}

async function main() {
  const { engines, count, rate, seconds, runs, split } = benchArgs({
    numbers: { engines: 16, count: 4000, rate: 500, seconds: 10, runs: 2 },
    flags: ['split'],
  });

  // Each alarm's key: when it first arrived, how often, its alarm id.
  const arrived = new Map();
  const receiverProcess = fork(new URL(import.meta.url).pathname, ['--serve-receiver'], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const hookPort = await new Promise((resolve, reject) => {
    receiverProcess.once('error', reject);
    receiverProcess.on('message', (m) => {
      if (m.port) resolve(m.port);
      for (const [key, at, id] of m.arrivals ?? []) {
        const seen = arrived.get(key);
        if (seen) seen.n++;
        else arrived.set(key, { at, n: 1, id });
      }
    });
  });
  const hookUrl = `http://127.0.0.1:${hookPort}/alarms`;

  const database = await createDatabase();
  const servers = [];
  const started = async (env) => {
    const one = await startServer({ DATABASE_URL: database.url, ...env }).catch(async (error) => {
      for (const s of servers) await s.stop();
      await database.drop();
      receiverProcess.disconnect();
      throw error;
    });
    servers.push(one);
    return one;
  };
  const redis = { REDIS_URL: process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379' };
  // The console's instance (and, with --split, the one that delivers) and the engines' one.
  const server = split ? await started({ ...redis, ROLE: 'web' }) : await started({});
  const ingestServer = split ? await started({ ...redis, ROLE: 'ingest', OUTBOUND_DISPATCH: 'off' }) : server;
  const observer = new pg.Client({ connectionString: database.url });
  await observer.connect();

  /** CPU seconds so far: the server, each backend of this database (not ours), receiver, this process. */
  async function cpuNow() {
    const { rows } = await observer.query(
      'SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
    );
    const usage = process.cpuUsage();
    return {
      server: servers.reduce((sum, s) => sum + cpuSeconds(s.pid), 0),
      backends: new Map(rows.map((r) => [r.pid, cpuSeconds(r.pid)])),
      receiver: cpuSeconds(receiverProcess.pid),
      bench: (usage.user + usage.system) / 1e6,
    };
  }
  /** Milliseconds of CPU an alarm of each part between two cpuNow()s (a backend born meanwhile counts whole). */
  function cpuPerAlarm(a, b, n) {
    let backends = 0;
    for (const [pid, s] of b.backends) if (Number.isFinite(s)) backends += s - (a.backends.get(pid) ?? 0);
    const ms = (s) => ((s * 1000) / n).toFixed(2);
    return `CPU an alarm: server ${ms(b.server - a.server)} ms, PostgreSQL backends ${ms(backends)} ms, receiver ${ms(b.receiver - a.receiver)} ms, load generator ${ms(b.bench - a.bench)} ms`;
  }

  try {
    const token = await adminToken(server);
    const keys = [];
    for (let i = 0; i < engines; i++) keys.push(await engineKey(server.url, token, `outbox engine ${i + 1}`));
    const poster = await alarmPoster(server.url, token, ingestServer.url);
    let seq = 0;
    const post = async (key) => {
      const i = seq++;
      const res = await poster.post(key, { eventId: `outbox-${i}`, ...poster.target(i) });
      if (res.status !== 200) throw new Error(`ingest ${res.status}`);
      return JSON.parse(res.body.toString()).data.id;
    };
    const waitDelivered = async (n, timeoutMs) => {
      const end = performance.now() + timeoutMs;
      while (arrived.size < n && performance.now() < end) await new Promise((r) => setTimeout(r, 20));
      return arrived.size >= n;
    };
    /** A flat-out run; with delivery on, the CPU is counted until the last alarm has arrived. */
    const flatOut = async (label, delivering) => {
      const before = arrived.size;
      const cpu0 = await cpuNow();
      const t0 = performance.now();
      const run = await load(engines, count, (i) => post(keys[i % engines]));
      const r = count / run.seconds;
      console.log(`  ${label}: ${Math.round(r)} alarms/s, request ${summary(run.ms).text}`);
      if (delivering) {
        const ok = await waitDelivered(before + count, 60_000);
        console.log(
          `    all ${count} delivered ${ok ? `${((performance.now() - t0) / 1000).toFixed(1)} s after the run began (run: ${run.seconds.toFixed(1)} s)` : 'NOT within 60 s'}`,
        );
      }
      console.log(`    ${cpuPerAlarm(cpu0, await cpuNow(), count)}`);
      return r;
    };

    console.log(
      `outbox: PostgreSQL, ${engines} engines, ${count} alarms a flat-out run, 100 KB JPEG` +
        (split ? ', split: ROLE=ingest (no dispatcher) + ROLE=web (delivers), Redis' : ', one instance'),
    );
    // Warm-up: the server's code is compiled and its connections made before anything is measured.
    await load(engines, Math.min(1000, count), (i) => post(keys[i % engines]));
    const receiver = (
      await json(server.url, '/api/v2/backend/dataUpload/receiver', {
        method: 'POST',
        token,
        body: {
          name: 'bench',
          kind: 'webhook',
          url: hookUrl,
          secret: 'bench-secret',
          timeoutMs: 5000,
          enabled: false,
        },
      })
    ).data;
    const put = (enabled) =>
      request(`${server.url}/api/v2/backend/dataUpload/receiver/${receiver.id}`, {
        method: 'PUT',
        headers: { token, lang: 'en', 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'bench', kind: 'webhook', url: hookUrl, timeoutMs: 60_000, enabled }),
      });
    // A and B `runs` times each, interleaved, so a change in the machine's load hits both.
    const without = [];
    const withDelivery = [];
    // A B, B A, A B …: neither is always first.
    for (let round = 0; round < runs; round++) {
      for (const delivering of round % 2 ? [true, false] : [false, true]) {
        await put(delivering);
        if (delivering) withDelivery.push(await flatOut('B with delivery', true));
        else without.push(await flatOut('A no receiver', false));
      }
    }
    const avg = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length;
    const ratios = withDelivery.map((b, i) => `${((1 - b / without[i]) * 100).toFixed(0)} %`);
    console.log(
      `  ingest drop with delivery on: ${((1 - avg(withDelivery) / avg(without)) * 100).toFixed(1)} % (pair by pair: ${ratios.join(', ')})`,
    );

    // D: the delivery alone. The receiver holds its answers (the dispatcher waits on its first
    // sends) while `count` alarms are ingested: their outbox rows pile up, and this run's ingest
    // differs from A only by the outbox row. Then the receiver answers again, and the backlog is
    // drained with nothing else running: its rate and the CPU an alarm of delivery alone.
    await put(true);
    receiverProcess.send({ pause: true });
    const beforeD = arrived.size;
    await flatOut('D ingest while the receiver holds its answers', false);
    const cpuD = await cpuNow();
    const tD = performance.now();
    receiverProcess.send({ pause: false });
    const okD = await waitDelivered(beforeD + count, 120_000);
    const drainS = (performance.now() - tD) / 1000;
    console.log(
      `    drained ${okD ? `${count} in ${drainS.toFixed(1)} s: ${Math.round(count / drainS)} alarms/s` : 'NOT within 120 s'}; ${cpuPerAlarm(cpuD, await cpuNow(), count)}`,
    );

    // C: paced at `rate` alarms/s; lag = receipt at the receiver − the ingest's answer.
    const answered = new Map();
    const total = rate * seconds;
    const cpu0 = await cpuNow();
    const start = performance.now();
    const inflight = new Set();
    for (let i = 0; i < total; i++) {
      const due = start + (i * 1000) / rate;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      while (inflight.size >= 64) await Promise.race(inflight);
      const p = post(keys[i % engines]).then((id) => answered.set(id, nowMs()));
      inflight.add(p);
      p.finally(() => inflight.delete(p));
    }
    await Promise.all(inflight);
    const offered = total / ((performance.now() - start) / 1000);
    const ids = new Set(answered.keys());
    const end = performance.now() + 60_000;
    const got = () => [...arrived.values()].filter((a) => ids.has(a.id));
    while (got().length < ids.size && performance.now() < end) await new Promise((r) => setTimeout(r, 20));
    const cpuC = cpuPerAlarm(cpu0, await cpuNow(), total);
    const mine = got();
    const lags = mine.map((a) => Math.max(0, a.at - answered.get(a.id)));
    const twice = [...arrived.values()].filter((a) => a.n > 1).length;
    console.log(
      `  C paced ${rate}/s for ${seconds} s (achieved ${Math.round(offered)}/s): delivered ${mine.length}/${ids.size}, ` +
        `lag ingest answer → receiver ${summary(lags).text}, max ${Math.round(Math.max(...lags))} ms; keys received twice: ${twice}`,
    );
    console.log(`    ${cpuC}`);
  } finally {
    await observer.end();
    for (const s of servers) await s.stop();
    await database.drop();
    receiverProcess.disconnect();
  }
}
