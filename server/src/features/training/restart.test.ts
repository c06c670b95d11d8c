import { mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { TRAINING_API, TRAINING_STATE } from '@sentinel/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { jobQueue, trainingJob } from '../../db/schema/index.ts';
import { enqueueJob } from '../../platform/job-queue.ts';
import { type Backend, backends, body, buildTestApp, createTestDatabase } from '../../test/helpers.ts';
import { TRAINING_QUEUE } from './service.ts';
import {
  createDatasetVersion,
  createInstance,
  removeDir,
  startJob,
  tempDataDir,
  tokens,
  trainingConfig,
  waitForJob,
} from './test-support.ts';

const dataDir = tempDataDir();
afterAll(() => removeDir(dataDir));

/**
 * Lives of a server on one database. PGlite: one in-memory database outliving each app (an app
 * closes the PGlite it is given; each life gets a view of it whose close does nothing).
 */
async function lives(backend: Backend) {
  const tdb = await createTestDatabase(backend);
  const dir = mkdtempSync(join(dataDir, 'life-'));
  const shared = backend === 'pglite' ? new PGlite() : undefined;
  const keepOpen = (db: PGlite) =>
    new Proxy(db, {
      get(target, key) {
        if (key === 'close') return async () => undefined;
        const value: unknown = Reflect.get(target, key, target);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
  const start = (instanceId: string, epochMs = 30) =>
    buildTestApp(tdb, {
      ...trainingConfig(dir, { demoEpochMs: epochMs }),
      instanceId,
      ...(shared ? { pglite: keepOpen(shared) } : {}),
    });
  return {
    start,
    async end(...apps: FastifyInstance[]) {
      for (const app of apps) await app.close();
      await shared?.close();
      await tdb.drop();
    },
  };
}

/** A job as a crashed instance leaves it: in training at `epoch`, its queue entry running under `owner`. */
async function crashedJob(
  app: FastifyInstance,
  owner: string,
  options: { epoch: number; attempts: number; leaseMs: number },
) {
  const instance = await createInstance(app);
  const { versionId } = await createDatasetVersion(app, instance.id);
  const [job] = await app.db
    .insert(trainingJob)
    .values({
      algorithmId: instance.id,
      baseVersionId: instance.liveVersionId,
      datasetVersionId: versionId,
      state: TRAINING_STATE.training,
      epoch: options.epoch,
      progress: options.epoch * 10,
      epochs: 6,
      startedAt: new Date(),
    })
    .returning();
  if (!job) throw new Error('job not created');
  const queueId = await enqueueJob(app.db, `${TRAINING_QUEUE}-parked`, { jobId: job.id }, { maxAttempts: 3 });
  // Moved into the training queue as running under the dead owner in one statement (no worker can claim it).
  await app.db
    .update(jobQueue)
    .set({
      queue: TRAINING_QUEUE,
      state: 'running',
      owner,
      attempts: options.attempts,
      leaseUntil: new Date(Date.now() + options.leaseMs),
    })
    .where(eq(jobQueue.id, queueId));
  await app.db
    .update(trainingJob)
    .set({ queueJobId: String(queueId) })
    .where(eq(trainingJob.id, job.id));
  return job;
}

describe.each(backends)('a restart never leaves a job in training forever, on %s', (backend) => {
  it('a job whose instance died resumes at its epoch once the lease expires, on another instance', async () => {
    const db = await lives(backend);
    const app = await db.start('node-b');
    try {
      const { admin } = await tokens(app);
      const job = await crashedJob(app, 'node-dead', { epoch: 3, attempts: 1, leaseMs: -1 });
      const done = await waitForJob(app, admin, job.id, (j) => j.state === TRAINING_STATE.completed);
      expect(done.resultVersionId).not.toBeNull();
      const log = body<{ message: string }[]>(
        await app.inject({ method: 'GET', url: TRAINING_API.log(job.id), headers: { token: admin } }),
      ).data.map((l) => l.message);
      expect(log).toContain('the server running this training stopped; the job is queued again');
      expect(log).toContain('resumed at epoch 3 on node-b (attempt 2)');
      expect(log.filter((m) => m.startsWith('epoch ')).map((m) => m.split(' ')[1])).toEqual([
        '4/6',
        '5/6',
        '6/6',
      ]);
    } finally {
      await db.end(app);
    }
  });

  it('a job that lost its server too often ends as training error with the reason', async () => {
    const db = await lives(backend);
    const app = await db.start('node-b');
    try {
      const { admin } = await tokens(app);
      const job = await crashedJob(app, 'node-dead', { epoch: 2, attempts: 3, leaseMs: -1 });
      const failed = await waitForJob(app, admin, job.id, (j) => j.state === TRAINING_STATE.error);
      expect(failed.error).toBe('training.restartLost');
      expect(failed.epoch).toBe(2);
    } finally {
      await db.end(app);
    }
  });

  it('the same INSTANCE_ID starting again takes its jobs back at once, without waiting for the lease', async () => {
    const db = await lives(backend);
    const first = await db.start('node-x');
    const { admin } = await tokens(first);
    const job = await crashedJob(first, 'node-a', { epoch: 1, attempts: 1, leaseMs: 3_600_000 });
    await first.close();
    const second = await db.start('node-a');
    try {
      const done = await waitForJob(second, admin, job.id, (j) => j.state === TRAINING_STATE.completed);
      expect(done.epoch).toBe(6);
    } finally {
      await db.end(second);
    }
  });

  it('a clean shutdown gives the running job back; the next start resumes it', async () => {
    const db = await lives(backend);
    const first = await db.start('node-a', 60);
    const { admin } = await tokens(first);
    const instance = await createInstance(first);
    const { versionId } = await createDatasetVersion(first, instance.id);
    const job = await startJob(first, admin, instance.id, versionId, 12);
    await waitForJob(first, admin, job.id, (j) => j.epoch >= 2);
    await first.close();
    const second = await db.start('node-c', 10);
    try {
      const done = await waitForJob(second, admin, job.id, (j) => j.state === TRAINING_STATE.completed);
      expect(done.epoch).toBe(12);
      const log = body<{ message: string }[]>(
        await second.inject({ method: 'GET', url: TRAINING_API.log(job.id), headers: { token: admin } }),
      ).data.map((l) => l.message);
      expect(log.some((m) => m.startsWith('resumed at epoch') && m.includes('node-c'))).toBe(true);
    } finally {
      await db.end(second);
    }
  });
});

describe.each(backends.filter((b) => b === 'postgres'))(
  'two instances on one %s (PostgreSQL only)',
  (backend) => {
    it('race for the training jobs, never run one twice, and both servers take jobs', async () => {
      const db = await lives(backend);
      const a = await db.start('node-a', 20);
      const b = await db.start('node-b', 20);
      try {
        const { admin } = await tokens(a);
        const job = async (on: FastifyInstance, epochs: number) => {
          const instance = await createInstance(a);
          const { versionId } = await createDatasetVersion(a, instance.id);
          return startJob(on, admin, instance.id, versionId, epochs);
        };
        // A long job first: whichever server claims it is busy (one job at a time per worker), so
        // the short jobs queued while it runs can only be taken by the other one. Deterministic
        // "both servers ran a job" without relying on who polls first.
        const long = await job(a, 200);
        await waitForJob(a, admin, long.id, (j) => j.state === TRAINING_STATE.training && j.epoch >= 1);
        const jobs = [];
        for (let i = 0; i < 5; i += 1) jobs.push(await job(i % 2 ? b : a, 3));
        const startedOn = async (id: number) => {
          const log = body<{ message: string }[]>(
            await a.inject({ method: 'GET', url: TRAINING_API.log(id), headers: { token: admin } }),
          ).data.map((l) => l.message);
          expect(log.filter((m) => m.startsWith('epoch 1/'))).toHaveLength(1);
          const starts = log.filter((m) => m.startsWith('started on '));
          expect(starts).toHaveLength(1);
          return starts[0]?.slice('started on '.length);
        };
        const owners: (string | undefined)[] = [];
        for (const short of jobs) {
          await waitForJob(a, admin, short.id, (j) => j.state === TRAINING_STATE.completed);
          owners.push(await startedOn(short.id));
        }
        await a.inject({ method: 'POST', url: TRAINING_API.terminate(long.id), headers: { token: admin } });
        const longEnd = await waitForJob(a, admin, long.id, (j) => j.state !== TRAINING_STATE.training);
        expect([TRAINING_STATE.terminated, TRAINING_STATE.completed]).toContain(longEnd.state);
        const longOwner = await startedOn(long.id);
        // exactly once each, on one of the two servers; the long job's server took none of the
        // short ones while it ran, so both servers ran at least one job
        for (const owner of [longOwner, ...owners]) expect(['node-a', 'node-b']).toContain(owner);
        expect(new Set([longOwner, ...owners])).toEqual(new Set(['node-a', 'node-b']));
      } finally {
        await db.end(a, b);
      }
    }, 120_000);
  },
);
