// Protocol log (issue 14): (a) what recording every engine message costs ingest — the alarm ingest
// bench (alarms-ingest.mjs) run alternately with PROTOCOL_LOG=off and on, on PostgreSQL; (b) the
// protocol log's first page at 10 M rows on PostgreSQL (rows made by generate_series in SQL), for
// the filters the page offers, through the real HTTP API.
// Not a test. Bounded for a shared 2-core machine: --rounds 2 (each: off then on), --count 1500.
// Usage: node bench/protocol-log.mjs [--rounds 2] [--count 1500] [--engines 8] [--rows 10000000]
//        [--skip-ingest] [--skip-list]
import { spawn } from 'node:child_process';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { adminToken, createDatabase, json, root, startServer, summary } from './support/common.mjs';

const { values: args } = parseArgs({
  options: {
    rounds: { type: 'string', default: '2' },
    count: { type: 'string', default: '1500' },
    engines: { type: 'string', default: '8' },
    rows: { type: 'string', default: '10000000' },
    'skip-ingest': { type: 'boolean', default: false },
    'skip-list': { type: 'boolean', default: false },
  },
});
const load = () =>
  loadavg()
    .map((v) => v.toFixed(2))
    .join(', ');
console.log(`load average at start: ${load()}`);

if (!args['skip-ingest']) await ingestOverhead();
if (!args['skip-list']) await firstPage();
console.log(`load average at end: ${load()}`);

/** alarms-ingest.mjs with recording off, then on, `rounds` times; alarms/s of each run. */
async function ingestOverhead() {
  const rounds = Number(args.rounds);
  const rates = { off: [], on: [] };
  for (let round = 0; round < rounds; round++) {
    for (const mode of ['off', 'on']) {
      const argv = ['bench/alarms-ingest.mjs', '--engines', args.engines, '--count', args.count];
      // alarms-ingest.mjs sizes its random JPEG by trial and now and then gives up: once more then.
      const out = await run(argv, { PROTOCOL_LOG: mode }).catch(() => run(argv, { PROTOCOL_LOG: mode }));
      const match =
        /(\d+) alarms\/s .*?request latency (p50 [\d.]+ ms, p95 [\d.]+ ms); server CPU ([\d.]+) ms/.exec(out);
      if (!match) throw new Error(`no figure in the ingest bench's output:\n${out}`);
      rates[mode].push(Number(match[1]));
      console.log(
        `  round ${round + 1}, PROTOCOL_LOG=${mode}: ${match[1]} alarms/s, ${match[2]}, CPU ${match[3]} ms an alarm`,
      );
    }
  }
  const mean = (a) => a.reduce((s, v) => s + v, 0) / a.length;
  const off = mean(rates.off);
  const on = mean(rates.on);
  console.log(
    `ingest: recording off ${Math.round(off)} alarms/s, on ${Math.round(on)} alarms/s → cost ${(((off - on) / off) * 100).toFixed(1)} %`,
  );
}

function run(argv, env) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, argv, { cwd: root, env: { ...process.env, ...env } });
    let out = '';
    child.stdout.on('data', (c) => {
      out += c;
    });
    child.stderr.on('data', (c) => {
      out += c;
    });
    child.on('exit', (code) =>
      code === 0 ? resolve(out) : reject(new Error(`${argv.join(' ')}: exit ${code}\n${out}`)),
    );
  });
}

/** 10 M rows over 30 days, then the list's first page per filter (20 calls each, after 3 warm-ups). */
async function firstPage() {
  const rows = Number(args.rows);
  const database = await createDatabase();
  try {
    // Start once to migrate and seed, stop, fill the table, start again.
    let server = await startServer({ DATABASE_URL: database.url });
    // The initial password is shown at the first start only: replace it now (adminToken).
    await adminToken(server);
    await server.stop();
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    const [{ id: engineId }] = (
      await client.query(
        `INSERT INTO engine (name, key_hash, key_prefix) VALUES ('bench', md5('x'), 'bench') RETURNING id`,
      )
    ).rows;
    let started = performance.now();
    const batch = 1_000_000;
    for (let from = 1; from <= rows; from += batch) {
      const to = Math.min(rows, from + batch - 1);
      // Spread over the last 30 days, oldest first; kinds, outcomes and reasons in believable shares.
      await client.query(
        `INSERT INTO engine_message (received_at, kind, engine_id, outcome, status, reason, raw, result, camera_id, duration_ms)
         SELECT now() - interval '30 days' * (1 - g::float8 / $1),
                (ARRAY['videoAlarm','event','dcsAlarm','jobRun','heartbeat'])[1 + g % 5],
                CASE WHEN g % 97 = 0 THEN NULL ELSE $2::int END,
                CASE WHEN g % 50 = 0 THEN 'refused' WHEN g % 20 = 0 THEN 'duplicate' ELSE 'accepted' END,
                CASE WHEN g % 50 = 0 THEN 400 ELSE 200 END,
                CASE WHEN g % 50 = 0 THEN 'field.required' END,
                jsonb_build_object('eventId', 'bench-' || g, 'cameraId', 1 + g % 40),
                jsonb_build_object('id', g, 'duplicate', g % 20 = 0),
                CASE WHEN g % 5 = 4 THEN NULL ELSE 1 + g % 40 END,
                g % 30
         FROM generate_series($3::bigint, $4::bigint) g`,
        [rows, engineId, from, to],
      );
    }
    console.log(`generated ${rows} rows in ${((performance.now() - started) / 1000).toFixed(0)} s`);
    started = performance.now();
    await client.query('VACUUM ANALYZE engine_message');
    console.log(`vacuum analyze in ${((performance.now() - started) / 1000).toFixed(0)} s`);
    const size = (await client.query(`SELECT pg_size_pretty(pg_total_relation_size('engine_message')) AS s`))
      .rows[0].s;
    console.log(`engine_message with its indexes: ${size}`);
    await client.end();

    server = await startServer({ DATABASE_URL: database.url });
    try {
      const token = await adminToken(server);
      const day = new Date(Date.now() - 86_400_000).toISOString();
      const filters = {
        'no filter': {},
        'kind videoAlarm': { kind: 'videoAlarm' },
        'outcome refused': { outcome: 'refused' },
        'kind + outcome': { kind: 'event', outcome: 'duplicate' },
        'reason field.required': { reason: 'field.required' },
        'camera 7': { cameraId: 7 },
        engine: { engineId },
        'last 24 h': { startTime: day },
        'last 24 h, kind heartbeat, refused': { startTime: day, kind: 'heartbeat', outcome: 'refused' },
        'page 50 (no filter)': { page: 50 },
      };
      for (const [name, filter] of Object.entries(filters)) {
        const body = { page: 1, limit: 10, ...filter };
        const ms = [];
        let shown = '';
        for (let i = 0; i < 23; i++) {
          const t = performance.now();
          const res = await json(server.url, '/api/v2/backend/self-check/protocol/list', {
            method: 'POST',
            token,
            body,
          });
          if (res.status !== 0) throw new Error(`${name}: ${res.message}`);
          if (i >= 3) ms.push(performance.now() - t);
          if (i === 0) shown = `${res.data.capped ? '≥' : ''}${res.data.count}`;
        }
        console.log(`  first page, ${name}: ${summary(ms).text} (count ${shown})`);
      }
      const counts = { startTime: day, endTime: new Date().toISOString() };
      const ms = [];
      for (let i = 0; i < 5; i++) {
        const t = performance.now();
        await json(server.url, '/api/v2/backend/self-check/protocol/counts', {
          method: 'POST',
          token,
          body: counts,
        });
        ms.push(performance.now() - t);
      }
      console.log(`  counts page, last 24 h (~${Math.round(rows / 30)} rows): ${summary(ms).text}`);
    } finally {
      await server.stop();
    }
  } finally {
    await database.drop();
  }
}
