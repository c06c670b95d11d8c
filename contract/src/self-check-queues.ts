/** Self-check (issue 14), queues: schemas, API paths and messages. */
import { z } from 'zod';
import { pageQuery } from './validators.ts';

export const QUEUE_MONITOR_API = {
  /** GET → every queue's current measures (depth, running, oldest waiting age, done/failed last minute). */
  queues: '/api/v2/backend/queueMonitor/queues',
  /** POST { page, limit, queue? } → pile-up records, open ones first, newest first. */
  pileups: '/api/v2/backend/queueMonitor/pileups/list',
  /** GET ?minutes= → the samples of every queue over the last minutes (the page's last-hour chart). */
  samples: '/api/v2/backend/queueMonitor/samples',
  /** POST → pauses a queue: no worker on any instance takes from it until it is resumed (audited). */
  pause: (queue: string) => `/api/v2/backend/queueMonitor/queues/${encodeURIComponent(queue)}/pause`,
  /** POST → resumes a paused queue (audited). */
  resume: (queue: string) => `/api/v2/backend/queueMonitor/queues/${encodeURIComponent(queue)}/resume`,
} as const;

/**
 * The queues the product runs. Job-queue queues (training; reports and outbound deliveries when
 * they come) are named by their `job_queue.queue`; the others are measured from their own tables
 * (exports: export_file, offline analyses: offline_analysis) or, for the event fan-out, from each
 * instance's live measures.
 */
export const QUEUE_NAME = {
  exports: 'exports',
  offlineAnalyses: 'offlineAnalyses',
  training: 'training',
  eventFanout: 'eventFanout',
} as const;
/** Queues that cannot be paused: exports start in the request's process, the fan-out is the live push. */
export const UNPAUSABLE_QUEUES: readonly string[] = [QUEUE_NAME.exports, QUEUE_NAME.eventFanout];
export const queueNameParam = z.object({
  queue: z
    .string()
    .min(1)
    .max(64)
    .regex(/^[A-Za-z0-9_.-]+$/),
});

export const queueMeasure = z.object({
  queue: z.string(),
  depth: z.number().int(),
  running: z.number().int(),
  oldestAgeSeconds: z.number().int().nullable(),
  doneLastMinute: z.number().int(),
  failedLastMinute: z.number().int(),
  pausable: z.boolean(),
  /** Who paused it and when; null while it runs. */
  paused: z.object({ accountName: z.string(), at: z.string() }).nullable(),
});
export type QueueMeasure = z.infer<typeof queueMeasure>;
export const queueMeasures = z.array(queueMeasure);

export const pileupListQuery = pageQuery.extend({ queue: z.string().max(64).optional() });
export const pileupItem = z.object({
  id: z.number().int(),
  queue: z.string(),
  reason: z.string(),
  openedAt: z.string(),
  peakDepth: z.number().int(),
  peakAgeSeconds: z.number().int(),
  closedAt: z.string().nullable(),
  durationSeconds: z.number().int().nullable(),
  drainSeconds: z.number().int().nullable(),
});
export type PileupItem = z.infer<typeof pileupItem>;
export const pileupListResult = z.object({ list: z.array(pileupItem), count: z.number().int() });
export type PileupListResult = z.infer<typeof pileupListResult>;

export const queueSamplesQuery = z.object({
  minutes: z.coerce
    .number()
    .int()
    .min(5)
    .max(24 * 60)
    .default(60),
});
export const queueSamplePoint = z.object({
  queue: z.string(),
  at: z.string(),
  depth: z.number().int(),
  oldestAgeSeconds: z.number().int().nullable(),
  done: z.number().int(),
  failed: z.number().int(),
});
export type QueueSamplePoint = z.infer<typeof queueSamplePoint>;
export const queueSamplesResult = z.object({
  /** Seconds between samples (QUEUE_SAMPLE_SECONDS): each `done`/`failed` counts the minute before. */
  intervalSeconds: z.number().int(),
  list: z.array(queueSamplePoint),
});
export type QueueSamplesResult = z.infer<typeof queueSamplesResult>;

/** This area's messages (spread into MESSAGES, messages.ts). */
export const SELF_CHECK_QUEUES_MESSAGES = {
  'queueMonitor.unknownQueue': { en: 'There is no such queue', 'zh-CN': '没有这个队列' },
  'queueMonitor.notPausable': {
    en: 'This queue cannot be paused',
    'zh-CN': '该队列不能暂停',
  },
} as const;
