import {
  type Envelope,
  type PileupListResult,
  QUEUE_MONITOR_API,
  type QueueMeasure,
} from '@sentinel/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queuePileup } from '../../db/schema/index.ts';
import { claimJob, enqueueJob, finishJob } from '../../platform/job-queue.ts';
import {
  backends,
  buildTestApp,
  createAccount,
  createTestDatabase,
  login,
  type TestDatabase,
  uniqueName,
} from '../../test/helpers.ts';
import { sampleQueues } from './sampler.ts';

describe.each(backends)('queue monitor on %s', (backend) => {
  let tdb: TestDatabase;
  let app: FastifyInstance;
  let admin: string;
  let plain: string;

  const call = async <T>(method: 'GET' | 'POST', url: string, token: string, payload?: object) => {
    const res = await app.inject({ method, url, headers: { token }, payload });
    return { status: res.statusCode, body: res.json() as Envelope<T> };
  };

  beforeAll(async () => {
    tdb = await createTestDatabase(backend);
    app = await buildTestApp(tdb);
    admin = await login(app, await createAccount(app, { roles: ['admin'] }));
    plain = await login(app, await createAccount(app, { roles: ['operator'] }));
  });
  afterAll(async () => {
    await app?.close();
    await tdb?.drop();
  });

  it('measures real jobs: depth, running, oldest age, done and failed in the last minute', async () => {
    const queue = uniqueName('q');
    for (let i = 0; i < 4; i++) await enqueueJob(app.db, queue, { i });
    const now = new Date();
    const until = new Date(now.getTime() + 60_000);
    const a = await claimJob(app.db, queue, 'me', now, until);
    const b = await claimJob(app.db, queue, 'me', now, until);
    await claimJob(app.db, queue, 'me', now, until);
    if (!a || !b) throw new Error('no job claimed');
    await finishJob(app.db, a.id, 'me', { state: 'done' });
    await finishJob(app.db, b.id, 'me', { state: 'failed', error: 'x' });
    const res = await call<QueueMeasure[]>('GET', QUEUE_MONITOR_API.queues, admin);
    expect(res.status).toBe(200);
    const m = res.body.data.find((q) => q.queue === queue);
    expect(m).toMatchObject({ depth: 1, running: 1, doneLastMinute: 1, failedLastMinute: 1 });
    expect(m?.oldestAgeSeconds).toBeGreaterThanOrEqual(0);
    // Declared queues show even with nothing in them.
    expect(res.body.data.map((q) => q.queue)).toEqual(expect.arrayContaining(['exports', 'training']));
  });

  it('lists pile-ups open ones first, filtered by queue', async () => {
    const queue = uniqueName('p');
    const t = (m: number) => new Date(Date.UTC(2026, 0, 1, 0, m));
    await app.db.insert(queuePileup).values([
      {
        queue,
        openedAt: t(1),
        reason: 'depth',
        peakDepth: 60,
        closedAt: t(5),
        durationSeconds: 240,
        drainSeconds: 60,
      },
      { queue, openedAt: t(0), reason: 'age', peakAgeSeconds: 400 },
    ]);
    const res = await call<PileupListResult>('POST', QUEUE_MONITOR_API.pileups, admin, {
      page: 1,
      limit: 10,
      queue,
    });
    expect(res.status).toBe(200);
    expect(res.body.data.count).toBe(2);
    expect(res.body.data.list.map((p) => p.reason)).toEqual(['age', 'depth']);
    expect(res.body.data.list[1]).toMatchObject({ peakDepth: 60, durationSeconds: 240, drainSeconds: 60 });
  });

  it('opens a pile-up on age alone (depth 1) and closes it once drained, with peak, duration, drain', async () => {
    const queue = uniqueName('age');
    const job = await enqueueJob(app.db, queue, {});
    const limits = { depth: 50, ageSeconds: 300, retentionDays: 7 };
    const base = Date.now();
    await sampleQueues(app.db, new Date(base + 100_000), limits);
    expect(await app.db.select().from(queuePileup).where(eq(queuePileup.queue, queue))).toEqual([]);
    await sampleQueues(app.db, new Date(base + 400_000), limits);
    await sampleQueues(app.db, new Date(base + 450_000), limits);
    const claimed = await claimJob(app.db, queue, 'me', new Date(), new Date(base + 600_000));
    if (!claimed) throw new Error('no job claimed');
    await finishJob(app.db, claimed.id, 'me', { state: 'done' });
    await sampleQueues(app.db, new Date(base + 500_000), limits);
    const res = await call<PileupListResult>('POST', QUEUE_MONITOR_API.pileups, admin, {
      page: 1,
      limit: 10,
      queue,
    });
    expect(res.body.data.list).toHaveLength(1);
    const [p] = res.body.data.list;
    expect(p).toMatchObject({ reason: 'age', peakDepth: 1, durationSeconds: 100, drainSeconds: 50 });
    expect(p?.peakAgeSeconds).toBeGreaterThanOrEqual(449);
    expect(job).toBeDefined();
  });

  it('opens a pile-up on depth only after 3 samples above the limit', async () => {
    const queue = uniqueName('depth');
    for (let i = 0; i < 3; i++) await enqueueJob(app.db, queue, { i });
    const limits = { depth: 2, ageSeconds: 3600, retentionDays: 7 };
    const base = Date.now();
    const opened = async () =>
      (await app.db.select().from(queuePileup).where(eq(queuePileup.queue, queue))).map((p) => p.reason);
    await sampleQueues(app.db, new Date(base + 1_000), limits);
    await sampleQueues(app.db, new Date(base + 2_000), limits);
    expect(await opened()).toEqual([]);
    await sampleQueues(app.db, new Date(base + 3_000), limits);
    expect(await opened()).toEqual(['depth']);
  });

  it('needs the pages permissions', async () => {
    expect((await call('GET', QUEUE_MONITOR_API.queues, plain)).status).toBe(403);
    expect((await call('POST', QUEUE_MONITOR_API.pileups, plain, { page: 1, limit: 10 })).status).toBe(403);
  });
});
