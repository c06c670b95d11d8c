/** Self-check (issue 14), run-evidence: alarmRunLog and the sceneCameraAlgorithms matrix. */
import { z } from 'zod';
import { pageQuery, recordId } from './validators.ts';

const BASE = '/api/v2/backend';
/** Paths under the API prefix (the server registers them without it). */
export const RUN_EVIDENCE_ROUTES = {
  runLog: '/self-check/run-evidence/run-log',
  matrix: '/self-check/run-evidence/matrix',
} as const;

export const RUN_EVIDENCE_API = {
  /** POST: per scene × camera × algorithm binding, its alarms over a range (alarmRunLog). */
  runLog: `${BASE}${RUN_EVIDENCE_ROUTES.runLog}`,
  /** POST: every binding's last 24 h of evidence, coloured (sceneCameraAlgorithms). */
  matrix: `${BASE}${RUN_EVIDENCE_ROUTES.matrix}`,
} as const;

/** The default range of the run log: the last 24 hours. */
export const RUN_LOG_DEFAULT_HOURS = 24;
/** Longest run log range (days). */
export const RUN_LOG_MAX_DAYS = 31;

/**
 * The silence rule (alarmRunLog, sceneCameraAlgorithms). A binding is "silent" when it is enabled
 * (binding, scene camera and scene), its camera is online now (camera_health), it raised at least
 * `SILENCE_MIN_WEEK_ALARMS` alarms in the 7 days before the reference time (its own baseline), and
 * the time since its last alarm exceeds `SILENCE_FACTOR` × its mean 7-day interval (7 d / alarms),
 * and at least `SILENCE_MIN_SECONDS`. Under a steady (Poisson) rate the chance of so long a gap by
 * chance is e^-5 ≈ 0.7 %. The reference time is the range's end, or now when the end is later.
 */
export const SILENCE_FACTOR = 5;
export const SILENCE_MIN_WEEK_ALARMS = 3;
export const SILENCE_MIN_SECONDS = 3600;
/** Matrix: red below this camera availability (%) over the last 24 h. */
export const MATRIX_MIN_AVAILABILITY = 95;

const isoTime = z.iso.datetime({ offset: true, error: 'time.rangeRequired' });

const filters = {
  sceneId: recordId().optional(),
  cameraId: recordId().optional(),
  algorithmId: recordId().optional(),
};

/** alarmRunLog filters: range (default the last 24 h, ≤ 31 days), scene, camera, algorithm. */
export const runLogQuery = z
  .object({
    startTime: isoTime.optional(),
    endTime: isoTime.optional(),
    ...filters,
    page: pageQuery.shape.page,
    limit: z.coerce.number().int().min(1).max(200).default(50),
  })
  .superRefine((value, ctx) => {
    if (!value.startTime !== !value.endTime) {
      ctx.addIssue({ code: 'custom', path: ['startTime'], message: 'time.rangeRequired' });
      return;
    }
    if (!value.startTime || !value.endTime) return;
    const start = Date.parse(value.startTime);
    const end = Date.parse(value.endTime);
    if (end < start) ctx.addIssue({ code: 'custom', path: ['endTime'], message: 'time.endBeforeStart' });
    else if (end - start > RUN_LOG_MAX_DAYS * 86_400_000)
      ctx.addIssue({ code: 'custom', path: ['endTime'], message: 'runEvidence.rangeTooLong' });
  });
export type RunLogQuery = z.infer<typeof runLogQuery>;
export type RunLogQueryInput = z.input<typeof runLogQuery>;

/** The matrix's filters (its window is always the last 24 hours). */
export const matrixQuery = z.object(filters);
export type MatrixQuery = z.infer<typeof matrixQuery>;

/** One binding's figures. Times are ISO; null when there is none. */
export const runLogRow = z.object({
  bindingId: z.number(),
  sceneId: z.number(),
  sceneName: z.string(),
  cameraId: z.number(),
  cameraName: z.string(),
  algorithmId: z.number(),
  algorithmName: z.string(),
  /** Binding, scene camera and scene all enabled. */
  enabled: z.boolean(),
  /** The camera's derived state now (camera_health); null when it has no evidence yet. */
  cameraOnline: z.boolean().nullable(),
  lastAlarmAt: z.string().nullable(),
  alarmsInRange: z.number(),
  /** Alarms per hour over the range. */
  ratePerHour: z.number(),
  /** Alarms in the 7 days before the reference time (the baseline). */
  weekAlarms: z.number(),
  /** Seconds from the last alarm to the reference time; null when it never alarmed. */
  silenceSeconds: z.number().nullable(),
  /** The silence threshold of its own 7-day rate; null when it has too few alarms for one. */
  thresholdSeconds: z.number().nullable(),
  silent: z.boolean(),
});
export type RunLogRow = z.infer<typeof runLogRow>;

export const runLogResult = z.object({
  total: z.number(),
  /** The range used (the default filled in) and the reference time of the silence. */
  startTime: z.string(),
  endTime: z.string(),
  referenceTime: z.string(),
  rows: z.array(runLogRow),
});
export type RunLogResult = z.infer<typeof runLogResult>;

export const matrixColours = ['red', 'amber', 'green', 'grey'] as const;
export type MatrixColour = (typeof matrixColours)[number];

export const matrixCell = runLogRow.extend({
  /** Camera availability (%) over the last 24 h from its outages; null without health evidence. */
  availability: z.number().nullable(),
  /** Image checks of its alarms in the last 24 h, and how many found a problem. */
  imageChecks: z.number(),
  imageProblems: z.number(),
  colour: z.enum(matrixColours),
  /** Why the cell has its colour (message keys of the page): cameraOffline, lowAvailability, … */
  reasons: z.array(z.string()),
});
export type MatrixCell = z.infer<typeof matrixCell>;

export const matrixResult = z.object({
  startTime: z.string(),
  endTime: z.string(),
  cells: z.array(matrixCell),
  /** More bindings than the matrix shows (`MATRIX_MAX_CELLS`): narrow the filters. */
  truncated: z.boolean(),
});
export type MatrixResult = z.infer<typeof matrixResult>;
export const MATRIX_MAX_CELLS = 2000;

/** This area's messages (spread into MESSAGES, messages.ts). */
export const SELF_CHECK_RUN_EVIDENCE_MESSAGES = {
  'runEvidence.rangeTooLong': {
    en: 'The time range may span at most 31 days',
    'zh-CN': '时间范围最多 31 天',
  },
  'runEvidence.sceneNotFound': { en: 'Scene not found', 'zh-CN': '场景不存在' },
  'runEvidence.cameraNotFound': { en: 'Camera not found', 'zh-CN': '摄像机不存在' },
  'runEvidence.algorithmNotFound': { en: 'Algorithm not found', 'zh-CN': '算法不存在' },
} as const;
