import type { QueueMeasure } from '@sentinel/contract';
import { and, desc, eq, isNull, lt } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { queuePileup, queueSample } from '../../db/schema/index.ts';
import { type FanoutSource, measureQueues } from './repo.ts';

export interface PileupLimits {
  /** Depth above this for 3 samples in a row opens a pile-up. */
  depth: number;
  /** An oldest waiting item older than this (seconds) opens a pile-up (a stalled queue). */
  ageSeconds: number;
}

const SUSTAINED = 3;
const secondsBetween = (a: Date, b: Date) => Math.max(0, Math.round((b.getTime() - a.getTime()) / 1000));

/** One tick: writes a queue_sample per queue and opens, updates or closes its pile-up. */
export async function sampleQueues(
  db: Db,
  now: Date,
  limits: PileupLimits,
  fanout: FanoutSource,
): Promise<QueueMeasure[]> {
  const measures = await measureQueues(db, now, fanout);
  for (const m of measures) {
    const written = await db
      .insert(queueSample)
      .values({
        queue: m.queue,
        at: now,
        depth: m.depth,
        oldestAgeSeconds: m.oldestAgeSeconds,
        done: m.doneLastMinute,
        failed: m.failedLastMinute,
      })
      .onConflictDoNothing()
      .returning({ queue: queueSample.queue });
    // One sample per queue and tick: with several instances, only the one whose row lands judges.
    if (written.length > 0) await judge(db, m, now, limits);
  }
  return measures;
}

/** Deletes the samples older than `retentionDays` (the plan task `queueSampleRetention`); answers how many. */
export async function pruneSamples(db: Db, now: Date, retentionDays: number): Promise<number> {
  const deleted = await db
    .delete(queueSample)
    .where(lt(queueSample.at, new Date(now.getTime() - retentionDays * 86_400_000)))
    .returning({ queue: queueSample.queue });
  return deleted.length;
}

async function judge(db: Db, m: QueueMeasure, now: Date, limits: PileupLimits): Promise<void> {
  const age = m.oldestAgeSeconds ?? 0;
  const recent = await db
    .select({ depth: queueSample.depth })
    .from(queueSample)
    .where(eq(queueSample.queue, m.queue))
    .orderBy(desc(queueSample.at))
    .limit(SUSTAINED);
  const deep = recent.length === SUSTAINED && recent.every((s) => s.depth > limits.depth);
  const old = age > limits.ageSeconds;
  const [open] = await db
    .select()
    .from(queuePileup)
    .where(and(eq(queuePileup.queue, m.queue), isNull(queuePileup.closedAt)));
  if (!open) {
    if (!deep && !old) return;
    await db
      .insert(queuePileup)
      .values({
        queue: m.queue,
        openedAt: now,
        reason: deep ? 'depth' : 'age',
        peakDepth: m.depth,
        peakAgeSeconds: age,
        peakAt: now,
      })
      .onConflictDoNothing();
    return;
  }
  if (m.depth <= limits.depth && age <= limits.ageSeconds) {
    await db
      .update(queuePileup)
      .set({
        closedAt: now,
        durationSeconds: secondsBetween(open.openedAt, now),
        drainSeconds: secondsBetween(open.peakAt ?? open.openedAt, now),
      })
      .where(eq(queuePileup.id, open.id));
    return;
  }
  const higher = m.depth > open.peakDepth || age > open.peakAgeSeconds;
  if (higher) {
    await db
      .update(queuePileup)
      .set({
        peakDepth: Math.max(open.peakDepth, m.depth),
        peakAgeSeconds: Math.max(open.peakAgeSeconds, age),
        peakAt: now,
      })
      .where(eq(queuePileup.id, open.id));
  }
}

/** The event fan-out's measures: this instance's live ones, others' from status rows fresher than 3 intervals. */
export const fanoutSource = (app: FastifyInstance): FanoutSource => ({
  live: app.fanout.snapshot(),
  freshSince: new Date(app.appConfig.now().getTime() - 3 * app.appConfig.statusMs),
});

/**
 * Samples every QUEUE_SAMPLE_SECONDS until the app closes. The tick's time is rounded down to the
 * period, so instances sampling the same tick write the same (queue, at) key and only one judges.
 */
export function scheduleSampler(app: FastifyInstance): void {
  const { sampleMs, retentionDays, pileupDepth, pileupAgeSeconds } = app.appConfig.queues;
  const limits = { depth: pileupDepth, ageSeconds: pileupAgeSeconds };
  // Samples older than QUEUE_SAMPLE_DAYS: the plan task `queueSampleRetention`, hourly by default.
  app.planTasks.register({
    code: 'queueSampleRetention',
    defaultCron: '23 * * * *',
    timeLimitMs: 5 * 60_000,
    run: async () => ({ deleted: await pruneSamples(app.db, app.appConfig.now(), retentionDays) }),
  });
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  const tick = () => {
    const now = app.appConfig.now().getTime();
    running ??= sampleQueues(app.db, new Date(now - (now % sampleMs)), limits, fanoutSource(app))
      .catch((error: unknown) => app.log.warn({ err: error }, 'queue sampler failed'))
      .finally(() => {
        running = undefined;
      });
  };
  app.addHook('onReady', async () => {
    timer = setInterval(tick, sampleMs);
    timer.unref();
  });
  app.addHook('preClose', async () => {
    if (timer) clearInterval(timer);
    await running;
  });
}
