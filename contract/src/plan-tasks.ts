/** System settings (issue 15): plan tasks — schemas, API paths and messages. */
import { z } from 'zod';
import { pageQuery } from './validators.ts';

const BASE = '/api/v2/backend/planTask';

export const PLAN_TASK_API = {
  /** GET → every plan task with its schedule, last run and state. */
  tasks: `${BASE}/tasks`,
  /** PUT { cron?, enabled? } → the task (cron validated; audited). */
  task: (code: string) => `${BASE}/tasks/${encodeURIComponent(code)}`,
  /** POST → starts a run now on the answering instance (409 while it runs; audited). */
  run: (code: string) => `${BASE}/tasks/${encodeURIComponent(code)}/run`,
  /** POST { page, limit, code?, outcome? } → run history, newest first (90 days kept). */
  runs: `${BASE}/runs/list`,
  /** POST { cron } → whether it is valid and its next five run times (server time). */
  preview: `${BASE}/preview`,
} as const;

/**
 * The plan tasks the product registers (`reportSending` comes with the report-sending work); the
 * web page has labels for all of them.
 */
export const PLAN_TASK_CODES = [
  'protocolLogRetention',
  'cameraCheckRetention',
  'queueSampleRetention',
  'imageChecks',
  'mediaOrphanSweep',
  'planTaskHistoryRetention',
  'exportCleanup',
  'dataRetention',
  'reportSending',
  'outboundRetention',
] as const;

export const PLAN_TASK_OUTCOMES = ['ok', 'failed', 'timedOut'] as const;
export type PlanTaskOutcome = (typeof PLAN_TASK_OUTCOMES)[number];
export const PLAN_TASK_RUN_OUTCOMES = ['running', ...PLAN_TASK_OUTCOMES] as const;
export type PlanTaskRunOutcome = (typeof PLAN_TASK_RUN_OUTCOMES)[number];
export const PLAN_TASK_TRIGGERS = ['schedule', 'manual'] as const;
/** Event on the event stream when a task starts or ends a run (data: { code, state }). */
export const PLAN_TASK_EVENT = 'planTask.updated';

export const planTaskCode = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_.-]+$/);
export const planTaskCodeParam = z.object({ code: planTaskCode });

/** A five-field cron expression as typed (validated by the server's parser). */
export const cronExpression = z.string().trim().min(1).max(120);

export const planTaskItem = z.object({
  code: z.string(),
  cron: z.string(),
  defaultCron: z.string(),
  enabled: z.boolean(),
  timeLimitMs: z.number().int(),
  nextRunAt: z.string().nullable(),
  lastRunAt: z.string().nullable(),
  lastOutcome: z.enum(PLAN_TASK_OUTCOMES).nullable(),
  lastError: z.string(),
  lastDurationMs: z.number().int().nullable(),
  /** Since when it fails (the first failed run of the streak); null when its last run was fine. */
  failingSince: z.string().nullable(),
  consecutiveFailures: z.number().int(),
  /** The instance running it now; null when it does not run. */
  runningBy: z.string().nullable(),
  runningSince: z.string().nullable(),
});
export type PlanTaskItem = z.infer<typeof planTaskItem>;
export const planTaskList = z.object({ list: z.array(planTaskItem) });
export type PlanTaskList = z.infer<typeof planTaskList>;

export const planTaskUpdate = z
  .object({ cron: cronExpression.optional(), enabled: z.boolean().optional() })
  .refine((v) => v.cron !== undefined || v.enabled !== undefined, { message: 'nothing to change' });
export type PlanTaskUpdate = z.infer<typeof planTaskUpdate>;

export const planTaskRunStarted = z.object({ runId: z.number().int() });

export const planTaskRunListQuery = pageQuery.extend({
  code: planTaskCode.optional(),
  outcome: z.enum(PLAN_TASK_RUN_OUTCOMES).optional(),
});
export type PlanTaskRunListQuery = z.infer<typeof planTaskRunListQuery>;

export const planTaskRunItem = z.object({
  id: z.number().int(),
  code: z.string(),
  trigger: z.enum(PLAN_TASK_TRIGGERS),
  instance: z.string(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  durationMs: z.number().int().nullable(),
  outcome: z.enum(PLAN_TASK_RUN_OUTCOMES),
  error: z.string(),
  summary: z.record(z.string(), z.union([z.number(), z.string()])),
});
export type PlanTaskRunItem = z.infer<typeof planTaskRunItem>;
export const planTaskRunList = z.object({ list: z.array(planTaskRunItem), count: z.number().int() });
export type PlanTaskRunList = z.infer<typeof planTaskRunList>;

export const cronPreviewQuery = z.object({ cron: cronExpression });
export const cronPreview = z.object({
  valid: z.boolean(),
  /** ISO times of the next five runs (empty when not valid). */
  nextRuns: z.array(z.string()),
});
export type CronPreview = z.infer<typeof cronPreview>;

/** This area's messages (spread into MESSAGES, messages.ts). */
export const PLAN_TASK_MESSAGES = {
  'planTask.badCron': {
    en: 'Not a valid cron expression: five fields are needed (minute hour day-of-month month day-of-week), e.g. */10 * * * *',
    'zh-CN': '不是有效的 cron 表达式：需要五个字段（分 时 日 月 周），例如 */10 * * * *',
  },
  'planTask.running': { en: 'This task is running now', 'zh-CN': '该任务正在运行' },
  'planTask.unknown': { en: 'There is no such plan task', 'zh-CN': '没有这个计划任务' },
} as const;
