import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client.ts';
import { jobQueue } from '../db/schema/index.ts';
import { keepLease, leaseUntil, scheduleLeaseSweep } from './job-lease.ts';
import { queueNotPaused } from './queue-pause.ts';

/**
 * A database-backed job queue on the `job_queue` table (training today; reports and outbound
 * deliveries next). One SQL dialect for PostgreSQL and PGlite: a worker claims the oldest due job of
 * its queue with `FOR UPDATE SKIP LOCKED`, so two instances on one database never take the same
 * job; the claim carries the instance (`owner`) and a lease renewed while the handler works
 * (platform/job-lease.ts). A job whose lease ran out (its instance died) is put back in the queue
 * by the sweep of whichever instance runs first — or at once by the same INSTANCE_ID restarting —
 * until its attempts are used up, then failed with a reason the queue's `onGiveUp` hears. A failed
 * run is retried with exponential backoff. On close the worker stops claiming, aborts its running
 * handlers (they return without finishing) and gives their jobs back to the queue.
 * Why not pg-boss: see README "Design notes".
 */

export type QueueJobRow = typeof jobQueue.$inferSelect;

export interface QueueJob<P> {
  id: number;
  queue: string;
  payload: P;
  /** 1 on the first run. */
  attempts: number;
  maxAttempts: number;
}

export interface EnqueueOptions {
  runAfter?: Date;
  maxAttempts?: number;
}

/** Adds a job; answers its id. Pass a transaction as `db` to enqueue with the row that needs it. */
export async function enqueueJob(db: Db, queue: string, payload: unknown, options: EnqueueOptions = {}) {
  const [row] = await db
    .insert(jobQueue)
    .values({
      queue,
      payload,
      maxAttempts: options.maxAttempts ?? 3,
      ...(options.runAfter ? { runAfter: options.runAfter } : {}),
    })
    .returning({ id: jobQueue.id });
  if (!row) throw new Error('job not enqueued');
  return row.id;
}

/** Claims the oldest due job of the queue for `owner` (null when none waits). */
export async function claimJob<P>(
  db: Db,
  queue: string,
  owner: string,
  now: Date,
  until: Date,
): Promise<QueueJob<P> | null> {
  // JavaScript's clock has millisecond resolution, PostgreSQL's microsecond: a job enqueued in the
  // same millisecond as `now` (run_after defaults to the database's now()) is due, not 0.5 ms early.
  const claimed = await db.execute(sql`
    UPDATE job_queue SET state = 'running', owner = ${owner}, lease_until = ${until.toISOString()}::timestamptz,
      attempts = attempts + 1, updated_at = ${now.toISOString()}::timestamptz
    WHERE id = (
      SELECT id FROM job_queue
      WHERE queue = ${queue} AND state = 'queued'
        AND run_after < ${now.toISOString()}::timestamptz + interval '1 millisecond'
        AND ${queueNotPaused(queue)}
      ORDER BY run_after, id
      LIMIT 1
      FOR UPDATE SKIP LOCKED
    )
    RETURNING id, queue, payload, attempts, max_attempts`);
  // Both drivers answer { rows } (node-postgres QueryResult, PGlite Results).
  const row = (
    claimed as unknown as {
      rows: { id: string | number; queue: string; payload: P; attempts: number; max_attempts: number }[];
    }
  ).rows[0];
  if (!row) return null;
  return {
    id: Number(row.id),
    queue: row.queue,
    payload: row.payload,
    attempts: row.attempts,
    maxAttempts: row.max_attempts,
  };
}

const mine = (id: number, owner: string) =>
  and(eq(jobQueue.id, id), eq(jobQueue.state, 'running'), eq(jobQueue.owner, owner));

/** Extends a running job's lease; false when the job is no longer this owner's. */
export async function renewJob(db: Db, id: number, owner: string, until: Date): Promise<boolean> {
  const rows = await db
    .update(jobQueue)
    .set({ leaseUntil: until })
    .where(mine(id, owner))
    .returning({ id: jobQueue.id });
  return rows.length > 0;
}

/** Ends a job this owner runs: done, failed for good, back in the queue (retry) or released. */
export async function finishJob(
  db: Db,
  id: number,
  owner: string,
  outcome:
    | { state: 'done' }
    | { state: 'failed'; error: string }
    | { state: 'retry'; error: string; runAfter: Date }
    | { state: 'release' },
): Promise<boolean> {
  const now = new Date();
  const set =
    outcome.state === 'done'
      ? { state: 'done', owner: null, leaseUntil: null, updatedAt: now }
      : outcome.state === 'failed'
        ? { state: 'failed', owner: null, leaseUntil: null, lastError: outcome.error, updatedAt: now }
        : outcome.state === 'retry'
          ? {
              state: 'queued',
              owner: null,
              leaseUntil: null,
              lastError: outcome.error,
              runAfter: outcome.runAfter,
              updatedAt: now,
            }
          : // Released on shutdown: the run does not count as an attempt.
            {
              state: 'queued',
              owner: null,
              leaseUntil: null,
              attempts: sql`greatest(${jobQueue.attempts} - 1, 0)`,
              updatedAt: now,
            };
  const rows = await db.update(jobQueue).set(set).where(mine(id, owner)).returning({ id: jobQueue.id });
  return rows.length > 0;
}

/** Cancels a job that has not ended (queued or running); true when it was. */
export async function cancelJob(db: Db, id: number): Promise<boolean> {
  const rows = await db
    .update(jobQueue)
    .set({ state: 'cancelled', owner: null, leaseUntil: null, updatedAt: new Date() })
    .where(and(eq(jobQueue.id, id), inArray(jobQueue.state, ['queued', 'running'])))
    .returning({ id: jobQueue.id });
  return rows.length > 0;
}

export async function findJob(db: Db, id: number): Promise<QueueJobRow | undefined> {
  const [row] = await db.select().from(jobQueue).where(eq(jobQueue.id, id));
  return row;
}

/**
 * Running jobs of `queue` whose lease ran out — or, with `owner`, every running job of that owner
 * (its previous life) — go back to the queue, or fail when their attempts are used up. Each row is
 * taken under `FOR UPDATE SKIP LOCKED`, so two sweeping instances never handle the same job.
 * Answers the jobs failed for good.
 */
export async function sweepJobs(
  db: Db,
  queue: string,
  now: Date,
  owner?: string,
): Promise<{ requeued: QueueJobRow[]; failed: QueueJobRow[] }> {
  return db.transaction(async (tx) => {
    const stale = await tx
      .select()
      .from(jobQueue)
      .where(
        and(
          eq(jobQueue.queue, queue),
          eq(jobQueue.state, 'running'),
          owner
            ? sql`(${jobQueue.owner} = ${owner} OR ${jobQueue.leaseUntil} < ${now})`
            : lt(jobQueue.leaseUntil, now),
        ),
      )
      .for('update', { skipLocked: true });
    const requeued: QueueJobRow[] = [];
    const failed: QueueJobRow[] = [];
    for (const job of stale) {
      const givingUp = job.attempts >= job.maxAttempts;
      const lastError = `lease of ${job.owner ?? '?'} expired`;
      await tx
        .update(jobQueue)
        .set({
          state: givingUp ? 'failed' : 'queued',
          owner: null,
          leaseUntil: null,
          lastError,
          runAfter: now,
          updatedAt: now,
        })
        .where(eq(jobQueue.id, job.id));
      (givingUp ? failed : requeued).push({ ...job, lastError });
    }
    return { requeued, failed };
  });
}

export interface WorkerContext {
  /** Aborted when the app closes or the job is cancelled: stop and return (the job is released). */
  signal: AbortSignal;
}

export interface WorkerOptions<P> {
  queue: string;
  /** How often to look for a due job when idle (default 1 s). */
  pollMs?: number;
  /** Jobs run at once on this instance (default 1). */
  concurrency?: number;
  /** First retry delay; doubled per attempt (default 5 s). */
  backoffMs?: number;
  handler: (job: QueueJob<P>, context: WorkerContext) => Promise<void>;
  /** A job failed for good (attempts used up, by its handler or by the sweep). */
  onGiveUp?: (job: { id: number; payload: P }, reason: string) => Promise<void>;
  /** A lease sweep put a job back in the queue (its instance died). */
  onRequeue?: (job: { id: number; payload: P }) => Promise<void>;
}

export interface QueueWorker {
  /** Looks for due jobs now (after an enqueue), instead of at the next poll. */
  poke(): void;
  /** Aborts the run of this job on this instance, if it runs here (cancel). */
  abort(jobId: number): void;
}

/**
 * Runs a queue's jobs on this instance until the app closes, and sweeps expired leases
 * (scheduleLeaseSweep: at start it takes back this INSTANCE_ID's own jobs at once).
 */
export function startQueueWorker<P>(app: FastifyInstance, options: WorkerOptions<P>): QueueWorker {
  const owner = app.appConfig.instanceId;
  const pollMs = options.pollMs ?? 1_000;
  const concurrency = options.concurrency ?? 1;
  const backoffMs = options.backoffMs ?? 5_000;
  const running = new Map<number, { controller: AbortController; done: Promise<void> }>();
  let timer: NodeJS.Timeout | undefined;
  let closed = false;
  let started = false;
  let looking: Promise<void> | undefined;

  const run = async (job: QueueJob<P>, controller: AbortController) => {
    const stopLease = keepLease(app, async () => {
      if (!(await renewJob(app.db, job.id, owner, leaseUntil(app)))) controller.abort();
    });
    try {
      await options.handler(job, { signal: controller.signal });
      if (controller.signal.aborted) {
        if (closed) await finishJob(app.db, job.id, owner, { state: 'release' });
      } else {
        await finishJob(app.db, job.id, owner, { state: 'done' });
      }
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      if (closed && controller.signal.aborted) {
        await finishJob(app.db, job.id, owner, { state: 'release' });
      } else if (job.attempts >= job.maxAttempts) {
        if (await finishJob(app.db, job.id, owner, { state: 'failed', error: reason })) {
          await options.onGiveUp?.({ id: job.id, payload: job.payload }, reason);
        }
      } else {
        const delay = backoffMs * 2 ** (job.attempts - 1);
        const runAfter = new Date(app.appConfig.now().getTime() + delay);
        await finishJob(app.db, job.id, owner, { state: 'retry', error: reason, runAfter });
      }
    } finally {
      stopLease();
    }
  };

  const look = async () => {
    while (!closed && running.size < concurrency) {
      const job = await claimJob<P>(app.db, options.queue, owner, app.appConfig.now(), leaseUntil(app));
      if (!job) return;
      const entry = { controller: new AbortController(), done: Promise.resolve() };
      entry.done = run(job, entry.controller)
        .catch((error: unknown) =>
          app.log.error({ err: error, job: job.id }, `${options.queue}: job run failed`),
        )
        .finally(() => {
          running.delete(job.id);
          poke();
        });
      running.set(job.id, entry);
    }
  };
  const poke = () => {
    if (closed || !started) return;
    looking ??= look()
      .catch((error: unknown) => app.log.warn({ err: error }, `${options.queue}: claim failed`))
      .finally(() => {
        looking = undefined;
      });
  };

  scheduleLeaseSweep(app, `queue ${options.queue}`, async ({ atStart }) => {
    const { requeued, failed } = await sweepJobs(
      app.db,
      options.queue,
      app.appConfig.now(),
      atStart ? owner : undefined,
    );
    for (const job of requeued) await options.onRequeue?.({ id: job.id, payload: job.payload as P });
    for (const job of failed) {
      await options.onGiveUp?.({ id: job.id, payload: job.payload as P }, job.lastError);
    }
    if (requeued.length > 0) poke();
  });
  app.addHook('onReady', async () => {
    started = true;
    timer = setInterval(poke, pollMs);
    timer.unref();
    poke();
  });
  app.addHook('preClose', async () => {
    closed = true;
    if (timer) clearInterval(timer);
    await looking;
    for (const entry of running.values()) entry.controller.abort();
    await Promise.all([...running.values()].map((entry) => entry.done));
  });

  return {
    poke,
    abort(jobId) {
      running.get(jobId)?.controller.abort();
    },
  };
}
