import { z } from 'zod';
import { recordId } from './validators.ts';

/**
 * The operator's home and the three analyses (issue 12): alarm, safety and efficiency analysis,
 * and My desk › Alarm statistics. Paths the SPEC does not show; all POST with a JSON body.
 */
export const ANALYSIS_API = {
  /** Home figures (today's range as the browser sees "today"). */
  dashboard: '/api/v2/backend/dashboard/summary',
  /** Home heat strip: alarms per level × hour of the last 24 h. */
  heat: '/api/v2/backend/dashboard/heat',
  alarm: '/api/v2/backend/analysis/alarm',
  safety: '/api/v2/backend/analysis/safety',
  efficiency: '/api/v2/backend/analysis/efficiency',
  /** My desk › Alarm statistics (an admin may pass another accountId). */
  mine: '/api/v2/backend/analysis/mine',
} as const;

/** Longest range an analysis accepts (days). */
export const ANALYSIS_MAX_DAYS = 366;
/** Ranges up to this many hours are drawn by hour, longer ones by day (when `granularity` is absent). */
export const HOURLY_TREND_MAX_HOURS = 72;
/** How many cameras / scenes the "top" lists hold. */
export const ANALYSIS_TOP = 10;

const DAY_MS = 86_400_000;
const isoTime = z.iso.datetime({ offset: true, error: 'time.rangeRequired' });

/**
 * A required time range (SPEC §5 '请选择开始时间和截止时间!' when missing or half given), end not
 * before start, at most 366 days. `utcOffset` (minutes east of UTC, the browser's) places day
 * buckets on the viewer's midnight.
 */
const rangeFields = {
  startTime: isoTime,
  endTime: isoTime,
  utcOffset: z.coerce.number().int().min(-840).max(840).default(0),
};

function checkRange(value: { startTime: string; endTime: string }, ctx: z.RefinementCtx) {
  const start = Date.parse(value.startTime);
  const end = Date.parse(value.endTime);
  if (end < start) ctx.addIssue({ code: 'custom', path: ['endTime'], message: 'time.endBeforeStart' });
  else if (end - start > ANALYSIS_MAX_DAYS * DAY_MS)
    ctx.addIssue({ code: 'custom', path: ['endTime'], message: 'time.rangeTooLong' });
}

/** Filters every analysis takes: range, plant (factory), area (its subtree is not implied: exact area), scene. */
export const analysisQuery = z
  .object({
    ...rangeFields,
    factoryId: recordId().optional(),
    areaId: recordId().optional(),
    /** A scene the caller cannot see answers 400 'analysis.unknownScene', as an unknown one. */
    sceneId: recordId().optional(),
    /** Trend buckets; by default hour up to HOURLY_TREND_MAX_HOURS, else day. */
    granularity: z.enum(['hour', 'day']).optional(),
  })
  .superRefine(checkRange);
export type AnalysisQuery = z.infer<typeof analysisQuery>;
export type AnalysisQueryInput = z.input<typeof analysisQuery>;

/** One bucket of a trend: its start (ISO) and counts. */
export const trendPoint = z.object({ time: z.string(), count: z.number() });
export type TrendPoint = z.infer<typeof trendPoint>;

const named = { name: z.string() };

// ---------------------------------------------------------------------------------------------
// Home

export const dashboardQuery = z.object({ startTime: isoTime, endTime: isoTime }).superRefine(checkRange);
export type DashboardQuery = z.infer<typeof dashboardQuery>;

/** The home's figures; all under the caller's scene authority. */
export const dashboardSummary = z.object({
  /** Alarms raised in the given "today" range. */
  todayAlarms: z.number(),
  /** Of those, marked false positive. */
  todayFalsePositive: z.number(),
  /** Of today's processed alarms (state 2 or 3), the share marked false positive (0 … 1; 0 when none). */
  falsePositiveRate: z.number(),
  /** Untreated now (state 1 or 4), any time. */
  untreated: z.number(),
  /** Awaiting approval now (state 4). */
  awaitingApproval: z.number(),
  /** Cameras of the visible scenes (every camera for an account that sees all scenes). */
  camerasOnline: z.number(),
  camerasOffline: z.number(),
  /** Job runs in state 1 (running) in visible scenes. */
  jobsRunning: z.number(),
});
export type DashboardSummary = z.infer<typeof dashboardSummary>;

export const heatQuery = z.object({
  /** End of the 24 h window (default now); the window is the 24 whole hours ending with this hour. */
  endTime: isoTime.optional(),
});
export type HeatQuery = z.infer<typeof heatQuery>;

/** Level × hour: one cell per hour (24, oldest first) and priority code that has alarms. */
export const heatStrip = z.object({
  hours: z.array(z.string()),
  cells: z.array(z.object({ hour: z.string(), priority: z.number(), count: z.number() })),
});
export type HeatStrip = z.infer<typeof heatStrip>;

// ---------------------------------------------------------------------------------------------
// Alarm analysis

export const alarmAnalysis = z.object({
  total: z.number(),
  untreated: z.number(),
  falsePositive: z.number(),
  granularity: z.enum(['hour', 'day']),
  /** Every bucket of the range, empty ones with 0. */
  trend: z.array(trendPoint),
  byLevel: z.array(z.object({ priority: z.number(), count: z.number() })),
  /** By algorithm (alarm type); algorithmId null for alarms whose algorithm was deleted. */
  byType: z.array(z.object({ algorithmId: z.number().nullable(), ...named, count: z.number() })),
  /** By area, with its plant (factory). */
  byArea: z.array(
    z.object({
      areaId: z.number().nullable(),
      ...named,
      factoryId: z.number().nullable(),
      factoryName: z.string(),
      count: z.number(),
    }),
  ),
  byScene: z.array(z.object({ sceneId: z.number().nullable(), ...named, count: z.number() })),
  /** The ANALYSIS_TOP cameras with the most alarms. */
  topCameras: z.array(z.object({ cameraId: z.number().nullable(), ...named, count: z.number() })),
});
export type AlarmAnalysis = z.infer<typeof alarmAnalysis>;

// ---------------------------------------------------------------------------------------------
// Safety analysis (job runs, SPEC §4; range on the run's start time, as History tasks)

export const sceneSafety = z.object({
  sceneId: z.number().nullable(),
  ...named,
  runs: z.number(),
  /** Finished runs by outcome: 2 normally completed, 3 completed with violation, 4 undetermined. */
  completed: z.number(),
  violated: z.number(),
  undetermined: z.number(),
  /** completed / (completed + violated + undetermined); null when no run has finished. */
  safetyRate: z.number().nullable(),
  /** Alarms raised during the scene's runs in the range. */
  violationAlarms: z.number(),
});
export type SceneSafety = z.infer<typeof sceneSafety>;

export const safetyAnalysis = z.object({
  runs: z.number(),
  /** Runs by state 0–4 (every state listed, 0 when none). */
  byOutcome: z.array(z.object({ state: z.number(), count: z.number() })),
  /** Overall rate as in sceneSafety. */
  safetyRate: z.number().nullable(),
  byScene: z.array(sceneSafety),
  /** Alarms raised during runs, by algorithm (alarm type). */
  violationsByType: z.array(z.object({ algorithmId: z.number().nullable(), ...named, count: z.number() })),
  /** Scenes ordered by violated runs, then violation alarms (at most ANALYSIS_TOP, only those with any). */
  riskiestScenes: z.array(sceneSafety),
});
export type SafetyAnalysis = z.infer<typeof safetyAnalysis>;

// ---------------------------------------------------------------------------------------------
// Efficiency analysis (range on the alarm time, as History alarms)

/** Seconds from alarm to handling of the processed alarms (state 2 or 3) of a group. */
export const durationStats = z.object({
  /** Processed alarms of the group (History alarms' "processed" count). */
  count: z.number(),
  medianSeconds: z.number().nullable(),
  p90Seconds: z.number().nullable(),
});
export type DurationStats = z.infer<typeof durationStats>;

export const efficiencyAnalysis = z.object({
  overall: durationStats,
  byLevel: z.array(durationStats.extend({ priority: z.number() })),
  byScene: z.array(durationStats.extend({ sceneId: z.number().nullable(), ...named })),
  byHandler: z.array(durationStats.extend({ handlerId: z.number().nullable(), ...named })),
  /**
   * Handled by an operator on duty for the alarm's scene at the alarm time (duty roster, issue 15
   * §6) — `onDuty: true` — or not (someone else, or no handler recorded). The two add up to overall.
   */
  byDuty: z.array(durationStats.extend({ onDuty: z.boolean() })),
  granularity: z.enum(['hour', 'day']),
  /** Alarms of the range still untreated at the end of each bucket. */
  backlog: z.array(z.object({ time: z.string(), open: z.number() })),
  /** Seconds from the alarm to its approval, over alarms of the range that were approved. */
  approval: durationStats,
  falsePositiveByAlgorithm: z.array(
    z.object({
      algorithmId: z.number().nullable(),
      ...named,
      total: z.number(),
      falsePositive: z.number(),
      /** falsePositive / total (0 … 1). */
      share: z.number(),
    }),
  ),
});
export type EfficiencyAnalysis = z.infer<typeof efficiencyAnalysis>;

// ---------------------------------------------------------------------------------------------
// My desk › Alarm statistics

export const myStatisticsQuery = z
  .object({
    ...rangeFields,
    /** Another account: admin only (403 otherwise). Default: the caller. */
    accountId: recordId().optional(),
    granularity: z.enum(['hour', 'day']).optional(),
  })
  .superRefine(checkRange);
export type MyStatisticsQuery = z.infer<typeof myStatisticsQuery>;
export type MyStatisticsQueryInput = z.input<typeof myStatisticsQuery>;

/** What one account did to alarms in the range (from the alarms' timelines). */
export const myStatistics = z.object({
  accountId: z.number(),
  accountName: z.string(),
  /** Processed (deal), marked false positive (cancel), approved, approval revoked (noApprove). */
  deal: z.number(),
  cancel: z.number(),
  approve: z.number(),
  noApprove: z.number(),
  granularity: z.enum(['hour', 'day']),
  trend: z.array(
    z.object({
      time: z.string(),
      deal: z.number(),
      cancel: z.number(),
      approve: z.number(),
      noApprove: z.number(),
    }),
  ),
  /** Seconds from alarm to my handling (deal or cancel) in the range. */
  handling: durationStats,
  /** My deal and cancel actions by the alarm's level. */
  byLevel: z.array(z.object({ priority: z.number(), count: z.number() })),
});
export type MyStatistics = z.infer<typeof myStatistics>;
