import type { PlanTaskRunItem, PlanTaskRunList, PlanTaskRunListQuery } from '@sentinel/contract';
import { and, count, desc, eq, inArray, lt, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { planTask, planTaskRun } from '../../db/schema/index.ts';
import { pageOffset } from '../../platform/sql.ts';

export type PlanTaskRow = typeof planTask.$inferSelect;

/** The rows of these task codes (the registered ones), by code. */
export async function taskRows(db: Db, codes: string[]): Promise<PlanTaskRow[]> {
  if (codes.length === 0) return [];
  return db.select().from(planTask).where(inArray(planTask.code, codes)).orderBy(planTask.code);
}

export async function taskRow(db: Db, code: string): Promise<PlanTaskRow | undefined> {
  const [row] = await db.select().from(planTask).where(eq(planTask.code, code));
  return row;
}

/** Changes a task's cron, next run and/or switch; answers the new row. */
export async function updateTask(
  db: Db,
  code: string,
  change: { cron?: string; nextRunAt?: Date | null; enabled?: boolean; now: Date },
): Promise<PlanTaskRow | undefined> {
  const [row] = await db
    .update(planTask)
    .set({
      ...(change.cron !== undefined ? { cron: change.cron } : {}),
      ...(change.nextRunAt !== undefined ? { nextRunAt: change.nextRunAt } : {}),
      ...(change.enabled !== undefined ? { enabled: change.enabled } : {}),
      updatedAt: change.now,
    })
    .where(eq(planTask.code, code))
    .returning();
  return row;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** Run history, newest first, filtered by task and outcome. */
export async function listRuns(db: Db, q: PlanTaskRunListQuery): Promise<PlanTaskRunList> {
  const conditions: SQL[] = [];
  if (q.code) conditions.push(eq(planTaskRun.code, q.code));
  if (q.outcome) conditions.push(eq(planTaskRun.outcome, q.outcome));
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const rows = await db
    .select()
    .from(planTaskRun)
    .where(where)
    .orderBy(desc(planTaskRun.startedAt), desc(planTaskRun.id))
    .limit(q.limit)
    .offset(pageOffset(q.page, q.limit));
  const [total] = await db.select({ n: count() }).from(planTaskRun).where(where);
  const list: PlanTaskRunItem[] = rows.map((r) => ({
    id: r.id,
    code: r.code,
    trigger: r.trigger as PlanTaskRunItem['trigger'],
    instance: r.instance,
    startedAt: r.startedAt.toISOString(),
    finishedAt: iso(r.finishedAt),
    durationMs: r.durationMs,
    outcome: r.outcome as PlanTaskRunItem['outcome'],
    error: r.error,
    summary: r.summary,
  }));
  return { list, count: total?.n ?? 0 };
}

/** Deletes up to `batch` runs started before `before`; answers how many went. */
export async function deleteRunsBefore(db: Db, before: Date, batch: number): Promise<number> {
  const old = db
    .select({ id: planTaskRun.id })
    .from(planTaskRun)
    .where(lt(planTaskRun.startedAt, before))
    .limit(batch);
  const deleted = await db
    .delete(planTaskRun)
    .where(inArray(planTaskRun.id, old))
    .returning({ id: planTaskRun.id });
  return deleted.length;
}
