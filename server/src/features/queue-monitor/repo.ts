import type { PileupItem, PileupListResult, QueueMeasure } from '@sentinel/contract';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { exportFile, jobQueue, queuePileup } from '../../db/schema/index.ts';
import { pageOffset } from '../../platform/sql.ts';

/** Queues shown even when they have never held an item (with zeros). */
export const DECLARED_QUEUES = ['exports', 'training'] as const;

const zero = (queue: string): QueueMeasure => ({
  queue,
  depth: 0,
  running: 0,
  oldestAgeSeconds: null,
  doneLastMinute: 0,
  failedLastMinute: 0,
});

/** Every queue's current measures at `now`: job_queue by queue name, plus the exports (export_file). */
export async function measureQueues(db: Db, now: Date): Promise<QueueMeasure[]> {
  const minuteAgo = new Date(now.getTime() - 60_000);
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
  const [exp] = await db
    .select({
      depth: sql<number>`count(*) filter (where ${exportFile.owner} is null)`.mapWith(Number),
      running: sql<number>`count(*) filter (where ${exportFile.owner} is not null)`.mapWith(Number),
      oldest: sql<Date | null>`min(${exportFile.gmtCreate}) filter (where ${exportFile.owner} is null)`,
    })
    .from(exportFile)
    .where(and(eq(exportFile.state, 0), eq(exportFile.failure, '')));
  const age = (oldest: Date | string | null | undefined) =>
    oldest ? Math.max(0, Math.floor((now.getTime() - new Date(oldest).getTime()) / 1000)) : null;
  const byName = new Map<string, QueueMeasure>(DECLARED_QUEUES.map((q) => [q, zero(q)]));
  for (const r of rows) {
    byName.set(r.queue, {
      queue: r.queue,
      depth: r.depth,
      running: r.running,
      oldestAgeSeconds: age(r.oldest),
      doneLastMinute: r.done,
      failedLastMinute: r.failed,
    });
  }
  if (exp) {
    byName.set('exports', {
      ...zero('exports'),
      depth: exp.depth,
      running: exp.running,
      oldestAgeSeconds: age(exp.oldest),
    });
  }
  return [...byName.values()].sort((a, b) => a.queue.localeCompare(b.queue));
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
