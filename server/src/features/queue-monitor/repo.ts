import {
  type PileupItem,
  type PileupListResult,
  QUEUE_NAME,
  type QueueMeasure,
  type QueueSamplesResult,
  UNPAUSABLE_QUEUES,
} from '@sentinel/contract';
import { asc, count, desc, eq, gte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  exportFile,
  jobQueue,
  offlineAnalysis,
  queuePileup,
  queueSample,
  serverInstance,
} from '../../db/schema/index.ts';
import type { FanoutSnapshot } from '../../platform/fanout-stats.ts';
import { pausedQueues } from '../../platform/queue-pause.ts';
import { pageOffset } from '../../platform/sql.ts';

/** Queues shown even when they have never held an item (with zeros). */
export const DECLARED_QUEUES = [
  QUEUE_NAME.exports,
  QUEUE_NAME.offlineAnalyses,
  QUEUE_NAME.training,
  QUEUE_NAME.eventFanout,
] as const;

type Figures = Pick<
  QueueMeasure,
  'depth' | 'running' | 'oldestAgeSeconds' | 'doneLastMinute' | 'failedLastMinute'
>;

const ZERO: Figures = {
  depth: 0,
  running: 0,
  oldestAgeSeconds: null,
  doneLastMinute: 0,
  failedLastMinute: 0,
};

export interface FanoutSource {
  /** This instance's live measures. */
  live: FanoutSnapshot;
  /** Other instances' rows last seen before this are stale and not counted. */
  freshSince: Date;
}

const ageAt = (now: Date) => (oldest: Date | string | null | undefined) =>
  oldest ? Math.max(0, Math.floor((now.getTime() - new Date(oldest).getTime()) / 1000)) : null;

/** What each measuring query selects: counts and the oldest waiting item's time. */
interface Counted {
  depth: number;
  running: number;
  oldest: Date | string | null;
  done: number;
  failed: number;
}

const figuresAt =
  (now: Date) =>
  (r: Counted | undefined): Figures =>
    r
      ? {
          depth: r.depth,
          running: r.running,
          oldestAgeSeconds: ageAt(now)(r.oldest),
          doneLastMinute: r.done,
          failedLastMinute: r.failed,
        }
      : ZERO;

/** job_queue, grouped by queue. */
async function jobQueues(db: Db, now: Date, minuteAgo: Date): Promise<Map<string, Figures>> {
  const rows = await db
    .select({
      queue: jobQueue.queue,
      depth: sql<number>`count(*) filter (where ${jobQueue.state} = 'queued')`.mapWith(Number),
      running: sql<number>`count(*) filter (where ${jobQueue.state} = 'running')`.mapWith(Number),
      oldest: sql<Date | null>`min(${jobQueue.createdAt}) filter (where ${jobQueue.state} = 'queued')`,
      done: sql<number>`count(*) filter (where ${jobQueue.state} = 'done' and ${jobQueue.updatedAt} >= ${minuteAgo})`.mapWith(
        Number,
      ),
      failed:
        sql<number>`count(*) filter (where ${jobQueue.state} = 'failed' and ${jobQueue.updatedAt} >= ${minuteAgo})`.mapWith(
          Number,
        ),
    })
    .from(jobQueue)
    .groupBy(jobQueue.queue);
  return new Map(rows.map((r) => [r.queue, figuresAt(now)(r)]));
}

/** Download-centre files: generating ones not yet claimed wait, claimed ones run; finished ones count. */
async function exportsQueue(db: Db, now: Date, minuteAgo: Date): Promise<Figures> {
  const [r] = await db
    .select({
      depth:
        sql<number>`count(*) filter (where ${exportFile.state} = 0 and ${exportFile.failure} = '' and ${exportFile.owner} is null)`.mapWith(
          Number,
        ),
      running:
        sql<number>`count(*) filter (where ${exportFile.state} = 0 and ${exportFile.failure} = '' and ${exportFile.owner} is not null)`.mapWith(
          Number,
        ),
      oldest: sql<Date | null>`min(${exportFile.gmtCreate}) filter (where ${exportFile.state} = 0 and ${exportFile.failure} = '' and ${exportFile.owner} is null)`,
      done: sql<number>`count(*) filter (where ${exportFile.state} = 1 and ${exportFile.finishedAt} >= ${minuteAgo})`.mapWith(
        Number,
      ),
      failed:
        sql<number>`count(*) filter (where ${exportFile.failure} <> '' and ${exportFile.finishedAt} >= ${minuteAgo})`.mapWith(
          Number,
        ),
    })
    .from(exportFile)
    .where(
      sql`(${exportFile.state} = 0 and ${exportFile.failure} = '') or ${exportFile.finishedAt} >= ${minuteAgo}`,
    );
  return figuresAt(now)(r);
}

/** Offline analyses: waiting (0) for an engine, analyzing (1), finished (2) or failed (3) lately. */
async function offlineQueue(db: Db, now: Date, minuteAgo: Date): Promise<Figures> {
  const [r] = await db
    .select({
      depth: sql<number>`count(*) filter (where ${offlineAnalysis.state} = 0)`.mapWith(Number),
      running: sql<number>`count(*) filter (where ${offlineAnalysis.state} = 1)`.mapWith(Number),
      oldest: sql<Date | null>`min(${offlineAnalysis.createdAt}) filter (where ${offlineAnalysis.state} = 0)`,
      done: sql<number>`count(*) filter (where ${offlineAnalysis.state} = 2 and ${offlineAnalysis.finishedAt} >= ${minuteAgo})`.mapWith(
        Number,
      ),
      failed:
        sql<number>`count(*) filter (where ${offlineAnalysis.state} = 3 and ${offlineAnalysis.finishedAt} >= ${minuteAgo})`.mapWith(
          Number,
        ),
    })
    .from(offlineAnalysis)
    .where(sql`${offlineAnalysis.state} in (0, 1) or ${offlineAnalysis.finishedAt} >= ${minuteAgo}`);
  return figuresAt(now)(r);
}

/**
 * The event fan-out over every live instance: this one's live measures plus the snapshot in each
 * other fresh instance's status row. Depth: streams whose client stopped reading; oldest: the
 * longest such stall; done: events written; failed: streams cut off for staying stalled.
 */
async function fanoutQueue(db: Db, now: Date, source: FanoutSource): Promise<Figures> {
  const others = await db
    .select({ fanout: sql<FanoutSnapshot | null>`${serverInstance.status} -> 'fanout'` })
    .from(serverInstance)
    .where(gte(serverInstance.lastSeenAt, source.freshSince));
  const all = [source.live];
  for (const row of others) {
    if (row.fanout && row.fanout.instanceId !== source.live.instanceId) all.push(row.fanout);
  }
  const stalls = all.map((f) => f.stalledSince).filter((at): at is string => at !== null);
  const oldest = stalls.length > 0 ? stalls.reduce((a, b) => (a < b ? a : b)) : null;
  return {
    depth: all.reduce((n, f) => n + f.stalled, 0),
    running: all.reduce((n, f) => n + f.streams, 0),
    oldestAgeSeconds: ageAt(now)(oldest),
    doneLastMinute: all.reduce((n, f) => n + f.deliveredLastMinute, 0),
    failedLastMinute: all.reduce((n, f) => n + f.droppedLastMinute, 0),
  };
}

/** Every queue's current measures at `now`, with whether it can be paused and whether it is. */
export async function measureQueues(db: Db, now: Date, fanout: FanoutSource): Promise<QueueMeasure[]> {
  const minuteAgo = new Date(now.getTime() - 60_000);
  const [jobs, exportsFigures, offline, fan, paused] = await Promise.all([
    jobQueues(db, now, minuteAgo),
    exportsQueue(db, now, minuteAgo),
    offlineQueue(db, now, minuteAgo),
    fanoutQueue(db, now, fanout),
    pausedQueues(db),
  ]);
  const figures = new Map<string, Figures>(DECLARED_QUEUES.map((q) => [q, ZERO]));
  for (const [queue, f] of jobs) figures.set(queue, f);
  figures.set(QUEUE_NAME.exports, exportsFigures);
  figures.set(QUEUE_NAME.offlineAnalyses, offline);
  figures.set(QUEUE_NAME.eventFanout, fan);
  return [...figures.entries()]
    .map(([queue, f]) => ({
      queue,
      ...f,
      pausable: !UNPAUSABLE_QUEUES.includes(queue),
      paused: paused.get(queue) ?? null,
    }))
    .sort((a, b) => a.queue.localeCompare(b.queue));
}

/** The samples of every queue since `since`, oldest first. */
export async function listSamples(db: Db, since: Date): Promise<QueueSamplesResult['list']> {
  const rows = await db
    .select()
    .from(queueSample)
    .where(gte(queueSample.at, since))
    .orderBy(asc(queueSample.at), asc(queueSample.queue));
  return rows.map((r) => ({
    queue: r.queue,
    at: r.at.toISOString(),
    depth: r.depth,
    oldestAgeSeconds: r.oldestAgeSeconds,
    done: r.done,
    failed: r.failed,
  }));
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** Pile-up records, open ones first, then newest first. */
export async function listPileups(
  db: Db,
  filters: { queue?: string },
  paging: { page: number; limit: number },
): Promise<PileupListResult> {
  const where = filters.queue ? eq(queuePileup.queue, filters.queue) : undefined;
  const rows = await db
    .select()
    .from(queuePileup)
    .where(where)
    .orderBy(sql`${queuePileup.closedAt} is null desc`, desc(queuePileup.openedAt), desc(queuePileup.id))
    .limit(paging.limit)
    .offset(pageOffset(paging.page, paging.limit));
  const [total] = await db.select({ n: count() }).from(queuePileup).where(where);
  const list: PileupItem[] = rows.map((r) => ({
    id: r.id,
    queue: r.queue,
    reason: r.reason,
    openedAt: r.openedAt.toISOString(),
    peakDepth: r.peakDepth,
    peakAgeSeconds: r.peakAgeSeconds,
    closedAt: iso(r.closedAt),
    durationSeconds: r.durationSeconds,
    drainSeconds: r.drainSeconds,
  }));
  return { list, count: total?.n ?? 0 };
}
