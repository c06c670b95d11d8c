import { bigserial, boolean, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * A plan task (platform/plan-tasks.ts): the product's own periodic work on one scheduler. The row
 * is created when a feature registers its task (its default cron); an admin may change the cron
 * and enable or disable it. A due run is claimed by exactly one instance: the claim moves
 * `next_run_at` on and takes the lease (`running_by`, `lease_until`) in one conditional UPDATE.
 * `failing_since` / `consecutive_failures` drive the first-failure and recovery alerts.
 */
export const planTask = pgTable('plan_task', {
  code: text('code').primaryKey(),
  cron: text('cron').notNull(),
  enabled: boolean('enabled').notNull().default(true),
  nextRunAt: ts('next_run_at'),
  lastRunAt: ts('last_run_at'),
  /** ok | failed | timedOut; null before the first run. */
  lastOutcome: text('last_outcome'),
  lastError: text('last_error').notNull().default(''),
  lastDurationMs: integer('last_duration_ms'),
  failingSince: ts('failing_since'),
  consecutiveFailures: integer('consecutive_failures').notNull().default(0),
  /** The instance running it now (null: not running). */
  runningBy: text('running_by'),
  runningSince: ts('running_since'),
  leaseUntil: ts('lease_until'),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/** One run of a plan task (kept 90 days by the planTaskHistoryRetention task). */
export const planTaskRun = pgTable(
  'plan_task_run',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    code: text('code').notNull(),
    /** schedule | manual */
    trigger: text('trigger').notNull(),
    instance: text('instance').notNull(),
    startedAt: ts('started_at').notNull(),
    finishedAt: ts('finished_at'),
    durationMs: integer('duration_ms'),
    /** running | ok | failed | timedOut */
    outcome: text('outcome').notNull().default('running'),
    error: text('error').notNull().default(''),
    summary: jsonb('summary').$type<Record<string, number | string>>().notNull().default({}),
  },
  (t) => [
    index('plan_task_run_code_time_idx').on(t.code, t.startedAt, t.id),
    index('plan_task_run_time_idx').on(t.startedAt, t.id),
  ],
);
