import { z } from 'zod';
import { detection, FALSE_ALARM_STATES } from './ai-common.ts';
import { pageQuery, recordId } from './validators.ts';

/**
 * False-alarm records and their review (issue 13 §4): every alarm marked false positive keeps its
 * own frame, the engine's boxes and the version that raised it; reviewers accept (a true false
 * alarm: a negative sample), relabel (the right boxes) or drop (unusable) each one.
 */
export const FALSE_ALARM_REVIEW_API = {
  list: '/api/v2/backend/falseAlarmReview/list',
  one: (id: number) => `/api/v2/backend/falseAlarmReview/${id}`,
  review: (id: number) => `/api/v2/backend/falseAlarmReview/${id}/review`,
  rate: '/api/v2/backend/falseAlarmReview/rate/query',
} as const;

/**
 * Why the engine was wrong: the initial items of the dictionary type `falseAlarmReason` (System
 * settings › Dictionary), which the review reads and validates against; the reviewer picks one with
 * the number keys 1–9 in the dictionary's order.
 */
export const FALSE_ALARM_REASONS = [
  'wrongClass',
  'background',
  'lighting',
  'occlusion',
  'tooSmall',
  'other',
] as const;
export type FalseAlarmReason = (typeof FALSE_ALARM_REASONS)[number];

/** A reviewer's verdicts (the states a pending record may move to). */
export const FALSE_ALARM_VERDICTS = ['accepted', 'relabelled', 'dropped'] as const;
export type FalseAlarmVerdict = (typeof FALSE_ALARM_VERDICTS)[number];

/** At most this many boxes on one frame (engine's or reviewer's). */
export const MAX_DETECTIONS = 50;
export const detectionList = z.array(detection).max(MAX_DETECTIONS, { error: 'field.invalid' });

const isoTime = z.string().datetime({ offset: true, error: 'field.invalid' });

export const falseAlarmRecordQuery = pageQuery.extend({
  state: z.enum(FALSE_ALARM_STATES, { error: 'field.invalid' }).optional(),
  algorithmId: recordId().optional(),
  versionId: recordId().optional(),
  sceneId: recordId().optional(),
  startTime: isoTime.optional(),
  endTime: isoTime.optional(),
});
export type FalseAlarmRecordQuery = z.infer<typeof falseAlarmRecordQuery>;

export const falseAlarmRecordItem = z.object({
  id: z.number(),
  alarmId: z.number(),
  alarmTime: z.string(),
  algorithmId: z.number().nullable(),
  algorithmName: z.string(),
  versionId: z.number().nullable(),
  /** The version's number (v1, v2 …), null when the alarm was raised before versions existed. */
  versionNumber: z.number().nullable(),
  sceneId: z.number().nullable(),
  sceneName: z.string(),
  cameraId: z.number().nullable(),
  cameraName: z.string(),
  /** The record's own copy of the frame (URL), '' when the alarm had none; its size in pixels. */
  frame: z.string(),
  frameWidth: z.number(),
  frameHeight: z.number(),
  detections: z.array(detection),
  state: z.enum(FALSE_ALARM_STATES),
  labels: z.array(detection),
  reason: z.string(),
  markedBy: z.string(),
  createdAt: z.string(),
  reviewer: z.string(),
  reviewedAt: z.string().nullable(),
});
export type FalseAlarmRecordItem = z.infer<typeof falseAlarmRecordItem>;

export const falseAlarmRecordList = z.object({ list: z.array(falseAlarmRecordItem), total: z.number() });
export type FalseAlarmRecordList = z.infer<typeof falseAlarmRecordList>;

/**
 * A verdict. `labels`: the right boxes (relabelled only, at least one). A record already reviewed
 * answers 409 with the record as it is, unless `rereview` says the reviewer means to change it.
 */
export const falseAlarmReviewBody = z.object({
  verdict: z.enum(FALSE_ALARM_VERDICTS, { error: 'field.invalid' }),
  /** An enabled item of the dictionary type falseAlarmReason (checked by the server). */
  reason: z.string().trim().max(64, { error: 'field.tooLong' }).optional(),
  labels: detectionList.optional(),
  rereview: z.boolean().optional(),
});
export type FalseAlarmReviewBody = z.infer<typeof falseAlarmReviewBody>;

export const falseAlarmRateQuery = z.object({
  algorithmId: recordId().optional(),
  startTime: isoTime.optional(),
  endTime: isoTime.optional(),
});
export type FalseAlarmRateQuery = z.infer<typeof falseAlarmRateQuery>;

/** One algorithm version's figures (versionId null: alarms raised before any version). */
export const falseAlarmRateRow = z.object({
  algorithmId: z.number(),
  algorithmName: z.string(),
  versionId: z.number().nullable(),
  versionNumber: z.number().nullable(),
  alarms: z.number(),
  falsePositives: z.number(),
  /** falsePositives / alarms, 0..1 (0 without alarms). */
  rate: z.number(),
  pending: z.number(),
  accepted: z.number(),
  relabelled: z.number(),
  dropped: z.number(),
});
export type FalseAlarmRateRow = z.infer<typeof falseAlarmRateRow>;

/** Per algorithm (its total over versions) and per version. */
export const falseAlarmRateResult = z.object({
  algorithms: z.array(falseAlarmRateRow),
  versions: z.array(falseAlarmRateRow),
});
export type FalseAlarmRateResult = z.infer<typeof falseAlarmRateResult>;
