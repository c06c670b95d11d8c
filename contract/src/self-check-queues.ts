/** Self-check (issue 14), queues: schemas, API paths and messages. */
import { z } from 'zod';
import { pageQuery } from './validators.ts';

export const QUEUE_MONITOR_API = {
  /** GET → every queue's current measures (depth, running, oldest waiting age, done/failed last minute). */
  queues: '/api/v2/backend/queueMonitor/queues',
  /** POST { page, limit, queue? } → pile-up records, open ones first, newest first. */
  pileups: '/api/v2/backend/queueMonitor/pileups/list',
} as const;

export const queueMeasure = z.object({
  queue: z.string(),
  depth: z.number().int(),
  running: z.number().int(),
  oldestAgeSeconds: z.number().int().nullable(),
  doneLastMinute: z.number().int(),
  failedLastMinute: z.number().int(),
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

/** This area's messages (spread into MESSAGES, messages.ts). */
export const SELF_CHECK_QUEUES_MESSAGES = {} as const;
