import { z } from 'zod';
import { alarmItem } from './alarms.ts';
import { pageQuery, recordId } from './validators.ts';

/**
 * Job runs (SPEC §4 "Job run"; the API calls them historyAssignment): one run of a job in a
 * scene, reported by the engine. State 0 not started, 1 running, 2 normally completed,
 * 3 completed with violation, 4 undetermined. Detection 0 normal, 1 violation.
 */
export const JOB_RUN_STATE = {
  notStarted: 0,
  running: 1,
  completed: 2,
  violated: 3,
  undetermined: 4,
} as const;
export const JOB_RUN_STATES = [0, 1, 2, 3, 4] as const;
export type JobRunState = (typeof JOB_RUN_STATES)[number];

export const JOB_RUN_DETECTION = { normal: 0, violation: 1 } as const;

/** Allowed state changes of a run (re-sending the current state is an idempotent update). */
export const JOB_RUN_TRANSITIONS: Record<JobRunState, readonly JobRunState[]> = {
  0: [1, 4],
  1: [2, 3, 4],
  2: [],
  3: [],
  4: [],
};

export const isJobRunTransitionAllowed = (from: number, to: number): boolean =>
  from === to || (JOB_RUN_TRANSITIONS[from as JobRunState]?.includes(to as JobRunState) ?? false);

/** Tag colours of the states (antd preset colours). */
export const JOB_RUN_STATE_COLORS: Record<JobRunState, string> = {
  0: 'default',
  1: 'processing',
  2: 'success',
  3: 'error',
  4: 'warning',
};

/** Days of the safety rate window (`safetyRate/{sceneId}/bySceneId`). */
export const SAFETY_RATE_DAYS = 30;

export const JOB_RUN_API = {
  /** Not shown in the SPEC: the engine reports a run (API key in header `x-engine-key`). */
  ingest: '/api/v2/backend/ingest/jobRun',
  list: '/api/v2/backend/historyAssignment/list',
  detail: (id: number) => `/api/v2/backend/historyAssignment/${id}/detail`,
  sceneId: (id: number) => `/api/v2/backend/historyAssignment/${id}/sceneId`,
  /** The id is a scene id: counts of the scene's last run. */
  lastEventCount: (sceneId: number) =>
    `/api/v2/backend/historyAssignment/queryLastHistoryEventCount/${sceneId}`,
  safetyRate: (sceneId: number) => `/api/v2/backend/safetyRate/${sceneId}/bySceneId`,
  /** The id is a fixed operation id: alarms of its latest run. */
  fixedAlarms: (fixedOperationId: number) =>
    `/api/v2/backend/videoAlarmRecord/selectFixedAlarm/${fixedOperationId}`,
} as const;

const isoTime = z.iso.datetime({ offset: true, error: 'field.invalid' });
const jobRunState = z.coerce
  .number({ error: 'field.invalid' })
  .int({ error: 'field.invalid' })
  .min(0, { error: 'field.invalid' })
  .max(4, { error: 'field.invalid' });
const detection = z.coerce
  .number({ error: 'field.invalid' })
  .int({ error: 'field.invalid' })
  .min(0, { error: 'field.invalid' })
  .max(1, { error: 'field.invalid' });
const positiveId = recordId('field.invalid');

/**
 * An engine's report of a run (created on first sight of `runId`, updated after). `sceneId` (or a
 * `fixedOperationId`, whose scene is used) is required when the run is created.
 */
export const jobRunIngestBody = z.object({
  runId: z
    .string({ error: 'field.required' })
    .trim()
    .min(1, { error: 'field.required' })
    .max(100, { error: 'field.tooLong' }),
  jobNumber: z.string().trim().max(100, { error: 'field.tooLong' }).optional(),
  jobName: z.string().trim().max(200, { error: 'field.tooLong' }).optional(),
  sceneId: positiveId.optional(),
  fixedOperationId: positiveId.optional(),
  state: jobRunState,
  detection: detection.optional(),
  startTime: isoTime.nullable().optional(),
  endTime: isoTime.nullable().optional(),
});
export type JobRunIngestBody = z.infer<typeof jobRunIngestBody>;

export const jobRunIngestResult = z.object({ id: z.number(), created: z.boolean() });

export const jobRunItem = z.object({
  id: z.number(),
  jobNumber: z.string(),
  jobName: z.string(),
  sceneId: z.number().nullable(),
  sceneName: z.string(),
  fixedOperationId: z.number().nullable(),
  areaName: z.string(),
  state: z.number(),
  detection: z.number(),
  startTime: z.string().nullable(),
  endTime: z.string().nullable(),
  updatedAt: z.string(),
});
export type JobRunItem = z.infer<typeof jobRunItem>;

/** 409 answer of a forbidden state change: the run as it is now. */
export const jobRunConflictData = z.object({ run: jobRunItem });

export const jobRunListQuery = pageQuery.extend({
  /** ISO range on the start time; both or neither ('time.rangeRequired'). */
  startTime: z.string().datetime({ offset: true }).optional(),
  endTime: z.string().datetime({ offset: true }).optional(),
  sceneId: recordId().optional(),
  state: z.coerce.number().int().min(0).max(4).optional(),
  detection: z.coerce.number().int().min(0).max(1).optional(),
  /** Part of the job number or job name. */
  jobNumber: z.string().trim().max(100).optional(),
});
export type JobRunListQuery = z.infer<typeof jobRunListQuery>;

export const jobRunListResult = z.object({ list: z.array(jobRunItem), count: z.number() });
export type JobRunListResult = z.infer<typeof jobRunListResult>;

/** One entry of a run's timeline: an event or an alarm of the run. */
export const jobRunTimelineEntry = z.object({
  kind: z.enum(['event', 'alarm']),
  id: z.number(),
  time: z.string(),
  /** Event name, or the alarm's type name. */
  name: z.string(),
  /** Alarm priority code (null for events). */
  level: z.number().nullable(),
  /** Alarm state (null for events). */
  state: z.number().nullable(),
  cameraName: z.string(),
  image: z.string(),
  imageDraw: z.string(),
  result: z.string(),
});
export type JobRunTimelineEntry = z.infer<typeof jobRunTimelineEntry>;

/** At most this many events and this many alarms are listed in a run's timeline. */
export const JOB_RUN_TIMELINE_MAX = 500;

export const jobRunDetail = jobRunItem.extend({
  eventCount: z.number(),
  alarmCount: z.number(),
  /** Events and alarms of the run, oldest first. */
  timeline: z.array(jobRunTimelineEntry),
});
export type JobRunDetail = z.infer<typeof jobRunDetail>;

export const jobRunIdParams = z.object({ id: recordId() });

export const lastRunCounts = z.object({
  sceneId: z.number(),
  /** The scene's last run (latest start), or null when it has none. */
  historyAssignmentId: z.number().nullable(),
  jobNumber: z.string(),
  state: z.number().nullable(),
  eventCount: z.number(),
  alarmCount: z.number(),
});
export type LastRunCounts = z.infer<typeof lastRunCounts>;

export const safetyRate = z.object({
  sceneId: z.number(),
  days: z.number(),
  /** Completed runs (states 2, 3, 4) that ended in the window. */
  total: z.number(),
  normal: z.number(),
  violation: z.number(),
  undetermined: z.number(),
  /** normal / total as a percentage with one decimal, null when there is no completed run. */
  rate: z.number().nullable(),
});
export type SafetyRate = z.infer<typeof safetyRate>;

export const fixedAlarms = z.object({
  fixedOperationId: z.number(),
  /** The fixed operation's latest run, or null. */
  historyAssignmentId: z.number().nullable(),
  jobNumber: z.string(),
  /** Alarms of that run, newest first (at most 100). */
  list: z.array(alarmItem),
});
export type FixedAlarms = z.infer<typeof fixedAlarms>;
