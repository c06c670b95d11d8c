import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AI_INSTANCE_API, ALARM_API, type EngineDeployments } from '@sentinel/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sceneCameraAlgorithm } from '../../db/schema/index.ts';
import {
  backends,
  body,
  buildTestApp,
  createAccount,
  createTestDatabase,
  login,
  type TestDatabase,
} from '../../test/helpers.ts';
import { setLiveVersion } from '../algorithms/index.ts';
import { newInstance, newVersion, runOnCamera } from './test-support.ts';

// The engines see a publish in < 5 s (issue 13 §3): an engine long-polls one server instance while
// a user publishes on another sharing the database (PostgreSQL; through Redis when TEST_REDIS_URL
// is set). PGlite is one process's database: there both are the same instance.
describe.each(backends)('deployments long-poll on %s', (backend) => {
  let tdb: TestDatabase;
  let one: FastifyInstance;
  let two: FastifyInstance;
  let admin = '';
  let key = '';
  const dataDir = mkdtempSync(join(tmpdir(), 'sentinel-longpoll-'));

  beforeAll(async () => {
    const redisUrl = process.env.TEST_REDIS_URL;
    tdb = await createTestDatabase(backend);
    one = await buildTestApp(tdb, { dataDir, ...(redisUrl ? { redisUrl } : {}) });
    two =
      backend === 'postgres' ? await buildTestApp(tdb, { dataDir, ...(redisUrl ? { redisUrl } : {}) }) : one;
    admin = await login(one, await createAccount(one, { roles: ['admin'] }));
    const created = await one.inject({
      method: 'POST',
      url: ALARM_API.engines,
      headers: { token: admin, lang: 'en' },
      payload: { name: 'Long-poll engine' },
    });
    key = body<{ key: string }>(created).data.key;
  });
  afterAll(async () => {
    if (two !== one) await two?.close();
    await one?.close();
    await tdb?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const poll = async (revision: number, waitSeconds: number) => {
    const res = await two.inject({
      method: 'GET',
      url: `${AI_INSTANCE_API.engineDeployments}?revision=${revision}&waitSeconds=${waitSeconds}`,
      headers: { 'x-engine-key': key },
    });
    return { at: Date.now(), data: body<EngineDeployments>(res).data };
  };
  const current = async () => (await poll(0, 0)).data;

  it('answers a waiting engine within 5 s of a publish made on the other instance', async () => {
    const instance = await newInstance(one);
    const v1 = await newVersion(one, instance.id, 0.2);
    const v2 = await newVersion(one, instance.id, 0.1);
    await setLiveVersion(one.db, { algorithmId: instance.id, versionId: v1.id, action: 'seed' });
    const before = await current();
    expect(before.instances.find((i) => i.id === instance.id)?.liveVersion?.number).toBe(1);

    const waiting = poll(before.revision, 30);
    // The engine's call is parked: nothing is answered before the publish.
    const early = await Promise.race([
      waiting.then(() => 'answered'),
      new Promise((r) => setImmediate(r, 'waiting')),
    ]);
    expect(early).toBe('waiting');
    const publishedAt = Date.now();
    const published = await one.inject({
      method: 'POST',
      url: AI_INSTANCE_API.publish(instance.id),
      headers: { token: admin, lang: 'en' },
      payload: { versionId: v2.id },
    });
    expect(published.statusCode).toBe(200);
    const answer = await waiting;
    expect(answer.at - publishedAt).toBeLessThan(5_000);
    expect(answer.data.revision).not.toBe(before.revision);
    expect(answer.data.instances.find((i) => i.id === instance.id)?.liveVersion?.number).toBe(2);

    // Roll back in one call: the engines see version 1 again.
    const rolled = poll(answer.data.revision, 30);
    const rolledAt = Date.now();
    await one.inject({
      method: 'POST',
      url: AI_INSTANCE_API.rollback(instance.id),
      headers: { token: admin, lang: 'en' },
      payload: {},
    });
    const back = await rolled;
    expect(back.at - rolledAt).toBeLessThan(5_000);
    expect(back.data.instances.find((i) => i.id === instance.id)?.liveVersion?.number).toBe(1);
  });

  it('waits over a real HTTP connection until the wait ends when nothing changes', async () => {
    const address = await two.listen({ port: 0, host: '127.0.0.1' });
    const { revision } = await current();
    const started = Date.now();
    const res = await fetch(
      `${address}${AI_INSTANCE_API.engineDeployments}?revision=${revision}&waitSeconds=2`,
      {
        headers: { 'x-engine-key': key },
      },
    );
    expect(res.status).toBe(200);
    expect(((await res.json()) as { data: EngineDeployments }).data.revision).toBe(revision);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_900);
  });

  it('also answers within 5 s when a deployment changes without an event (a camera algorithm disabled)', async () => {
    const instance = await newInstance(one);
    const where = await runOnCamera(one, instance.id);
    const before = await current();
    expect(before.instances.find((i) => i.id === instance.id)?.cameras).toHaveLength(1);
    const waiting = poll(before.revision, 30);
    const changedAt = Date.now();
    await one.db
      .update(sceneCameraAlgorithm)
      .set({ enabled: false })
      .where(eq(sceneCameraAlgorithm.id, where.sceneCameraAlgorithmId));
    const answer = await waiting;
    expect(answer.at - changedAt).toBeLessThan(5_000);
    expect(answer.data.instances.find((i) => i.id === instance.id)?.cameras).toEqual([]);
  });
});
