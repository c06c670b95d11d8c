/** Self-check (issue 14), protocol: schemas, API paths and messages. */
import { z } from 'zod';
import { pageQuery, recordId } from './validators.ts';

const BASE = '/api/v2/backend';
/** Paths under the API prefix (the server registers them without it). */
export const PROTOCOL_LOG_ROUTES = {
  list: '/self-check/protocol/list',
  detail: '/self-check/protocol/:id',
  counts: '/self-check/protocol/counts',
} as const;

export const PROTOCOL_LOG_API = {
  /** POST { page, limit, startTime?, endTime?, kind?, outcome?, engineId?, cameraId?, reason? } → { list, count, capped }. */
  list: `${BASE}${PROTOCOL_LOG_ROUTES.list}`,
  /** GET /:id → one engine message with its raw metadata and parse result. */
  detail: `${BASE}${PROTOCOL_LOG_ROUTES.detail}`,
  /** POST { startTime, endTime, engineId?, cameraId?, utcOffset? } → kind × outcome counts and time buckets. */
  counts: `${BASE}${PROTOCOL_LOG_ROUTES.counts}`,
} as const;

/** The engine routes recorded (POST /ingest/<kind>). */
export const engineMessageKinds = ['videoAlarm', 'event', 'dcsAlarm', 'jobRun', 'heartbeat'] as const;
export type EngineMessageKind = (typeof engineMessageKinds)[number];
export const engineMessageOutcomes = ['accepted', 'duplicate', 'refused'] as const;
export type EngineMessageOutcome = (typeof engineMessageOutcomes)[number];

/**
 * The list's count is exact up to this many rows; above it the answer says `capped` and the page
 * shows "10,000+" (an exact count(*) over millions of rows costs too much for every page).
 */
export const PROTOCOL_COUNT_CAP = 10_000;
/** Longest range of the counts page (days). */
export const PROTOCOL_COUNT_MAX_DAYS = 92;

const DAY_MS = 86_400_000;
const isoTime = z.iso.datetime({ offset: true, error: 'field.invalid' });

export const protocolLogFilter = z.object({
  startTime: isoTime.optional(),
  endTime: isoTime.optional(),
  kind: z.enum(engineMessageKinds).optional(),
  outcome: z.enum(engineMessageOutcomes).optional(),
  engineId: recordId().optional(),
  cameraId: recordId().optional(),
  reason: z.string().trim().max(100).optional(),
});
export type ProtocolLogFilter = z.infer<typeof protocolLogFilter>;

export const protocolLogListQuery = pageQuery.extend(protocolLogFilter.shape);
export type ProtocolLogListQuery = z.infer<typeof protocolLogListQuery>;

export const protocolLogItem = z.object({
  id: z.number(),
  receivedAt: z.string(),
  kind: z.string(),
  engineId: z.number().nullable(),
  engineName: z.string().nullable(),
  outcome: z.string(),
  status: z.number(),
  reason: z.string().nullable(),
  cameraId: z.number().nullable(),
  cameraName: z.string().nullable(),
  durationMs: z.number().nullable(),
});
export type ProtocolLogItem = z.infer<typeof protocolLogItem>;

export const protocolLogListResult = z.object({
  list: z.array(protocolLogItem),
  /** Exact when `capped` is false; PROTOCOL_COUNT_CAP when there are more. */
  count: z.number().int(),
  capped: z.boolean(),
});
export type ProtocolLogListResult = z.infer<typeof protocolLogListResult>;

/** A bad id answers 400 'field.invalid'. The table's ids are bigserial, so up to 2^53. */
export const protocolLogIdParams = z.object({
  id: z.coerce
    .number({ error: 'field.invalid' })
    .int({ error: 'field.invalid' })
    .min(1, { error: 'field.invalid' })
    .max(Number.MAX_SAFE_INTEGER, { error: 'field.invalid' }),
});

export const protocolLogDetail = protocolLogItem.extend({
  raw: z.record(z.string(), z.unknown()),
  result: z.unknown(),
});
export type ProtocolLogDetail = z.infer<typeof protocolLogDetail>;

export const protocolCountQuery = z
  .object({
    startTime: isoTime,
    endTime: isoTime,
    engineId: recordId().optional(),
    cameraId: recordId().optional(),
    /** The viewer's UTC offset in minutes (day buckets start at the viewer's midnight). */
    utcOffset: z.coerce.number().int().min(-840).max(840).default(0),
  })
  .superRefine((value, ctx) => {
    const start = Date.parse(value.startTime);
    const end = Date.parse(value.endTime);
    if (end < start) ctx.addIssue({ code: 'custom', path: ['endTime'], message: 'time.endBeforeStart' });
    else if (end - start > PROTOCOL_COUNT_MAX_DAYS * DAY_MS)
      ctx.addIssue({ code: 'custom', path: ['endTime'], message: 'protocol.rangeTooLong' });
  });
export type ProtocolCountQuery = z.infer<typeof protocolCountQuery>;
export type ProtocolCountQueryInput = z.input<typeof protocolCountQuery>;

export const protocolCountCell = z.object({ kind: z.string(), outcome: z.string(), count: z.number().int() });
export type ProtocolCountCell = z.infer<typeof protocolCountCell>;
export const protocolCountBucket = z.object({
  /** The bucket's start (ISO). */
  at: z.string(),
  outcome: z.string(),
  count: z.number().int(),
});
export type ProtocolCountBucket = z.infer<typeof protocolCountBucket>;

export const protocolCountResult = z.object({
  cells: z.array(protocolCountCell),
  /** hour for ranges up to 2 days, day beyond. */
  bucket: z.enum(['hour', 'day']),
  buckets: z.array(protocolCountBucket),
  total: z.number().int(),
});
export type ProtocolCountResult = z.infer<typeof protocolCountResult>;

/** This area's messages (spread into MESSAGES, messages.ts). */
export const SELF_CHECK_PROTOCOL_MESSAGES = {
  'protocol.rangeTooLong': {
    en: 'The range may cover at most 92 days',
    'zh-CN': '时间范围最多 92 天',
  },
} as const;
