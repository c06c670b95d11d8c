import { z } from 'zod';
import { alarmAnalysis, analysisQuery, durationStats } from './analysis.ts';
import { falseAlarmRateResult } from './false-alarm-review.ts';

/**
 * System settings › Running effect (issue 15 §3, admin only): how well the deployment works over a
 * range — alarms per day, false-positive rate per algorithm and per version, handling times and
 * camera availability. One call composing the analyses' own queries (no second copy of their SQL).
 */
export const RUNNING_EFFECT_API = {
  /** POST { startTime, endTime, utcOffset } (the analyses' range rules) → runningEffect. */
  query: '/api/v2/backend/systemSettings/runningEffect',
} as const;

/**
 * The range of the page: the analyses' own query (SPEC §9 presets in the browser; both times
 * required — '请选择开始时间和截止时间!' —, end not before start, at most 366 days). Plant, area
 * and scene are not offered: the false-positive and camera figures are per installation.
 */
export const runningEffectQuery = analysisQuery;
export type RunningEffectQuery = z.infer<typeof runningEffectQuery>;
export type RunningEffectQueryInput = z.input<typeof runningEffectQuery>;

/** Camera availability of one bucket of the alarm trend (cut to the range and to now). */
export const availabilityPoint = z.object({
  time: z.string(),
  /** Outages overlapping the bucket. */
  outages: z.number(),
  /** Camera-seconds lost to outages in the bucket. */
  downSeconds: z.number(),
  /** 0 … 1; null for a bucket wholly in the future or without monitored cameras. */
  availability: z.number().nullable(),
});
export type AvailabilityPoint = z.infer<typeof availabilityPoint>;

export const cameraAvailability = z.object({
  /** Cameras the health monitor watches (those with a health record). */
  cameras: z.number(),
  /** Outages overlapping the range (Self-check › Camera error log with the same range lists them). */
  outages: z.number(),
  downSeconds: z.number(),
  /** 1 − down / (cameras × elapsed seconds of the range); null when nothing to measure. */
  availability: z.number().nullable(),
  /** The alarm trend's buckets. */
  trend: z.array(availabilityPoint),
});
export type CameraAvailability = z.infer<typeof cameraAvailability>;

export const runningEffect = z.object({
  /** Alarms of the range (History alarms' count) by hour or day, as the alarm analysis. */
  alarms: alarmAnalysis.pick({
    total: true,
    untreated: true,
    falsePositive: true,
    granularity: true,
    trend: true,
  }),
  /** Seconds from alarm to handling (processed alarms) and to approval. */
  handling: z.object({
    overall: durationStats,
    approval: durationStats,
    byLevel: z.array(durationStats.extend({ priority: z.number() })),
  }),
  /** False-positive rate per algorithm and per version (alarms of the range). */
  falsePositive: falseAlarmRateResult,
  cameras: cameraAvailability,
});
export type RunningEffect = z.infer<typeof runningEffect>;
