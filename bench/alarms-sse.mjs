// Ingest-to-browser latency of the event stream: an SSE client (as the browser's EventSource)
// is subscribed to GET /events; each measured alarm is timed from just before its ingest POST
// to the receipt of its `alarm.created`. Meanwhile --load engines ingest continuously.
// --redis: two instances on one PostgreSQL database with Redis, ingest on A, stream from B.
// Usage: node bench/alarms-sse.mjs [--alarms 200] [--load 4] [--redis [--redis-url URL]]

import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { parseArgs } from 'node:util';
import {
  adminToken,
  createDatabase,
  engineKey,
  json,
  noiseJpeg,
  request,
  startServer,
  summary,
} from './support/common.mjs';

const { values: args } = parseArgs({
  options: {
    alarms: { type: 'string', default: '200' },
    load: { type: 'string', default: '4' },
    redis: { type: 'boolean', default: false },
    'redis-url': { type: 'string', default: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379' },
  },
});
const alarms = Number(args.alarms);
const loadEngines = Number(args.load);

const database = await createDatabase();
const env = { DATABASE_URL: database.url, ...(args.redis ? { REDIS_URL: args['redis-url'] } : {}) };
const a = await startServer(env).catch(async (error) => {
  await database.drop();
  throw error;
});
const b = args.redis
  ? await startServer(env).catch(async (error) => {
      await a.stop();
      await database.drop();
      throw error;
    })
  : a;
let stopLoad = false;
const background = [];
let stream;
try {
  const token = await adminToken(a);
  const tokenB = b === a ? token : await adminToken(b);
  const cameras = (await json(a.url, '/api/v2/backend/camera/list/all', { method: 'POST', token, body: {} }))
    .data;
  const algorithms = (await json(a.url, '/api/v2/backend/algorithm/list/all', { token })).data;
  const image = await noiseJpeg(100 * 1024);
  const boundary = `----bench${randomBytes(8).toString('hex')}`;
  const body = (eventId, result, i) =>
    Buffer.concat([
      Buffer.from(
        [
          ['eventId', eventId],
          ['cameraId', cameras[i % cameras.length].id],
          ['algorithmId', algorithms[i % algorithms.length].id],
          ['alarmResult', result],
        ]
          .map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
          .join('') +
          `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
      ),
      image,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
  const post = (key, payload) =>
    request(`${a.url}/api/v2/backend/ingest/videoAlarm`, {
      method: 'POST',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'x-engine-key': key },
      body: payload,
    });

  // The stream: resolve the waiter of an alarm when its alarm.created arrives.
  const waiting = new Map();
  stream = await new Promise((resolve, reject) => {
    const req = http.get(`${b.url}/api/v2/backend/events?token=${encodeURIComponent(tokenB)}`, (res) => {
      if (res.statusCode !== 200) return reject(new Error(`events: ${res.statusCode}`));
      let buffer = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => {
        buffer += chunk;
        let end = buffer.indexOf('\n\n');
        while (end >= 0) {
          const frame = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          end = buffer.indexOf('\n\n');
          if (!frame.includes('event: alarm.created')) continue;
          const data = JSON.parse(frame.slice(frame.indexOf('data: ') + 6));
          waiting.get(data.alarmResult)?.(performance.now());
        }
      });
      resolve(req);
    });
    req.on('error', reject);
  });

  const loadKeys = [];
  for (let i = 0; i < loadEngines; i++) loadKeys.push(await engineKey(a.url, token, `load engine ${i}`));
  let loadCount = 0;
  for (const key of loadKeys) {
    background.push(
      (async () => {
        while (!stopLoad) await post(key, body(`load-${loadCount}`, `load ${loadCount}`, loadCount++));
      })(),
    );
  }
  const key = await engineKey(a.url, token, 'measured engine');
  const ms = [];
  let missed = 0;
  const loadStart = performance.now();
  for (let i = 0; i < alarms; i++) {
    const result = `sse-${i}`;
    const received = new Promise((resolve) => waiting.set(result, resolve));
    const started = performance.now();
    const res = await post(key, body(`sse-${i}`, result, i));
    if (res.status !== 200) throw new Error(`ingest ${res.status}`);
    const at = await Promise.race([received, new Promise((r) => setTimeout(() => r(undefined), 10_000))]);
    waiting.delete(result);
    if (at === undefined) missed++;
    else ms.push(at - started);
    await new Promise((r) => setTimeout(r, 20));
  }
  const loadRate = loadCount / ((performance.now() - loadStart) / 1000);
  console.log(
    `event stream: ${alarms} alarms, ingest on ${args.redis ? 'instance A, stream from instance B (Redis)' : 'the same instance'}, ` +
      `${loadEngines} background engines (~${Math.round(loadRate)} alarms/s)`,
  );
  console.log(
    `  POST → alarm.created received: ${summary(ms).text}, max ${Math.round(Math.max(...ms))} ms, ${missed} missed`,
  );
} finally {
  stopLoad = true;
  await Promise.allSettled(background);
  stream?.destroy();
  if (b !== a) await b.stop();
  await a.stop();
  await database.drop();
}
