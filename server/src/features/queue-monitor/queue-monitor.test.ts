import {
  type Envelope,
  type PileupListResult,
  QUEUE_MONITOR_API,
  type QueueMeasure,
  type QueueSamplesResult,
} from '@sentinel/contract';
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, exportFile, offlineAnalysis, queuePileup, serverInstance } from '../../db/schema/index.ts';
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
import { fanoutSource, sampleQueues } from './sampler.ts';

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
    await sampleQueues(app.db, new Date(base + 100_000), limits, fanoutSource(app));
    expect(await app.db.select().from(queuePileup).where(eq(queuePileup.queue, queue))).toEqual([]);
    await sampleQueues(app.db, new Date(base + 400_000), limits, fanoutSource(app));
    await sampleQueues(app.db, new Date(base + 450_000), limits, fanoutSource(app));
    const claimed = await claimJob(app.db, queue, 'me', new Date(), new Date(base + 600_000));
    if (!claimed) throw new Error('no job claimed');
    await finishJob(app.db, claimed.id, 'me', { state: 'done' });
    await sampleQueues(app.db, new Date(base + 500_000), limits, fanoutSource(app));
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
    await sampleQueues(app.db, new Date(base + 1_000), limits, fanoutSource(app));
    await sampleQueues(app.db, new Date(base + 2_000), limits, fanoutSource(app));
    expect(await opened()).toEqual([]);
    await sampleQueues(app.db, new Date(base + 3_000), limits, fanoutSource(app));
    expect(await opened()).toEqual(['depth']);
  });

  it('pausing a queue stops every claim, a pile-up opens on age; resuming drains it and closes the record', async () => {
    const queue = uniqueName('pause');
    await enqueueJob(app.db, queue, { n: 1 });
    const limits = { depth: 50, ageSeconds: 300, retentionDays: 7 };
    const base = Date.now();
    const pause = await call<{ paused: boolean }>('POST', QUEUE_MONITOR_API.pause(queue), admin);
    expect(pause).toMatchObject({ status: 200, body: { data: { paused: true } } });
    const measured = await call<QueueMeasure[]>('GET', QUEUE_MONITOR_API.queues, admin);
    const m = measured.body.data.find((q) => q.queue === queue);
    expect(m?.pausable).toBe(true);
    expect(m?.paused?.accountName).toBeTruthy();
    // No worker on any instance takes from a paused queue: every worker claims through claimJob.
    const until = new Date(base + 60_000);
    expect(await claimJob(app.db, queue, 'worker-a', new Date(), until)).toBeNull();
    await sampleQueues(app.db, new Date(base + 400_000), limits, fanoutSource(app));
    const open = await app.db.select().from(queuePileup).where(eq(queuePileup.queue, queue));
    expect(open.map((p) => [p.reason, p.closedAt])).toEqual([['age', null]]);

    const resume = await call<{ paused: boolean }>('POST', QUEUE_MONITOR_API.resume(queue), admin);
    expect(resume.body.data.paused).toBe(false);
    const job = await claimJob(app.db, queue, 'worker-a', new Date(), until);
    if (!job) throw new Error('the resumed queue gave no job');
    await finishJob(app.db, job.id, 'worker-a', { state: 'done' });
    await sampleQueues(app.db, new Date(base + 460_000), limits, fanoutSource(app));
    const [closed] = await app.db.select().from(queuePileup).where(eq(queuePileup.queue, queue));
    expect(closed).toMatchObject({ durationSeconds: 60, drainSeconds: 60 });
    const entries = await app.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.target, queue))
      .orderBy(desc(auditLog.id));
    expect(entries.map((e) => e.action)).toEqual(['queue.resume', 'queue.pause']);
  });

  it('refuses to pause what cannot pause (409) or does not exist (404), and needs the permission', async () => {
    expect((await call('POST', QUEUE_MONITOR_API.pause('exports'), admin)).status).toBe(409);
    expect((await call('POST', QUEUE_MONITOR_API.pause('eventFanout'), admin)).status).toBe(409);
    const unknown = await call('POST', QUEUE_MONITOR_API.pause(uniqueName('none')), admin);
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('There is no such queue');
    expect((await call('POST', QUEUE_MONITOR_API.pause('training'), plain)).status).toBe(403);
  });

  it('measures exports, offline analyses (paused too) and the event fan-out of every live instance', async () => {
    const now = new Date();
    const [owner] = await app.db.select({ id: exportFile.accountId }).from(exportFile).limit(1);
    const accountId = owner?.id ?? (await createAccount(app, { roles: ['admin'] })).id;
    const before = (await call<QueueMeasure[]>('GET', QUEUE_MONITOR_API.queues, admin)).body.data;
    const of = (list: QueueMeasure[], queue: string) => list.find((q) => q.queue === queue);
    await app.db.insert(exportFile).values([
      { accountId, fileName: 'a.xlsx', state: 1, finishedAt: now },
      { accountId, fileName: 'b.xlsx', state: 2, failure: 'export.failed', finishedAt: now },
    ]);
    await app.db.insert(offlineAnalysis).values({
      name: uniqueName('offline'),
      source: 'url',
      sourceName: 'http://example.invalid/v.mp4',
      algorithms: [],
      createdAt: new Date(now.getTime() - 30_000),
    });
    await app.db.insert(serverInstance).values({
      id: uniqueName('other'),
      hostname: 'other',
      pid: 1,
      startedAt: now,
      lastSeenAt: now,
      status: {
        fanout: {
          instanceId: uniqueName('other-instance'),
          streams: 3,
          stalled: 1,
          stalledSince: new Date(now.getTime() - 20_000).toISOString(),
          deliveredLastMinute: 40,
          droppedLastMinute: 2,
        },
      },
    });
    const after = (await call<QueueMeasure[]>('GET', QUEUE_MONITOR_API.queues, admin)).body.data;
    expect((of(after, 'exports')?.doneLastMinute ?? 0) - (of(before, 'exports')?.doneLastMinute ?? 0)).toBe(
      1,
    );
    expect(
      (of(after, 'exports')?.failedLastMinute ?? 0) - (of(before, 'exports')?.failedLastMinute ?? 0),
    ).toBe(1);
    expect(of(after, 'exports')?.pausable).toBe(false);
    const offline = of(after, 'offlineAnalyses');
    expect((offline?.depth ?? 0) - (of(before, 'offlineAnalyses')?.depth ?? 0)).toBe(1);
    expect(offline?.oldestAgeSeconds).toBeGreaterThanOrEqual(29);
    const fan = of(after, 'eventFanout');
    expect(fan).toMatchObject({ depth: 1, failedLastMinute: 2, pausable: false });
    expect(fan?.running).toBeGreaterThanOrEqual(3);
    expect(fan?.doneLastMinute).toBeGreaterThanOrEqual(40);
    expect(fan?.oldestAgeSeconds).toBeGreaterThanOrEqual(19);

    // A paused offline-analysis queue gives engines nothing.
    await call('POST', QUEUE_MONITOR_API.pause('offlineAnalyses'), admin);
    const paused = of(
      (await call<QueueMeasure[]>('GET', QUEUE_MONITOR_API.queues, admin)).body.data,
      'offlineAnalyses',
    );
    expect(paused?.paused).not.toBeNull();
    await call('POST', QUEUE_MONITOR_API.resume('offlineAnalyses'), admin);
    await app.db.delete(serverInstance).where(and(eq(serverInstance.hostname, 'other')));
  });

  it('answers the samples of the last hour for the chart', async () => {
    const queue = uniqueName('chart');
    await enqueueJob(app.db, queue, {});
    const limits = { depth: 50, ageSeconds: 3600, retentionDays: 7 };
    const at = new Date(Math.floor(Date.now() / 1000) * 1000 - 120_000);
    await sampleQueues(app.db, at, limits, fanoutSource(app));
    const res = await call<QueueSamplesResult>('GET', `${QUEUE_MONITOR_API.samples}?minutes=60`, admin);
    expect(res.status).toBe(200);
    expect(res.body.data.list.filter((p) => p.queue === queue)).toEqual([
      { queue, at: at.toISOString(), depth: 1, oldestAgeSeconds: 0, done: 0, failed: 0 },
    ]);
    expect(res.body.data.intervalSeconds).toBeGreaterThan(0);
    expect((await call('GET', `${QUEUE_MONITOR_API.samples}?minutes=1`, admin)).status).toBe(400);
  });

  it('needs the pages permissions', async () => {
    expect((await call('GET', QUEUE_MONITOR_API.queues, plain)).status).toBe(403);
    expect((await call('POST', QUEUE_MONITOR_API.pileups, plain, { page: 1, limit: 10 })).status).toBe(403);
  });
});
