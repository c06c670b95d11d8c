/** Self-check (issue 14), system-status and one-key export: schemas, API paths and messages. */
import { z } from 'zod';

export const SYSTEM_STATUS_API = {
  /** Every server instance's last written status (permission systemStatus). */
  status: '/api/v2/backend/selfCheck/systemStatus',
  /** Starts a one-key export (download-centre job; permission onekeyExport). */
  onekeyExport: '/api/v2/backend/selfCheck/onekeyExport',
  /** Progress of a one-key export started on this instance. */
  onekeyProgress: (id: number) => `/api/v2/backend/selfCheck/onekeyExport/${id}/progress`,
} as const;

/** A one-key export covers at most this many days. */
export const ONEKEY_MAX_DAYS = 31;
/** How many of its last server errors an instance keeps in its status. */
export const STATUS_LAST_ERRORS = 20;

export const instanceError = z.object({ at: z.string(), message: z.string(), url: z.string() });

export const instanceStatus = z.object({
  uptimeSeconds: z.number(),
  cpu: z.object({ processPercent: z.number(), load1: z.number(), cores: z.number() }),
  memory: z.object({
    rss: z.number(),
    heapUsed: z.number(),
    heapTotal: z.number(),
    systemFree: z.number(),
    systemTotal: z.number(),
  }),
  eventLoop: z.object({ p50Ms: z.number(), p99Ms: z.number(), maxMs: z.number() }),
  openStreams: z.number(),
  /** The event fan-out's measures (the queue monitor's "eventFanout" queue); absent in rows of older versions. */
  fanout: z
    .object({
      instanceId: z.string(),
      streams: z.number(),
      stalled: z.number(),
      stalledSince: z.string().nullable(),
      deliveredLastMinute: z.number(),
      droppedLastMinute: z.number(),
    })
    .optional(),
  database: z.object({
    kind: z.enum(['pglite', 'postgres']),
    sizeBytes: z.number().nullable(),
    connections: z.number().nullable(),
    version: z.string(),
  }),
  mediaDisk: z.object({
    usedBytes: z.number(),
    freeBytes: z.number(),
    totalBytes: z.number(),
    usedPercent: z.number(),
    warnPercent: z.number(),
  }),
  versions: z.object({
    app: z.string(),
    node: z.string(),
    database: z.string(),
    redis: z.string().nullable(),
  }),
  lastErrors: z.array(instanceError),
});
export type InstanceStatus = z.infer<typeof instanceStatus>;

export const serverInstanceItem = z.object({
  id: z.string(),
  hostname: z.string(),
  pid: z.number(),
  startedAt: z.string(),
  lastSeenAt: z.string(),
  /** Not refreshed for 3 status intervals. */
  stale: z.boolean(),
  /** This is the instance answering the request. */
  self: z.boolean(),
  status: instanceStatus,
});
export type ServerInstanceItem = z.infer<typeof serverInstanceItem>;

export const systemStatusResponse = z.object({
  list: z.array(serverInstanceItem),
  statusSeconds: z.number(),
});
export type SystemStatusResponse = z.infer<typeof systemStatusResponse>;

export const onekeyExportBody = z
  .object({
    startTime: z.iso.datetime({ offset: true, error: 'field.invalid' }),
    endTime: z.iso.datetime({ offset: true, error: 'field.invalid' }),
  })
  .refine((b) => Date.parse(b.endTime) > Date.parse(b.startTime), {
    error: 'onekey.rangeInvalid',
    path: ['endTime'],
  })
  .refine((b) => Date.parse(b.endTime) - Date.parse(b.startTime) <= ONEKEY_MAX_DAYS * 86_400_000, {
    error: 'onekey.rangeTooLong',
    path: ['endTime'],
  });
export type OnekeyExportBody = z.infer<typeof onekeyExportBody>;

export const onekeyProgress = z.object({
  id: z.number(),
  /** 0–100. */
  percent: z.number(),
  /** The file being written (manifest order). */
  file: z.string(),
  done: z.boolean(),
  /** Done, but the file could not be written (the download centre says why). */
  failed: z.boolean(),
});
export type OnekeyProgress = z.infer<typeof onekeyProgress>;

/** This area's messages (spread into MESSAGES, messages.ts). */
export const SELF_CHECK_SYSTEM_STATUS_MESSAGES = {
  'onekey.rangeInvalid': { en: 'The end must be after the start', 'zh-CN': '结束时间须晚于开始时间' },
  'onekey.rangeTooLong': {
    en: 'A one-key export covers at most 31 days',
    'zh-CN': '一键导出的时间范围最长 31 天',
  },
  'onekey.started': {
    en: 'Export started: see the download centre',
    'zh-CN': '导出已开始，请在下载中心查看',
  },
} as const;
