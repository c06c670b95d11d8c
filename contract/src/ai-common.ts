import { z } from 'zod';
import { MAX_ZONE_POINTS, MAX_ZONES, MIN_ZONE_POINTS, zonePoint } from './scene-cameras.ts';
import { priorityCode } from './validators.ts';

/**
 * The vocabulary the AI open platform's parts share (issue 13): boxes, an instance's parameters,
 * a version's metrics and the training states. Each part's own API lives in its own contract file.
 */

const unit = z
  .number({ error: 'field.invalid' })
  .min(0, { error: 'field.invalid' })
  .max(1, { error: 'field.invalid' });

/** One box: class, the engine's confidence (absent on a label), [x, y, w, h] normalised to 0..1. */
export const detection = z.object({
  cls: z.string().trim().min(1, { error: 'field.required' }).max(64, { error: 'field.tooLong' }),
  confidence: unit.optional(),
  box: z.tuple([unit, unit, unit, unit]),
});
export type Detection = z.infer<typeof detection>;

/**
 * A zone drawn on the instance's sample image (the sample image itself: media.ts IMAGE_MAX_BYTES,
 * jpg/png at most 500 KB checked by content) with the scene cameras' zone points and limits (SPEC §5).
 */
export const instanceZone = z.object({
  name: z.string().trim().max(50, { error: 'field.tooLong' }),
  points: z
    .array(zonePoint, { error: 'zone.invalid' })
    .min(MIN_ZONE_POINTS, { error: 'zone.invalid' })
    .max(MAX_ZONE_POINTS, { error: 'zone.invalid' }),
});

const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: 'field.invalid' });
export const scheduleWindow = z.object({
  /** 1 Monday … 7 Sunday. */
  days: z.array(z.number().int().min(1).max(7)).min(1, { error: 'field.required' }),
  start: hhmm,
  end: hhmm,
});

/** What an instance runs with; frozen into each version. */
export const instanceParams = z.object({
  sampleImage: z.string(),
  zones: z.array(instanceZone).max(MAX_ZONES, { error: 'zone.max' }),
  classes: z.array(z.string().min(1)).min(1, { error: 'field.required' }),
  thresholds: z.record(z.string(), unit),
  level: priorityCode,
  schedule: z.array(scheduleWindow).max(14),
});
export type InstanceParams = z.infer<typeof instanceParams>;

/** A version's evaluation (publish gate); rates 0..1. */
export const versionMetrics = z.object({
  precision: unit,
  recall: unit,
  falsePositiveRate: unit,
  evaluatedOn: z.string(),
  evaluatedAt: z.string(),
});
export type VersionMetrics = z.infer<typeof versionMetrics>;

/** SPEC §4: not started, in training, completed, training error, training terminated. */
export const TRAINING_STATE = { notStarted: 0, training: 1, completed: 2, error: 3, terminated: 4 } as const;
export type TrainingState = (typeof TRAINING_STATE)[keyof typeof TRAINING_STATE];

/** False-alarm review outcomes (issue 13 §4). */
export const FALSE_ALARM_STATES = ['pending', 'accepted', 'relabelled', 'dropped'] as const;
export type FalseAlarmState = (typeof FALSE_ALARM_STATES)[number];
