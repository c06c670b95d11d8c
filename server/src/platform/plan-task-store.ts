import { and, eq, isNull, lt, lte, or } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { planTask, planTaskRun } from '../db/schema/index.ts';

/**
 * The scheduler's own statements (platform/plan-tasks.ts) on `plan_task` / `plan_task_run`; the
 * page's queries live in features/plan-tasks/repo.ts. Times come from the app clock, never from
 * the database's `now()`, so that tests can move the clock.
 */

export type PlanTaskOutcome = 'ok' | 'failed' | 'timedOut';
export type PlanTaskTrigger = 'schedule' | 'manual';

/** A claim taken: the task's failure count before this run (for the first-failure / recovery alert). */
export interface PlanTaskClaim {
  code: string;
  consecutiveFailures: number;
}

/** Creates the rows of newly registered tasks (an existing row keeps its cron and switch). */
export async function ensurePlanTasks(
  db: Db,
  rows: { code: string; cron: string; nextRunAt: Date | null }[],
): Promise<void> {
  if (rows.length === 0) return;
  await db.insert(planTask).values(rows).onConflictDoNothing();
}

/** Enabled tasks due at `now` that nobody holds. */
export async function dueTasks(db: Db, now: Date): Promise<{ code: string; cron: string; due: Date }[]> {
  const rows = await db
    .select({ code: planTask.code, cron: planTask.cron, due: planTask.nextRunAt })
    .from(planTask)
    .where(
      and(
        eq(planTask.enabled, true),
        lte(planTask.nextRunAt, now),
        or(isNull(planTask.leaseUntil), lt(planTask.leaseUntil, now)),
      ),
    );
  return rows.flatMap((r) => (r.due ? [{ code: r.code, cron: r.cron, due: r.due }] : []));
}

/**
 * Claims the due run `due` of a task for `instance`: one conditional UPDATE that moves the
 * schedule on and takes the lease, so that of several instances seeing the same due run exactly
 * one gets the row back. A task still running (lease held) is not claimed.
 */
export async function claimDue(
  db: Db,
  claim: { code: string; due: Date; next: Date | null; instance: string; now: Date; leaseUntil: Date },
): Promise<PlanTaskClaim | null> {
  const [row] = await db
    .update(planTask)
    .set({
      nextRunAt: claim.next,
      runningBy: claim.instance,
      runningSince: claim.now,
      leaseUntil: claim.leaseUntil,
    })
    .where(
      and(
        eq(planTask.code, claim.code),
        eq(planTask.enabled, true),
        eq(planTask.nextRunAt, claim.due),
        or(isNull(planTask.leaseUntil), lt(planTask.leaseUntil, claim.now)),
      ),
    )
    .returning({ code: planTask.code, consecutiveFailures: planTask.consecutiveFailures });
  return row ?? null;
}

/** Claims a manual run (the schedule is untouched); null while the task runs. */
export async function claimManual(
  db: Db,
  claim: { code: string; instance: string; now: Date; leaseUntil: Date },
): Promise<PlanTaskClaim | null> {
  const [row] = await db
    .update(planTask)
    .set({ runningBy: claim.instance, runningSince: claim.now, leaseUntil: claim.leaseUntil })
    .where(
      and(eq(planTask.code, claim.code), or(isNull(planTask.leaseUntil), lt(planTask.leaseUntil, claim.now))),
    )
    .returning({ code: planTask.code, consecutiveFailures: planTask.consecutiveFailures });
  return row ?? null;
}

/** Records the start of a run; answers its id. */
export async function startRun(
  db: Db,
  run: { code: string; trigger: PlanTaskTrigger; instance: string; startedAt: Date },
): Promise<number> {
  const [row] = await db.insert(planTaskRun).values(run).returning({ id: planTaskRun.id });
  if (!row) throw new Error('plan task run not recorded');
  return row.id;
}

export interface RunResult {
  outcome: PlanTaskOutcome;
  error: string;
  summary: Record<string, number | string>;
  startedAt: Date;
  finishedAt: Date;
  durationMs: number;
}

/** Records the end of a run and releases the task (its failure streak moved on or reset). */
export async function finishRun(
  db: Db,
  run: { id: number; code: string; instance: string; previousFailures: number; result: RunResult },
): Promise<void> {
  const { result } = run;
  const failed = result.outcome !== 'ok';
  await db
    .update(planTaskRun)
    .set({
      finishedAt: result.finishedAt,
      durationMs: result.durationMs,
      outcome: result.outcome,
      error: result.error.slice(0, 4_000),
      summary: result.summary,
    })
    .where(eq(planTaskRun.id, run.id));
  const [row] = await db
    .select({ failingSince: planTask.failingSince })
    .from(planTask)
    .where(eq(planTask.code, run.code));
  await db
    .update(planTask)
    .set({
      lastRunAt: result.startedAt,
      lastOutcome: result.outcome,
      lastError: result.error.slice(0, 4_000),
      lastDurationMs: result.durationMs,
      consecutiveFailures: failed ? run.previousFailures + 1 : 0,
      failingSince: failed ? (row?.failingSince ?? result.startedAt) : null,
      runningBy: null,
      runningSince: null,
      leaseUntil: null,
    })
    .where(and(eq(planTask.code, run.code), eq(planTask.runningBy, run.instance)));
}

/**
 * At start: the runs this instance's previous life left (killed mid-run) are recorded as failed
 * and its claims released at once, without waiting for their leases.
 */
export async function releaseOwnClaims(db: Db, instance: string, now: Date): Promise<void> {
  await db
    .update(planTaskRun)
    .set({ outcome: 'failed', error: 'interrupted: the server stopped during the run', finishedAt: now })
    .where(and(eq(planTaskRun.instance, instance), eq(planTaskRun.outcome, 'running')));
  await db
    .update(planTask)
    .set({ runningBy: null, runningSince: null, leaseUntil: null })
    .where(eq(planTask.runningBy, instance));
}
