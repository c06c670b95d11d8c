// One-key export (issue 14 §5) of 7 days: a real server with the demo data (HTTP, logged-in
// admin) on a throwaway PostgreSQL database, or on PGlite (--pglite). The self-check tables get
// 7 days of evidence first — the demo's rate: an engine message every 6 s, a camera check of each
// of 16 cameras a minute, a queue sample of 3 queues every 10 s — then one export of the last 7
// days through POST selfCheck/onekeyExport; reports the time until the download centre shows it
// completed, the zip's size and the manifest's row counts.
// Usage: node bench/onekey-export.mjs [--pglite]
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { adminToken, createDatabase, json, startServer } from './support/common.mjs';

const { values: args } = parseArgs({ options: { pglite: { type: 'boolean', default: false } } });
const DAY = 86_400_000;
const MB = 1024 * 1024;

/** 7 days of self-check evidence, inserted by generate_series in SQL. */
async function seedEvidence(query) {
  await query(`insert into engine_message (received_at, kind, outcome, status, reason, raw, duration_ms)
    select now() - (g * interval '6 seconds'), 'alarm', case when g % 50 = 0 then 'refused' else 'accepted' end,
      case when g % 50 = 0 then 400 else 200 end, case when g % 50 = 0 then 'field.invalid' end,
      jsonb_build_object('cameraIndexCode', 'CAM-' || (g % 16), 'algorithmCode', 'helmet', 'seq', g), 3 + g % 20
    from generate_series(1, 7 * 14400) g`);
  await query(`insert into camera_check (camera_id, kind, ok, checked_at, latency_ms)
    select c.id, 'stream', g % 97 <> 0, now() - (g * interval '1 minute'), 40 + g % 60
    from generate_series(1, 7 * 1440) g cross join (select id from camera limit 16) c`).catch((e) => {
    console.log(`  (camera_check not seeded: ${e.message})`);
  });
  await query(`insert into queue_sample (queue, at, depth, done, failed)
    select q, now() - (g * interval '10 seconds'), g % 40, 5 + g % 7, case when g % 300 = 0 then 1 else 0 end
    from generate_series(1, 7 * 8640) g cross join unnest(array['alarms','images','notify']) q`);
}

let cleanup = async () => undefined;
let env = { DEMO_DATA: 'true' };
const dataDir = mkdtempSync(join(tmpdir(), 'sentinel-bench-'));
if (args.pglite) {
  const first = await startServer(env, { dataDir, keepDataDir: true });
  await adminToken(first);
  await first.stop();
  const { PGlite } = await import('@electric-sql/pglite');
  const db = new PGlite(join(dataDir, 'pglite'));
  await seedEvidence((text) => db.query(text));
  await db.close();
} else {
  const database = await createDatabase();
  env = { ...env, DATABASE_URL: database.url };
  cleanup = () => database.drop();
  const seeded = await startServer(env, { dataDir, keepDataDir: true });
  await adminToken(seeded);
  await seeded.stop();
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  await seedEvidence((text) => client.query(text));
  await client.end();
}
const server = await startServer(env, { dataDir, keepDataDir: true });
try {
  const token = await adminToken(server);
  const now = Date.now();
  const started = performance.now();
  const created = await json(server.url, '/api/v2/backend/selfCheck/onekeyExport', {
    method: 'POST',
    token,
    body: { startTime: new Date(now - 7 * DAY).toISOString(), endTime: new Date(now).toISOString() },
  });
  if (created.status !== 0) throw new Error(`export: ${created.message}`);
  let file;
  for (;;) {
    const list = await json(server.url, '/api/v2/backend/export/list?pageSize=10', { token });
    file = list.data.list.find((f) => f.id === created.data.id);
    if (file && file.state !== 0) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  const seconds = (performance.now() - started) / 1000;
  if (file.state !== 1) throw new Error(`export failed (state ${file.state})`);
  const path = join(dataDir, 'media', 'exports', file.fileUrl.split('/').pop());
  const manifest = JSON.parse(execFileSync('unzip', ['-p', path, 'manifest.json'], { encoding: 'utf8' }));
  const rows = manifest.files.reduce((n, f) => n + f.rows, 0);
  console.log(
    `one-key export of 7 days on ${args.pglite ? 'PGlite' : 'PostgreSQL'} (demo data + seeded evidence): ` +
      `completed in ${seconds.toFixed(1)} s; ${rows.toLocaleString('en')} rows, ` +
      `zip ${(statSync(path).size / MB).toFixed(1)} MB (${Math.round(rows / seconds).toLocaleString('en')} rows/s)`,
  );
  for (const f of manifest.files) console.log(`  ${f.name}: ${f.rows} rows, ${(f.bytes / MB).toFixed(1)} MB`);
} finally {
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
  await cleanup();
}
