import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ALARM_API, type ListResult } from '@sentinel/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { createEngineKey, demoRefs, postAlarm, solidImage } from './support/alarms.ts';
import { type ApiClient, apiChangePassword, apiClient, apiLogin, NEW_PASSWORD } from './support/api.ts';
import { freshDatabase } from './support/database.ts';
import { type RunningServer, startServer } from './support/server.ts';

/**
 * Issue 17 §2: durability of an acknowledged alarm. Engines ingest at full speed; the server is
 * killed with SIGKILL (nothing runs on the way out) while requests are in flight, and started again
 * on the same data. Then:
 * - every alarm the server acknowledged (200 with an id) is there, once, under the same id — its
 *   re-send answers `duplicate: true` with that id (the engine's retry is idempotent);
 * - every request that got no answer (cut by the kill) is re-sent, as an engine does: it is either
 *   already there (committed before the kill; `duplicate`) or stored now — never twice;
 * - the alarm count grew by exactly the number of distinct event ids sent: 0 lost, 0 duplicated.
 *
 * Embedded database (PGlite): an acknowledgement is sent after the commit returned, and PGlite
 * writes its WAL through to the data directory's files synchronously on commit (the files, not a
 * later flush), so a killed process loses nothing it acknowledged; an operating-system crash or a
 * power cut is another matter (README, "Durability"). PostgreSQL: the same, with its own fsync.
 */

const databaseUrl = process.env.TEST_DATABASE_URL;
if (!databaseUrl && process.env.CI) {
  throw new Error(
    'ingest-durability.spec.ts: TEST_DATABASE_URL must be set under CI (.ci/run sets it when PostgreSQL answers).',
  );
}

/** Engines posting at once; alarms acknowledged before the kill. */
const ENGINES = 4;
const BEFORE_KILL = 60;

interface Sent {
  eventId: string;
  /** The id the server acknowledged, or undefined when the request got no answer. */
  id?: number;
}

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

const alarmCount = async (api: ApiClient) =>
  (await api<ListResult<unknown>>(ALARM_API.list, { method: 'POST', body: { page: 1, limit: 10 } })).count;

async function killUnderIngest(env: Record<string, string>) {
  const dataDir = mkdtempSync(join(tmpdir(), 'sentinel-durable-'));
  cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
  // The same instance before and after the kill (a restarted container keeps its name).
  const options = {
    dataDir,
    env: { INSTANCE_ID: 'durable-node', OFFLINE_ANALYSIS_SIMULATOR: 'false', ...env },
  };
  let server: RunningServer = await startServer(options);
  cleanups.push(() => server.stop());
  await apiChangePassword(server.url, 'admin', server.initialPasswords.admin ?? '', NEW_PASSWORD);
  let api = apiClient(server.url, await apiLogin(server.url, 'admin', NEW_PASSWORD));
  const key = await createEngineKey(api, 'Durability engine');
  const { algorithmId } = await demoRefs(api);
  const image = await solidImage('#445566', { format: 'jpeg' });
  const before = await alarmCount(api);

  const sent: Sent[] = [];
  let acknowledged = 0;
  let killed = false;
  /** A refusal before the kill (the test's own fault, not durability): ends the engines at once. */
  let refused = '';
  const post = (base: string, eventId: string) =>
    postAlarm(
      base,
      key,
      { eventId, alarmTime: new Date().toISOString(), priority: 120002, cameraCode: 'CAM-001', algorithmId },
      { image },
    );
  const engine = async (n: number) => {
    for (let i = 0; !killed; i++) {
      const entry: Sent = { eventId: `durable-${n}-${i}` };
      sent.push(entry);
      try {
        const answer = await post(server.url, entry.eventId);
        if (answer.status !== 200 || !answer.id) {
          refused = `${answer.status} ${answer.message}`;
          return;
        }
        entry.id = answer.id;
        acknowledged += 1;
      } catch {
        return; // the connection was cut by the kill: this request has no answer
      }
    }
  };
  const engines = Array.from({ length: ENGINES }, (_, n) => engine(n));
  await expect
    .poll(() => (refused ? `refused: ${refused}` : acknowledged >= BEFORE_KILL), { timeout: 60_000 })
    .toBe(true);
  killed = true;
  await server.kill();
  await Promise.all(engines);
  const unanswered = sent.filter((s) => s.id === undefined);

  server = await startServer(options);
  api = apiClient(server.url, await apiLogin(server.url, 'admin', NEW_PASSWORD));
  // Every acknowledged alarm is there under its id: the engine's re-send is a duplicate of it.
  for (const s of sent.filter((x) => x.id !== undefined)) {
    const again = await post(server.url, s.eventId);
    expect({ eventId: s.eventId, status: again.status, id: again.id }).toEqual({
      eventId: s.eventId,
      status: 200,
      id: s.id,
    });
  }
  // The unanswered ones, re-sent as an engine retries: stored now or already there, never twice.
  for (const s of unanswered) {
    const again = await post(server.url, s.eventId);
    expect(again.status).toBe(200);
    const twice = await post(server.url, s.eventId);
    expect(twice.id).toBe(again.id);
  }
  expect(await alarmCount(api)).toBe(before + sent.length);
  console.info(
    `durability: ${sent.length} sent, ${acknowledged} acknowledged before the kill, ${unanswered.length} cut by it`,
  );
  return { acknowledged, unanswered: unanswered.length };
}

describe('acknowledged alarms when the server is killed under ingest load', () => {
  it('embedded database (PGlite): 0 lost, 0 duplicated, re-sends idempotent', async () => {
    const outcome = await killUnderIngest({});
    expect(outcome.acknowledged).toBeGreaterThanOrEqual(BEFORE_KILL);
  }, 240_000);

  it.runIf(databaseUrl)(
    'PostgreSQL: 0 lost, 0 duplicated, re-sends idempotent',
    async () => {
      const database = await freshDatabase(databaseUrl ?? '', 'sentinel_e2e_durable');
      cleanups.push(database.drop);
      const url = database.url;
      const outcome = await killUnderIngest({ DATABASE_URL: url });
      expect(outcome.acknowledged).toBeGreaterThanOrEqual(BEFORE_KILL);
    },
    240_000,
  );
});
