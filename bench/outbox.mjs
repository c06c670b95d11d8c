// Outbox delivery (issue 16 §4): does delivery keep up with ingest at 500 alarms/s to one webhook
// receiver on PostgreSQL, and how much does it cost ingest? On one server and one throwaway
// database: (A) ingest as fast as 16 engines can with no receiver (no outbox rows), (B) the same
// with one enabled webhook receiver (outbox row per alarm, fanned out and delivered meanwhile),
// (C) ingest paced at --rate alarms/s for --seconds with delivery on: the lag from an ingest's
// answer to the receiver getting that alarm, and whether every alarm arrived exactly once.
// Usage: node bench/outbox.mjs [--engines 16] [--count 4000] [--rate 500] [--seconds 10]
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import { parseArgs } from 'node:util';
import {
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

const { values: args } = parseArgs({
  options: {
    engines: { type: 'string', default: '16' },
    count: { type: 'string', default: '4000' },
    rate: { type: 'string', default: '500' },
    seconds: { type: 'string', default: '10' },
  },
});
const engines = Number(args.engines);
const count = Number(args.count);
const rate = Number(args.rate);
const seconds = Number(args.seconds);

// The receiver: answers 200 at once; remembers when each alarm's key first arrived and how often.
const arrived = new Map();
const hook = createServer((req, res) => {
  const chunks = [];
  req.on('data', (c) => chunks.push(c));
  req.on('end', () => {
    const key = String(req.headers['idempotency-key']);
    const seen = arrived.get(key);
    if (seen) seen.n++;
    else arrived.set(key, { at: performance.now(), n: 1, id: JSON.parse(Buffer.concat(chunks)).alarm.id });
    res.writeHead(200).end('ok');
  });
});
await new Promise((r) => hook.listen(0, '127.0.0.1', r));
const hookUrl = `http://127.0.0.1:${hook.address().port}/alarms`;

const database = await createDatabase();
const server = await startServer({ DATABASE_URL: database.url }).catch(async (error) => {
  await database.drop();
  throw error;
});
try {
  const token = await adminToken(server);
  const keys = [];
  for (let i = 0; i < engines; i++) keys.push(await engineKey(server.url, token, `outbox engine ${i + 1}`));
  const cameras = (
    await json(server.url, '/api/v2/backend/camera/list/all', { method: 'POST', token, body: {} })
  ).data;
  const algorithms = (await json(server.url, '/api/v2/backend/algorithm/list/all', { token })).data;
  const image = await noiseJpeg(100 * 1024);
  const boundary = `----bench${randomBytes(8).toString('hex')}`;
  const field = (name, value) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="i.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  let seq = 0;
  const post = async (key) => {
    const i = seq++;
    const text = Buffer.from(
      field('eventId', `outbox-${i}`) +
        field('cameraId', cameras[i % cameras.length].id) +
        field('algorithmId', algorithms[i % algorithms.length].id),
    );
    const body = Buffer.concat([text, head, image, tail]);
    const res = await request(`${server.url}/api/v2/backend/ingest/videoAlarm`, {
      method: 'POST',
      headers: {
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': String(body.length),
        'x-engine-key': key,
      },
      body,
    });
    if (res.status !== 200) throw new Error(`ingest ${res.status}`);
    return JSON.parse(res.body.toString()).data.id;
  };
  const flatOut = async (label) => {
    const run = await load(engines, count, (i) => post(keys[i % engines]));
    const r = count / run.seconds;
    console.log(`  ${label}: ${Math.round(r)} alarms/s, request ${summary(run.ms).text}`);
    return r;
  };
  const waitDelivered = async (n, timeoutMs) => {
    const end = performance.now() + timeoutMs;
    while (arrived.size < n && performance.now() < end) await new Promise((r) => setTimeout(r, 20));
    return arrived.size >= n;
  };

  console.log(`outbox: PostgreSQL, ${engines} engines, ${count} alarms a flat-out run, 100 KB JPEG`);
  await load(engines, engines * 4, () => post(keys[0])); // warm-up
  // A and B twice, interleaved, so a change in the machine's load hits both.
  const without = [];
  const withDelivery = [];
  without.push(await flatOut('A no receiver'));
  const receiver = (
    await json(server.url, '/api/v2/backend/dataUpload/receiver', {
      method: 'POST',
      token,
      body: { name: 'bench', kind: 'webhook', url: hookUrl, secret: 'bench-secret', timeoutMs: 5000 },
    })
  ).data;
  const put = (enabled) =>
    request(`${server.url}/api/v2/backend/dataUpload/receiver/${receiver.id}`, {
      method: 'PUT',
      headers: { token, lang: 'en', 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'bench', kind: 'webhook', url: hookUrl, timeoutMs: 5000, enabled }),
    });
  let t0 = performance.now();
  withDelivery.push(await flatOut('B with delivery'));
  const ok1 = await waitDelivered(count, 60_000);
  console.log(
    `    all ${count} delivered ${ok1 ? `${((performance.now() - t0) / 1000).toFixed(1)} s after the run began` : 'NOT within 60 s'}`,
  );
  await put(false);
  without.push(await flatOut('A no receiver'));
  await put(true);
  const before = arrived.size;
  t0 = performance.now();
  withDelivery.push(await flatOut('B with delivery'));
  const ok2 = await waitDelivered(before + count, 60_000);
  console.log(
    `    all ${count} delivered ${ok2 ? `${((performance.now() - t0) / 1000).toFixed(1)} s after the run began` : 'NOT within 60 s'}`,
  );
  const avg = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length;
  console.log(
    `  ingest drop with delivery on: ${((1 - avg(withDelivery) / avg(without)) * 100).toFixed(1)} %`,
  );

  // C: paced at `rate` alarms/s; lag = receipt at the receiver − the ingest's answer.
  const answered = new Map();
  const total = rate * seconds;
  const start = performance.now();
  const inflight = new Set();
  for (let i = 0; i < total; i++) {
    const due = start + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    while (inflight.size >= 64) await Promise.race(inflight);
    const p = post(keys[i % engines]).then((id) => answered.set(id, performance.now()));
    inflight.add(p);
    p.finally(() => inflight.delete(p));
  }
  await Promise.all(inflight);
  const offered = total / ((performance.now() - start) / 1000);
  const ids = new Set(answered.keys());
  const end = performance.now() + 60_000;
  const got = () => [...arrived.values()].filter((a) => ids.has(a.id));
  while (got().length < ids.size && performance.now() < end) await new Promise((r) => setTimeout(r, 20));
  const mine = got();
  const lags = mine.map((a) => Math.max(0, a.at - answered.get(a.id)));
  const twice = [...arrived.values()].filter((a) => a.n > 1).length;
  console.log(
    `  C paced ${rate}/s for ${seconds} s (achieved ${Math.round(offered)}/s): delivered ${mine.length}/${ids.size}, ` +
      `lag ingest answer → receiver ${summary(lags).text}, max ${Math.round(Math.max(...lags))} ms; keys received twice: ${twice}`,
  );
} finally {
  await server.stop();
  await database.drop();
  hook.close();
}
