import { TRAINING_API, TRAINING_EVENTS, TRAINING_STATE, type TrainingJobItem } from '@sentinel/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { algorithm, algorithmVersion, auditLog, jobQueue, trainingJob } from '../../db/schema/index.ts';
import type { BusEvent } from '../../platform/event-bus.ts';
import { backends, body, useTestApp } from '../../test/helpers.ts';
import {
  createDatasetVersion,
  createInstance,
  expectRefusedAsIs,
  getJob,
  injected,
  removeDir,
  startJob,
  tempDataDir,
  tokens,
  trainingConfig,
  waitForJob,
} from './test-support.ts';

const dataDir = tempDataDir();
afterAll(() => removeDir(dataDir));

describe.each(backends)('retraining with the built-in trainer on %s', (backend) => {
  // Leases long enough that a loaded machine never loses a running job here (restart.test.ts
  // covers lost leases with short ones).
  const t = useTestApp(backend, {
    ...trainingConfig(dataDir),
    jobLease: { leaseMs: 10_000, renewMs: 1_000, sweepMs: 500 },
  });
  let admin = '';
  let nobody = '';
  const events: BusEvent[] = [];
  beforeAll(async () => {
    ({ admin, nobody } = await tokens(t.app));
    t.app.bus.subscribe((event) => {
      if (event.type.startsWith('training.')) events.push(event);
    });
  });
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, lang = 'en', token = admin) =>
    t.app.inject({ method, url, headers: { token, lang }, ...(payload ? { payload } : {}) });

  it('step 1 lists the frozen versions of this instance’s datasets only, and says the trainer is simulated', async () => {
    const mine = await createInstance(t.app);
    const other = await createInstance(t.app);
    const { versionId } = await createDatasetVersion(t.app, mine.id);
    await createDatasetVersion(t.app, other.id);
    const res = await call('GET', TRAINING_API.instance(mine.id));
    expect(res.statusCode).toBe(200);
    const data = body<{ datasetVersions: { id: number }[]; trainer: string; liveVersion: { id: number } }>(
      res,
    ).data;
    expect(data.datasetVersions.map((v) => v.id)).toEqual([versionId]);
    expect(data.trainer).toBe('builtin');
    expect(data.liveVersion.id).toBe(mine.liveVersionId);
    expect((await call('GET', TRAINING_API.instance(999_999))).statusCode).toBe(404);
    expect((await call('GET', TRAINING_API.instance(mine.id), undefined, 'en', nobody)).statusCode).toBe(403);
  });

  it('refuses a dataset version of another instance with the SPEC rule, in both languages', async () => {
    const mine = await createInstance(t.app);
    const other = await createInstance(t.app);
    const foreign = await createDatasetVersion(t.app, other.id);
    for (const [lang, text] of [
      ['en', 'Batch retraining only for the same instance'],
      ['zh-CN', '批量再训练仅限同一实例'],
    ]) {
      const payload = { algorithmId: mine.id, datasetVersionId: foreign.versionId };
      const preview = await call('POST', TRAINING_API.preview, payload, lang);
      expect(preview.statusCode).toBe(400);
      expect(body(preview).message).toBe(text);
      const create = await call('PUT', TRAINING_API.create, { ...payload, epochs: 3 }, lang);
      expect(create.statusCode).toBe(400);
      expect(body(create).message).toBe(text);
    }
    const unknown = await call('POST', TRAINING_API.preview, {
      algorithmId: mine.id,
      datasetVersionId: 999_999,
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('refuses below the minimum: fewer than 20 images, or a trained class without a box', async () => {
    const instance = await createInstance(t.app, ['helmet', 'vest']);
    const few = await createDatasetVersion(t.app, instance.id, {
      labelled: 10,
      negatives: 5,
      classes: ['helmet', 'vest'],
    });
    const res = await call(
      'PUT',
      TRAINING_API.create,
      { algorithmId: instance.id, datasetVersionId: few.versionId, epochs: 3 },
      'zh-CN',
    );
    expect(res.statusCode).toBe(400);
    expect(body(res).message).toBe('训练至少需要20张图片');
    const noVest = await createDatasetVersion(t.app, instance.id, { labelled: 25, classes: ['helmet'] });
    const preview = await call('POST', TRAINING_API.preview, {
      algorithmId: instance.id,
      datasetVersionId: noVest.versionId,
    });
    expect(body<{ problems: unknown[] }>(preview).data.problems).toEqual([
      { code: 'training.classWithoutBoxes', cls: 'vest', min: 1 },
    ]);
    const refused = await call('PUT', TRAINING_API.create, {
      algorithmId: instance.id,
      datasetVersionId: noVest.versionId,
      epochs: 3,
    });
    expect(refused.statusCode).toBe(400);
    expect(body(refused).message).toBe('Every trained class needs at least one labelled box');
    const epochs = await call('PUT', TRAINING_API.create, {
      algorithmId: instance.id,
      datasetVersionId: noVest.versionId,
      epochs: 0,
    });
    expect(epochs.statusCode).toBe(400);
  });

  it('runs a job from not started through in training to completed: a new version with metrics, not live', async () => {
    const instance = await createInstance(t.app);
    const { versionId } = await createDatasetVersion(t.app, instance.id, { labelled: 20, negatives: 30 });
    const created = await startJob(t.app, admin, instance.id, versionId, 6);
    expect(created.state).toBe(TRAINING_STATE.notStarted);
    const busy = await call('PUT', TRAINING_API.create, {
      algorithmId: instance.id,
      datasetVersionId: versionId,
      epochs: 2,
    });
    expect(busy.statusCode).toBe(409);
    const done = await waitForJob(t.app, admin, created.id, (j) => j.state === TRAINING_STATE.completed);
    expect(done).toMatchObject({ progress: 100, epoch: 6, epochs: 6, resultVersionNumber: 2, error: '' });
    const detail = await getJob(t.app, admin, created.id);
    const metrics = detail.resultVersion?.metrics as { precision: number; falsePositiveRate: number };
    expect(metrics.precision).toBeGreaterThan(0.8);
    expect(metrics.falsePositiveRate).toBeLessThan(0.2);
    const [version] = await t.app.db
      .select()
      .from(algorithmVersion)
      .where(eq(algorithmVersion.id, done.resultVersionId ?? 0));
    expect(version).toMatchObject({ source: 'training', trainingJobId: created.id, number: 2 });
    expect(version?.sha256).toMatch(/^[0-9a-f]{64}$/);
    const [owner] = await t.app.db.select().from(algorithm).where(eq(algorithm.id, instance.id));
    expect(owner?.liveVersionId).toBe(instance.liveVersionId);
    // progress and log lines went out live, and stay readable
    const progress = events
      .filter((e) => e.type === TRAINING_EVENTS.updated && (e.data as TrainingJobItem).id === created.id)
      .map((e) => (e.data as TrainingJobItem).epoch);
    expect(progress).toEqual(expect.arrayContaining([1, 2, 3, 4, 5, 6]));
    const logEvents = events.filter(
      (e) => e.type === TRAINING_EVENTS.log && (e.data as { jobId: number }).jobId === created.id,
    );
    expect(logEvents.length).toBeGreaterThanOrEqual(8);
    const log = body<{ message: string }[]>(
      await call('GET', `${TRAINING_API.log(created.id)}?after=0`),
    ).data;
    expect(log.map((l) => l.message)).toEqual(
      expect.arrayContaining([expect.stringMatching(/^epoch 6\/6/), 'completed: version 2']),
    );
    const [audit] = await t.app.db.select().from(auditLog).where(eq(auditLog.action, 'training.create'));
    expect(audit?.target).toBeDefined();
    // ended: every change is refused with the job as it is
    const again = await call('POST', TRAINING_API.terminate(created.id));
    const asIs = await expectRefusedAsIs(t.app, admin, injected(again), created.id, TRAINING_STATE.completed);
    expect(asIs).toMatchObject({ resultVersionId: done.resultVersionId, progress: 100, epoch: 6 });
    // the metrics are deterministic for a dataset: the same data trains to the same metrics
    const second = await startJob(t.app, admin, instance.id, versionId, 6);
    await waitForJob(t.app, admin, second.id, (j) => j.state === TRAINING_STATE.completed);
    expect((await getJob(t.app, admin, second.id)).metrics?.precision).toBe(done.metrics?.precision);
    // and what changed since the last training is measured against that job's dataset version
    const preview = await call('POST', TRAINING_API.preview, {
      algorithmId: instance.id,
      datasetVersionId: versionId,
    });
    expect(body<{ lastTraining: { jobId: number }; negatives: object }>(preview).data).toMatchObject({
      lastTraining: { jobId: second.id },
      negatives: { now: 30, before: 30 },
    });
  });

  it('terminates a job in training (keeping its log and progress) and one not started; then refuses', async () => {
    const slow = await createInstance(t.app);
    const waiting = await createInstance(t.app);
    const a = await createDatasetVersion(t.app, slow.id);
    const b = await createDatasetVersion(t.app, waiting.id);
    const running = await startJob(t.app, admin, slow.id, a.versionId, 200);
    const queued = await startJob(t.app, admin, waiting.id, b.versionId, 2);
    const atEpoch = await waitForJob(t.app, admin, running.id, (j) => j.epoch >= 2);
    expect(atEpoch.state).toBe(TRAINING_STATE.training);
    // one job at a time on this instance: the second waits, not started
    expect((await getJob(t.app, admin, queued.id)).state).toBe(TRAINING_STATE.notStarted);
    const stopped = await call('POST', TRAINING_API.terminate(queued.id), undefined, 'zh-CN');
    expect(stopped.statusCode).toBe(200);
    expect(body(stopped).message).toBe('训练已终止');
    const res = await call('POST', TRAINING_API.terminate(running.id));
    expect(res.statusCode).toBe(200);
    const terminated = body<TrainingJobItem>(res).data;
    expect(terminated.state).toBe(TRAINING_STATE.terminated);
    expect(terminated.epoch).toBeGreaterThanOrEqual(2);
    expect(terminated.metrics).not.toBeNull();
    for (const id of [running.id, queued.id]) {
      const again = await call('POST', TRAINING_API.terminate(id));
      await expectRefusedAsIs(t.app, admin, injected(again), id, TRAINING_STATE.terminated);
    }
    const [jobRow] = await t.app.db.select().from(trainingJob).where(eq(trainingJob.id, running.id));
    const [queueRow] = await t.app.db
      .select()
      .from(jobQueue)
      .where(eq(jobQueue.id, Number(jobRow?.queueJobId)));
    // Ended, never to be claimed again: cancelled by the terminate, or done when the worker saw the
    // terminated job between two epochs and returned before the terminate reached the queue.
    expect(['cancelled', 'done']).toContain(queueRow?.state);
    // the work stopped: a later job of the same instance runs to its end while the terminated one stays as it was
    const next = await startJob(t.app, admin, slow.id, a.versionId, 3);
    await waitForJob(t.app, admin, next.id, (j) => j.state === TRAINING_STATE.completed);
    const after = await getJob(t.app, admin, running.id);
    expect(after).toMatchObject({
      state: TRAINING_STATE.terminated,
      epoch: terminated.epoch,
      resultVersionId: null,
    });
    const log = body<{ message: string }[]>(await call('GET', TRAINING_API.log(running.id))).data;
    expect(log.some((l) => l.message.startsWith('epoch 2/200'))).toBe(true);
    expect(log.at(-1)?.message).toMatch(/^terminated by/);
    expect((await call('POST', TRAINING_API.terminate(999_999))).statusCode).toBe(404);
  });

  it('lists an instance’s jobs, newest first', async () => {
    const instance = await createInstance(t.app);
    const { versionId } = await createDatasetVersion(t.app, instance.id);
    const job = await startJob(t.app, admin, instance.id, versionId, 1);
    await waitForJob(t.app, admin, job.id, (j) => j.state === TRAINING_STATE.completed);
    const res = await call('POST', TRAINING_API.list, { page: 1, limit: 10, algorithmId: instance.id });
    expect(body<{ list: TrainingJobItem[]; count: number }>(res).data).toMatchObject({
      count: 1,
      list: [{ id: job.id, state: TRAINING_STATE.completed, resultVersionNumber: 2 }],
    });
  });
});
