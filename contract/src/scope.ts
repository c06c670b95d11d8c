/** System settings › Data scope (issue 15 §4): what this installation covers and how long it keeps it. */
import { z } from 'zod';

export const SCOPE_API = {
  /** GET → the retention settings (stored, or the defaults). PUT → saves them (audited). */
  retention: '/api/v2/backend/scope/retention',
  /** GET → what the next retention run deletes with the stored settings; POST { settings } → with these. */
  preview: '/api/v2/backend/scope/retention/preview',
  /** GET → the plant/area tree with per node its cameras, scenes and alarms. */
  coverage: '/api/v2/backend/scope/coverage',
} as const;

/**
 * What the retention task removes, each after its own number of days:
 * alarms (the record with its pictures and clip), alarmImages / alarmClips (the files only, the
 * record stays), events (history events with their picture), jobRuns (finished job runs),
 * auditLog (the user behaviour log), protocolLog (engine messages), cameraChecks (with snapshots).
 */
export const RETENTION_CATEGORIES = [
  'alarms',
  'alarmImages',
  'alarmClips',
  'events',
  'jobRuns',
  'auditLog',
  'protocolLog',
  'cameraChecks',
] as const;
export type RetentionCategory = (typeof RETENTION_CATEGORIES)[number];

export const RETENTION_MAX_DAYS = 3_650;
const days = z.coerce
  .number({ error: 'scope.days' })
  .int({ error: 'scope.days' })
  .min(1, { error: 'scope.days' })
  .max(RETENTION_MAX_DAYS, { error: 'scope.days' });

export const retentionSettings = z
  .object(
    Object.fromEntries(RETENTION_CATEGORIES.map((c) => [c, days])) as Record<RetentionCategory, typeof days>,
  )
  .superRefine((value, ctx) => {
    // A file cannot outlive its alarm record: the record's deletion takes its files.
    for (const media of ['alarmImages', 'alarmClips'] as const) {
      if (value[media] > value.alarms) {
        ctx.addIssue({ code: 'custom', path: [media], message: 'scope.mediaLongerThanAlarms' });
      }
    }
  });
export type RetentionSettings = z.infer<typeof retentionSettings>;

export const retentionPreviewBody = z.object({ settings: retentionSettings });

export const retentionPreviewRow = z.object({
  category: z.enum(RETENTION_CATEGORIES),
  days: z.number(),
  /** Rows (records) older than this are removed (or, for alarmImages / alarmClips, lose their files). */
  cutoff: z.string(),
  rows: z.number(),
  files: z.number(),
  bytes: z.number(),
});
export type RetentionPreviewRow = z.infer<typeof retentionPreviewRow>;
export const retentionPreview = z.object({
  list: z.array(retentionPreviewRow),
  /** A run removes at most this many rows per category; the rest goes in the following runs. */
  perRunLimit: z.number(),
});
export type RetentionPreview = z.infer<typeof retentionPreview>;

/** What one run removed, per category: rows and files (the plan task's summary). */
export type RetentionSummary = Record<RetentionCategory, number> & { files: number };

export interface CoverageNode {
  id: number;
  name: string;
  kind: string;
  cameras: number;
  scenes: number;
  alarms: number;
  children: CoverageNode[];
}
export const coverageNode: z.ZodType<CoverageNode> = z.lazy(() =>
  z.object({
    id: z.number(),
    name: z.string(),
    kind: z.string(),
    cameras: z.number(),
    scenes: z.number(),
    alarms: z.number(),
    children: z.array(coverageNode),
  }),
);
export const coverageResult = z.object({
  list: z.array(coverageNode),
  /** Held by no plant node (the area was deleted, or none was set). */
  unassigned: z.object({ cameras: z.number(), scenes: z.number(), alarms: z.number() }),
});
export type CoverageResult = z.infer<typeof coverageResult>;

export const SCOPE_MESSAGES = {
  'scope.days': {
    en: `Enter a whole number of days from 1 to ${RETENTION_MAX_DAYS}`,
    'zh-CN': `请输入1到${RETENTION_MAX_DAYS}之间的整数天数`,
  },
  'scope.mediaLongerThanAlarms': {
    en: 'Files cannot be kept longer than their alarm records',
    'zh-CN': '文件保留时间不能长于报警记录',
  },
} as const;
