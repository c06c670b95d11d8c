import { z } from 'zod';
import { ALARM_COMMENT_MAX } from './alarms.ts';
import { intField, pageQuery, priorityCode, recordId } from './validators.ts';

/**
 * History events (SPEC §3 "Event record": id, eventName, eventTime, eventImg) and DCS alarms
 * (issue 4 §7), with the engines' ingest of both.
 */
export const HISTORY_API = {
  eventList: '/api/v2/backend/eventRecord/list',
  eventDetail: (id: number) => `/api/v2/backend/eventRecord/${id}`,
  dcsList: '/api/v2/backend/dcsAlarm/list',
  dcsDetail: (id: number) => `/api/v2/backend/dcsAlarm/${id}`,
  dcsDeal: '/api/v2/backend/dcsAlarm/deal',
  /** Not shown in the SPEC: the engines' ingest (API key in header `x-engine-key`). */
  ingestEvent: '/api/v2/backend/ingest/event',
  ingestDcsAlarm: '/api/v2/backend/ingest/dcsAlarm',
} as const;

/** DCS alarm states: 1 pending, 2 processed (as the first two video alarm states). */
export const DCS_ALARM_STATE = { pending: 1, processed: 2 } as const;

const optionalId = recordId().optional();
const isoTime = z.string().datetime({ offset: true }).optional();
const keyword = z.string().trim().max(100, { error: 'field.tooLong' }).optional();

export const eventListQuery = pageQuery.extend({
  /** ISO 8601 range; both or neither ('time.rangeRequired'). */
  startTime: isoTime,
  endTime: isoTime,
  sceneId: optionalId,
  cameraId: optionalId,
  /** Part of the event name. */
  eventName: keyword,
});
export type EventListQuery = z.infer<typeof eventListQuery>;

export const eventItem = z.object({
  id: z.number(),
  eventName: z.string(),
  eventTime: z.string(),
  /** URL of the full-size image ('' when none). */
  eventImg: z.string(),
  sceneId: z.number().nullable(),
  sceneName: z.string(),
  cameraId: z.number().nullable(),
  cameraName: z.string(),
  historyAssignmentId: z.number().nullable(),
  extraInfo: z.record(z.string(), z.unknown()),
});
export type EventItem = z.infer<typeof eventItem>;

/** `countCapped`: the exact count stopped at 10,000 ("10,000+"). */
export const eventListResult = z.object({
  list: z.array(eventItem),
  count: z.number(),
  countCapped: z.boolean(),
});
export type EventListResult = z.infer<typeof eventListResult>;

export const dcsAlarmListQuery = pageQuery.extend({
  startTime: isoTime,
  endTime: isoTime,
  priority: priorityCode.optional(),
  areaId: optionalId,
  alarmState: z.coerce.number().int().min(1).max(2).optional(),
  /** Part of the tag or of the point name. */
  tag: keyword,
});
export type DcsAlarmListQuery = z.infer<typeof dcsAlarmListQuery>;

export const dcsAlarmItem = z.object({
  id: z.number(),
  alarmTime: z.string(),
  alarmState: z.number(),
  priority: z.number(),
  dcsPointId: z.number().nullable(),
  tag: z.string(),
  pointName: z.string(),
  unit: z.string(),
  value: z.number().nullable(),
  lowLimit: z.number().nullable(),
  highLimit: z.number().nullable(),
  message: z.string(),
  areaId: z.number().nullable(),
  areaName: z.string(),
  sceneId: z.number().nullable(),
  sceneName: z.string(),
  /** The comment given when processed ('' while pending or when none was given). */
  stateComments: z.string(),
  /** Who processed it ('' while pending), and when (null while pending). */
  handler: z.string(),
  handleTime: z.string().nullable(),
  /** Optimistic concurrency: raised by one on each processing. */
  version: z.number(),
});
export type DcsAlarmItem = z.infer<typeof dcsAlarmItem>;

export const dcsAlarmListResult = z.object({
  list: z.array(dcsAlarmItem),
  count: z.number(),
  countCapped: z.boolean(),
});
export type DcsAlarmListResult = z.infer<typeof dcsAlarmListResult>;

/** Process a pending DCS alarm (1 → 2) with an optional comment of at most 100 characters. */
export const dcsDealBody = z.object({
  id: recordId(),
  comment: z.string().trim().max(ALARM_COMMENT_MAX, { error: 'alarm.commentTooLong' }).optional().default(''),
  /** The version the user saw (optional; without it the state check decides). */
  version: intField().optional(),
});

/** 409 answer when the DCS alarm was already processed: the alarm as it is now. */
export const dcsAlarmConflictData = z.object({ dcsAlarm: dcsAlarmItem });

/** Answer of both ingest calls: the record's id, and whether it was a repeated delivery. */
export const historyIngestResult = z.object({ id: z.number(), duplicate: z.boolean() });
