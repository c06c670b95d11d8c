// Ingest throughput: N engines (own API keys) post alarms with a ~100 KB JPEG concurrently to
// a real server on a throwaway PostgreSQL database (or PGlite with --pglite), then the rows are
// counted to check that every accepted alarm was committed once.
// Usage: node bench/alarms-ingest.mjs [--engines 16] [--count 6000] [--pglite] [--draw]
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import pg from 'pg';
import {
  adminToken,
  cpuSeconds,
  createDatabase,
  engineKey,
  load,
  noiseJpeg,
  request,
  startServer,
  summary,
} from './support/common.mjs';

const { values: args } = parseArgs({
  options: {
    engines: { type: 'string', default: '16' },
    count: { type: 'string', default: '6000' },
    pglite: { type: 'boolean', default: false },
    draw: { type: 'boolean', default: false },
  },
});
const engines = Number(args.engines);
const total = Number(args.count);

const database = args.pglite ? undefined : await createDatabase();
const server = await startServer(database ? { DATABASE_URL: database.url } : {}).catch(async (error) => {
  await database?.drop();
  throw error;
});
try {
  const token = await adminToken(server);
  const keys = [];
  for (let i = 0; i < engines; i++) keys.push(await engineKey(server.url, token, `bench engine ${i + 1}`));
  const cameras = await json(server, '/api/v2/backend/camera/list/all', token, {});
  const algorithms = await json(server, '/api/v2/backend/algorithm/list/all', token);
  const cameraIds = cameras.map((c) => c.id);
  const algorithmIds = algorithms.map((a) => a.id);
  if (!cameraIds.length || !algorithmIds.length) throw new Error('no demo cameras or algorithms');
  const image = await noiseJpeg(100 * 1024);
  console.log(
    `ingest: ${total} alarms, ${engines} concurrent engines, image ${image.length} B${args.draw ? ' + drawn image' : ''}, ` +
      `${database ? 'PostgreSQL' : 'PGlite'}, ${cameraIds.length} cameras × ${algorithmIds.length} algorithms`,
  );

  const boundary = `----bench${randomBytes(8).toString('hex')}`;
  const field = (name, value) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  const file = (name) =>
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${name}.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
    );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const body = (i) => {
    const text = Buffer.from(
      field('eventId', `bench-${i}`) +
        field('alarmTime', new Date().toISOString()) +
        field('cameraId', cameraIds[i % cameraIds.length]) +
        field('algorithmId', algorithmIds[i % algorithmIds.length]) +
        field('alarmResult', '人员未佩戴安全帽'),
    );
    const parts = [text, file('image'), image];
    if (args.draw) parts.push(Buffer.from('\r\n'), file('imageDraw'), image);
    parts.push(tail);
    return Buffer.concat(parts);
  };

  // Warm-up (JIT, connections, caches), not counted.
  await load(engines, engines * 4, (i) => post(keys[i % engines], body(1_000_000 + i)));
  let failed = 0;
  const cpuBefore = cpuSeconds(server.pid);
  const run = await load(engines, total, async (i) => {
    const res = await post(keys[i % engines], body(i));
    if (res.status !== 200) failed++;
  });
  const rate = (total - failed) / run.seconds;
  const cpuMs = ((cpuSeconds(server.pid) - cpuBefore) * 1000) / total;
  console.log(
    `  ${Math.round(rate)} alarms/s (${total - failed} in ${run.seconds.toFixed(1)} s, ${failed} failed); ` +
      `request latency ${summary(run.ms).text}; server CPU ${cpuMs.toFixed(2)} ms an alarm`,
  );
  if (database) {
    const c = new pg.Client({ connectionString: database.url });
    await c.connect();
    const { rows } = await c.query(
      `SELECT count(*)::int AS n FROM video_alarm WHERE engine_event_id LIKE 'bench-%' AND engine_event_id NOT LIKE 'bench-1______'`,
    );
    await c.end();
    console.log(`  committed rows: ${rows[0].n} (expected ${total - failed})`);
  }

  function post(key, payload) {
    return request(`${server.url}/api/v2/backend/ingest/videoAlarm`, {
      method: 'POST',
      headers: {
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': String(payload.length),
        'x-engine-key': key,
      },
      body: payload,
    });
  }
} finally {
  await server.stop();
  await database?.drop();
}

async function json(s, path, token, body) {
  const res = await request(`${s.url}${path}`, {
    method: body ? 'POST' : 'GET',
    headers: { token, lang: 'en', 'content-type': 'application/json' },
    body: body ? JSON.stringify(body) : undefined,
  });
  const parsed = JSON.parse(res.body.toString());
  if (parsed.status !== 0) throw new Error(`${path}: ${parsed.message}`);
  return parsed.data;
}
