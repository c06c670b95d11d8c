import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type DeliveryItem, IDEMPOTENCY_HEADER, type ListResult, OUTBOUND_API } from '@sentinel/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { createEngineKey, demoRefs, ingestAlarm, solidImage, uniqueEventId } from './support/alarms.ts';
import { apiChangePassword, apiClient, apiLogin, NEW_PASSWORD } from './support/api.ts';
import { freshDatabase } from './support/database.ts';
import { type RunningServer, startServer } from './support/server.ts';

/**
 * Issue 16 §4: the server is killed (SIGKILL) while it delivers alarms to a webhook. After the
 * restart every alarm reaches the receiver, and exactly once per receiver by idempotency key.
 * On PostgreSQL when TEST_DATABASE_URL is set (under CI it must be), else on the embedded
 * database in a data directory kept across the restart — the test's name says which.
 */
const databaseUrl = process.env.TEST_DATABASE_URL;
if (!databaseUrl && process.env.CI)
  throw new Error('outbound-crash.spec.ts: TEST_DATABASE_URL must be set under CI');
const ALARMS = 80;

const dataDir = mkdtempSync(join(tmpdir(), 'sentinel-outbound-crash-'));
let server: RunningServer | undefined;
let receiver: Server | undefined;
let drop: () => Promise<void> = async () => undefined;

afterAll(async () => {
  await server?.stop();
  await new Promise<void>((resolve) => (receiver ? receiver.close(() => resolve()) : resolve()));
  await drop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe(`outbound delivery when the server is killed (${databaseUrl ? 'PostgreSQL' : 'embedded database'})`, () => {
  it('delivers every alarm after the restart, exactly once per receiver by idempotency key', {
    timeout: 240_000,
  }, async () => {
    // The receiver holds its answers while `gate` is shut, then answers each after 50 ms.
    const byKey = new Map<string, number>();
    let gate = false;
    receiver = createServer((req, res) => {
      const key = String(req.headers[IDEMPOTENCY_HEADER] ?? '');
      req.resume();
      req.on('end', () => {
        const answer = () => {
          byKey.set(key, (byKey.get(key) ?? 0) + 1);
          res.writeHead(200).end('ok');
        };
        const wait = () => (gate ? setTimeout(answer, 50) : setTimeout(wait, 20));
        wait();
      });
    });
    await new Promise<void>((resolve) => receiver?.listen(0, '127.0.0.1', resolve));
    const hook = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/alarms`;

    const database = databaseUrl ? await freshDatabase(databaseUrl, 'sentinel_e2e_outbound') : undefined;
    if (database) drop = database.drop;
    const env = {
      INSTANCE_ID: 'outbound-crash-node',
      OUTBOUND_POLL_MS: '20',
      OUTBOUND_RETRY_BASE_MS: '200',
      ...(database ? { DATABASE_URL: database.url } : {}),
    };
    server = await startServer({ dataDir, env });
    await apiChangePassword(server.url, 'admin', server.initialPasswords.admin ?? '', NEW_PASSWORD);
    let api = apiClient(server.url, await apiLogin(server.url, 'admin', NEW_PASSWORD));
    const key = await createEngineKey(api, 'crash-engine');
    const refs = await demoRefs(api);
    await api(OUTBOUND_API.addReceiver, {
      method: 'POST',
      body: { name: 'crash receiver', kind: 'webhook', url: hook, timeoutMs: 30_000, maxAttempts: 10 },
    });
    const image = await solidImage('#446688', { format: 'jpeg' });
    const ids: number[] = [];
    for (let i = 0; i < ALARMS; i += 10) {
      const batch = Array.from({ length: Math.min(10, ALARMS - i) }, () =>
        ingestAlarm(
          server?.url ?? '',
          key,
          {
            eventId: uniqueEventId('crash'),
            cameraId: refs.cameraId,
            sceneId: refs.sceneId,
            algorithmId: refs.algorithmId,
          },
          { image },
        ),
      );
      ids.push(...(await Promise.all(batch)));
    }
    gate = true;
    // Killed mid-delivery: some alarms answered, others in flight or not sent yet.
    await expect.poll(() => byKey.size, { timeout: 30_000, interval: 10 }).toBeGreaterThanOrEqual(10);
    await server.kill();
    const receivedBeforeKill = new Set(byKey.keys());
    expect(receivedBeforeKill.size).toBeLessThan(ALARMS);

    server = await startServer({ dataDir, env });
    api = apiClient(server.url, await apiLogin(server.url, 'admin', NEW_PASSWORD));
    await expect.poll(() => byKey.size, { timeout: 60_000 }).toBe(ALARMS);
    const delivered = async () =>
      (
        await api<ListResult<DeliveryItem>>(OUTBOUND_API.deliveries, {
          method: 'POST',
          body: { limit: 10, state: 'delivered' },
        })
      ).count;
    await expect.poll(delivered, { timeout: 30_000 }).toBe(ALARMS);
    // Every alarm once per receiver by its key; the keys are exactly the alarms'.
    const expected = ids.map((id) => expect.stringMatching(new RegExp(`^alarm-${id}-r\\d+$`)));
    expect([...byKey.keys()]).toEqual(expect.arrayContaining(expected));
    const dead = await api<ListResult<DeliveryItem>>(OUTBOUND_API.deliveries, {
      method: 'POST',
      body: { limit: 10, state: 'dead' },
    });
    expect(dead.count).toBe(0);
    // A key received twice was sent before the kill with its acknowledgement not yet recorded (the
    // dispatcher records a batch's outcomes together): it is sent once more after the restart, and
    // never again; a key first sent after the restart is sent exactly once.
    for (const [key, count] of byKey) {
      if (receivedBeforeKill.has(key)) expect(count, key).toBeLessThanOrEqual(2);
      else expect(count, key).toBe(1);
    }
    expect([...byKey.values()].every((n) => n <= 2)).toBe(true);
  });
});
