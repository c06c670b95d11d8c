import type { PlanTaskItem, PlanTaskUpdate } from '@sentinel/contract';
import type { FastifyInstance } from 'fastify';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import { isValidCron, nextRunAfter, type PlanTaskDefinition } from '../../platform/plan-tasks.ts';
import { deleteRunsBefore, type PlanTaskRow, taskRow, taskRows, updateTask } from './repo.ts';

/** Runs are kept this long (the history clean-up task). */
export const HISTORY_DAYS = 90;
const HISTORY_BATCH = 5_000;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function toItem(row: PlanTaskRow, def: PlanTaskDefinition, now: Date): PlanTaskItem {
  // A lease that ran out belongs to an instance that died mid-run: not running any more.
  const running = row.runningBy !== null && row.leaseUntil !== null && row.leaseUntil > now;
  return {
    code: row.code,
    cron: row.cron,
    defaultCron: def.defaultCron,
    enabled: row.enabled,
    timeLimitMs: def.timeLimitMs,
    nextRunAt: row.enabled ? iso(row.nextRunAt) : null,
    lastRunAt: iso(row.lastRunAt),
    lastOutcome: row.lastOutcome as PlanTaskItem['lastOutcome'],
    lastError: row.lastError,
    lastDurationMs: row.lastDurationMs,
    failingSince: iso(row.failingSince),
    consecutiveFailures: row.consecutiveFailures,
    runningBy: running ? row.runningBy : null,
    runningSince: running ? iso(row.runningSince) : null,
  };
}

/** Every registered task (rows of tasks no longer registered are not shown). */
export async function listTasks(app: FastifyInstance): Promise<PlanTaskItem[]> {
  const now = app.appConfig.now();
  const rows = await taskRows(app.db, app.planTasks.codes());
  return rows.flatMap((row) => {
    const def = app.planTasks.definition(row.code);
    return def ? [toItem(row, def, now)] : [];
  });
}

const definitionOf = (app: FastifyInstance, code: string) => {
  const def = app.planTasks.definition(code);
  if (!def) throw notFound('planTask.unknown');
  return def;
};

/** 400 `planTask.badCron` (on the `cron` field) unless the expression is a valid five-field cron. */
export function assertCron(cron: string): void {
  if (!isValidCron(cron))
    throw badRequest('planTask.badCron', [{ field: 'cron', message: 'planTask.badCron' }]);
}

/** Changes the cron and/or the switch (the next run counts from now); answers before and after. */
export async function changeTask(app: FastifyInstance, code: string, change: PlanTaskUpdate) {
  const def = definitionOf(app, code);
  const before = await taskRow(app.db, code);
  if (!before) throw notFound('planTask.unknown');
  const now = app.appConfig.now();
  if (change.cron !== undefined) assertCron(change.cron);
  // A new cron, or a task switched back on, counts from now (no catch-up of the time it was off).
  const reschedule = change.cron !== undefined || (change.enabled === true && !before.enabled);
  const after = await updateTask(app.db, code, {
    cron: change.cron,
    nextRunAt: reschedule ? nextRunAfter(change.cron ?? before.cron, now) : undefined,
    enabled: change.enabled,
    now,
  });
  if (!after) throw notFound('planTask.unknown');
  return { before: toItem(before, def, now), after: toItem(after, def, now) };
}

/** Starts a run now: 409 while the task runs (here or on another instance). */
export async function runTaskNow(app: FastifyInstance, code: string): Promise<{ runId: number }> {
  definitionOf(app, code);
  const run = await app.planTasks.runNow(code);
  if (!run) throw conflict('planTask.running');
  return { runId: run.runId };
}

/** The history clean-up: runs older than 90 days go, in bounded batches. */
export async function pruneHistory(app: FastifyInstance, signal: AbortSignal): Promise<number> {
  const before = new Date(app.appConfig.now().getTime() - HISTORY_DAYS * 86_400_000);
  let total = 0;
  for (let i = 0; i < 20 && !signal.aborted; i++) {
    const n = await deleteRunsBefore(app.db, before, HISTORY_BATCH);
    total += n;
    if (n < HISTORY_BATCH) break;
  }
  return total;
}
