import { z } from 'zod';
import { intField, pageQuery, priorityCode, recordId } from './validators.ts';

/**
 * Video alarms (SPEC §3 "Alarm record", §4 alarm state table, §7 "Alarms").
 * States: 1 pending, 2 processed, 3 cancelled as false positive, 4 awaiting approval.
 */
export const ALARM_STATE = { pending: 1, processed: 2, cancelled: 3, awaitingApproval: 4 } as const;
export type AlarmState = (typeof ALARM_STATE)[keyof typeof ALARM_STATE];

export const ALARM_API = {
  list: '/api/v2/backend/videoAlarmRecord/list',
  detail: (id: number) => `/api/v2/backend/videoAlarmRecord/${id}`,
  deal: '/api/v2/backend/videoAlarmRecord/deal',
  cancel: (id: number) => `/api/v2/backend/videoAlarmRecord/cancel/${id}`,
  approve: '/api/v2/backend/videoAlarmRecord/approve',
  noApprove: '/api/v2/backend/videoAlarmRecord/noApprove',
  approveCount: '/api/v2/backend/videoAlarmRecord/approve/count',
  /** Not shown in the SPEC: the floating panel's poll (count 20). */
  poll: '/api/v2/backend/videoAlarmRecord/poll',
  /** Batch deal / cancel ({ ids ≤ 100, action, comment? } → per-id outcomes). */
  batch: '/api/v2/backend/videoAlarmRecord/updateOrFilter',
  statistics: (sceneId: number) => `/api/v2/backend/videoAlarmRecord/statistics/${sceneId}`,
  findMax: (sceneId: number) => `/api/v2/backend/videoAlarmRecord/findMax/${sceneId}`,
  lastAlarmRecord: (sceneId: number, cameraId: number) =>
    `/api/v2/backend/videoAlarmRecord/${sceneId}/${cameraId}/lastAlarmRecord`,
  sceneCount: '/api/v2/backend/videoAlarmRecord/sceneCount',
  /** Not shown in the SPEC: the engine's ingest (API key in header `x-engine-key`). */
  ingest: '/api/v2/backend/ingest/videoAlarm',
  engines: '/api/v2/backend/engine',
  engineList: '/api/v2/backend/engine/list',
  engine: (id: number) => `/api/v2/backend/engine/${id}`,
  engineEnable: (id: number) => `/api/v2/backend/engine/${id}/enable`,
  engineDisable: (id: number) => `/api/v2/backend/engine/${id}/disable`,
  /** Alarms marked false positive (page FalseAlarmRecord; its menu permission is required). */
  falseAlarmList: '/api/v2/backend/falseAlarmRecord/list',
} as const;

/** Comment of "process" (SPEC §5: optional, at most 100 characters). */
export const ALARM_COMMENT_MAX = 100;

export const alarmListQuery = pageQuery.extend({
  /** ISO 8601 range; both or neither ('time.rangeRequired'). */
  startTime: z.string().datetime({ offset: true }).optional(),
  endTime: z.string().datetime({ offset: true }).optional(),
  priority: priorityCode.optional(),
  algorithmId: recordId().optional(),
  factoryId: recordId().optional(),
  areaId: recordId().optional(),
  sceneId: recordId().optional(),
  cameraId: recordId().optional(),
  /** 'untreated' = state 1 or 4, 'processed' = 2 or 3, or one exact state. */
  status: z.enum(['untreated', 'processed']).optional(),
  alarmState: z.coerce.number().int().min(1).max(4).optional(),
  falsePositive: z.boolean().optional(),
  /** true: approved (approve_time set; the approval view's "approved" tab), false: never approved or revoked. */
  approved: z.boolean().optional(),
  /** Handled (processed or marked false positive) by this account (efficiency analysis drill-through). */
  handlerId: recordId().optional(),
  /** true: raised during a job run (history assignment set); false: outside any run. */
  inJob: z.boolean().optional(),
});
export type AlarmListQuery = z.infer<typeof alarmListQuery>;

export const alarmItem = z.object({
  id: z.number(),
  alarmTime: z.string(),
  alarmState: z.number(),
  priority: z.number(),
  videoAlarmTypeName: z.string(),
  algorithmId: z.number().nullable(),
  sceneId: z.number().nullable(),
  sceneName: z.string(),
  cameraId: z.number().nullable(),
  cameraName: z.string(),
  areaName: z.string(),
  factoryName: z.string(),
  alarmResult: z.string(),
  historyAssignmentId: z.number().nullable(),
  jobNumber: z.string(),
  stateComments: z.string(),
  alarmImage: z.string(),
  alarmImageDraw: z.string(),
  alarmVideo: z.string(),
  extraInfoName: z.string(),
  extraInfo: z.record(z.string(), z.unknown()),
  falsePositive: z.boolean(),
  handler: z.string(),
  handleTime: z.string().nullable(),
  approverId: z.number().nullable(),
  approver: z.string(),
  approveTime: z.string().nullable(),
  version: z.number(),
});
export type AlarmItem = z.infer<typeof alarmItem>;

export const alarmActionItem = z.object({
  id: z.number(),
  action: z.enum(['ingest', 'deal', 'cancel', 'approve', 'noApprove']),
  fromState: z.number().nullable(),
  toState: z.number(),
  comment: z.string(),
  accountName: z.string(),
  createdAt: z.string(),
});
export type AlarmActionItem = z.infer<typeof alarmActionItem>;

export const alarmDetail = alarmItem.extend({ timeline: z.array(alarmActionItem) });
export type AlarmDetail = z.infer<typeof alarmDetail>;

/** Totals come from rollup counters; `countCapped` is true when the count is a capped estimate ("10,000+"). */
export const alarmListResult = z.object({
  list: z.array(alarmItem),
  count: z.number(),
  countCapped: z.boolean(),
});
export type AlarmListResult = z.infer<typeof alarmListResult>;

export const dealBody = z.object({
  id: recordId(),
  comment: z.string().trim().max(ALARM_COMMENT_MAX, { error: 'alarm.commentTooLong' }).optional().default(''),
  /** Optimistic concurrency: the version the user saw (optional; without it the state check decides). */
  version: intField().optional(),
});
export const alarmIdBody = z.object({
  id: recordId(),
  version: intField().optional(),
});

/** 409 answer of a forbidden or lost transition: the alarm as it is now. */
export const alarmConflictData = z.object({ alarm: alarmItem });

export const pollResult = z.object({ list: z.array(alarmItem) });

/** Batch handling (`videoAlarmRecord/updateOrFilter`): each id handled on its own, at most 100. */
export const ALARM_BATCH_MAX = 100;
export const alarmBatchBody = z.object({
  ids: z.array(recordId()).min(1).max(ALARM_BATCH_MAX),
  action: z.enum(['deal', 'cancel']),
  comment: z.string().trim().max(ALARM_COMMENT_MAX, { error: 'alarm.commentTooLong' }).optional().default(''),
});
export const alarmBatchOutcome = z.object({
  id: z.number(),
  ok: z.boolean(),
  alarm: alarmItem.optional(),
  /** Translated failure message (e.g. alarm.notAllowed, error.notFound). */
  message: z.string().optional(),
});
export const alarmBatchResult = z.object({ list: z.array(alarmBatchOutcome) });
export type AlarmBatchResult = z.infer<typeof alarmBatchResult>;

/** Optional body of `cancel/{id}`. */
export const alarmVersionBody = z.object({ version: intField().optional() }).optional().nullable();
export const alarmCancelResult = z.object({ success: z.literal(true), alarm: alarmItem });

/** The floating panel's poll: latest untreated alarms (state 1 or 4), newest first. */
export const pollQuery = z.object({ count: z.coerce.number().int().min(1).max(50).default(20) });

export const sceneIdParams = z.object({ sceneId: recordId() });
export const sceneCameraParams = z.object({
  sceneId: recordId(),
  cameraId: recordId(),
});
export const lastAlarmQuery = z.object({ count: z.coerce.number().int().min(1).max(50).optional() });

/** `statistics/{sceneId}`: counts over the last 30 days by state and by priority (from rollups). */
export const sceneStatistics = z.object({
  total: z.number(),
  untreated: z.number(),
  byState: z.array(z.object({ alarmState: z.number(), count: z.number() })),
  byPriority: z.array(z.object({ priority: z.number(), count: z.number() })),
});
export type SceneStatistics = z.infer<typeof sceneStatistics>;

export const sceneCountBody = z.object({
  sceneIds: z.array(recordId()).max(500).optional(),
  /** ISO 8601 times; counted by whole UTC days (rollup). */
  startTime: z.string().datetime({ offset: true }).optional(),
  endTime: z.string().datetime({ offset: true }).optional(),
});
export const sceneCountResult = z.object({
  list: z.array(z.object({ sceneId: z.number(), untreated: z.number(), total: z.number() })),
});
export type SceneCountResult = z.infer<typeof sceneCountResult>;

/**
 * FalseAlarmRecord list (`falseAlarmRecord/list`): alarms marked false positive, newest first,
 * filtered by time range, algorithm and scene; answers { list, count, countCapped } like the alarm list.
 */
export const falseAlarmListQuery = pageQuery.extend({
  startTime: z.string().datetime({ offset: true }).optional(),
  endTime: z.string().datetime({ offset: true }).optional(),
  algorithmId: recordId().optional(),
  sceneId: recordId().optional(),
});
export type FalseAlarmListQuery = z.infer<typeof falseAlarmListQuery>;

/** Engine API keys (systemServerSettings): name, key prefix, state, last seen. */
export const engineBody = z.object({
  name: z
    .string({ error: 'field.required' })
    .trim()
    .min(1, { error: 'field.required' })
    .max(50, { error: 'field.tooLong' }),
});
export const engineItem = z.object({
  id: z.number(),
  name: z.string(),
  keyPrefix: z.string(),
  enabled: z.boolean(),
  lastSeenAt: z.string().nullable(),
  createdAt: z.string(),
});
export type EngineItem = z.infer<typeof engineItem>;
/** The answer of a creation: the only time the key itself is shown. */
export const engineCreated = engineItem.extend({ key: z.string() });
export type EngineCreated = z.infer<typeof engineCreated>;
