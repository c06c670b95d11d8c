/** Self-check (issue 14), camera-health: schemas, API paths and messages. */
import { z } from 'zod';
import { pageQuery } from './validators.ts';

export const CAMERA_HEALTH_API = {
  /** An engine's heartbeat (x-engine-key), naming the cameras it sees. */
  heartbeat: '/ingest/heartbeat',
} as const;

/** One camera an engine reports in its heartbeat: by id or code, and whether its stream is good. */
export const heartbeatCameraSchema = z
  .object({
    cameraId: z.number().int().positive().optional(),
    cameraCode: z.string().min(1).max(100).optional(),
    ok: z.boolean(),
    error: z.string().max(500).optional(),
  })
  .refine((value) => value.cameraId !== undefined || value.cameraCode !== undefined, {
    message: 'field.required',
    path: ['cameraId'],
  });

export const heartbeatBodySchema = z.object({
  cameras: z.array(heartbeatCameraSchema).max(500).optional(),
  version: z.string().max(100).optional(),
});
export type HeartbeatBody = z.infer<typeof heartbeatBodySchema>;

export const heartbeatResultSchema = z.object({
  engineId: z.number(),
  /** The named cameras this server knows (unknown ones are ignored). */
  cameras: z.number(),
});
export type HeartbeatResult = z.infer<typeof heartbeatResultSchema>;

/** The self-check camera pages (cameraRecord, cameraErrorLog, cameraScreenshotLog). */
export const SELF_CHECK_CAMERAS_API = {
  /** POST { page, limit, cameraId?, keyword?, state? } → cameras with their derived state (cameraRecord). */
  cameras: '/api/v2/backend/selfCheck/camera/list',
  /** POST { page, limit, cameraId, kind? } → a camera's checks, newest first (cameraRecord). */
  checks: '/api/v2/backend/selfCheck/camera/check/list',
  /** POST { cameraId } → probes the camera's stream now and derives its state (cameraRecord). */
  probe: '/api/v2/backend/selfCheck/camera/probe',
  /** POST { cameraId, running } → stops or starts a demo camera's demo stream (cameraRecord, audited). */
  demoStream: '/api/v2/backend/selfCheck/camera/demoStream',
  /** POST { page, limit, cameraId?, startTime?, endTime?, cause?, openOnly? } → outages, open first (cameraErrorLog). */
  outages: '/api/v2/backend/selfCheck/camera/outage/list',
  /** POST { page, limit, cameraId?, startTime?, endTime? } → snapshot grabs, newest first (cameraScreenshotLog). */
  snapshots: '/api/v2/backend/selfCheck/camera/snapshot/list',
} as const;

const isoTime = z.iso.datetime({ offset: true, error: 'field.invalid' });
const cameraIdFilter = z.coerce
  .number({ error: 'field.invalid' })
  .int({ error: 'field.invalid' })
  .min(1, { error: 'field.invalid' })
  .max(2_147_483_647, { error: 'field.invalid' });

export const CAMERA_STATES = ['online', 'offline', 'unknown'] as const;
export const cameraState = z.enum(CAMERA_STATES);
export type CameraState = z.infer<typeof cameraState>;
export const OUTAGE_CAUSES = ['stream', 'engine', 'server'] as const;
export const outageCause = z.enum(OUTAGE_CAUSES);
export type OutageCause = z.infer<typeof outageCause>;
export const CHECK_KINDS = ['stream', 'snapshot'] as const;
export const checkKind = z.enum(CHECK_KINDS);

export const cameraHealthListQuery = pageQuery.extend({
  cameraId: cameraIdFilter.optional(),
  keyword: z.string().max(100).optional(),
  state: cameraState.optional(),
});
export type CameraHealthListQuery = z.infer<typeof cameraHealthListQuery>;

export const cameraHealthItem = z.object({
  cameraId: z.number().int(),
  name: z.string(),
  code: z.string(),
  /** What is probed: demo, rtsp, http, or none (no stream address). */
  target: z.enum(['demo', 'rtsp', 'http', 'none']),
  /** A demo camera's demo stream is running (null: not a demo camera). */
  demoRunning: z.boolean().nullable(),
  state: cameraState,
  since: z.string().nullable(),
  lastEvidenceAt: z.string().nullable(),
  lastEvidenceKind: z.string().nullable(),
  lastFailureAt: z.string().nullable(),
  lastError: z.string().nullable(),
  /** Share of the last 24 h without an outage (0–100, one decimal); null when never checked. */
  uptimePercent: z.number().nullable(),
  openOutageCause: outageCause.nullable(),
});
export type CameraHealthItem = z.infer<typeof cameraHealthItem>;
export const cameraHealthListResult = z.object({ list: z.array(cameraHealthItem), count: z.number().int() });
export type CameraHealthListResult = z.infer<typeof cameraHealthListResult>;

export const cameraCheckListQuery = pageQuery.extend({
  cameraId: cameraIdFilter,
  kind: checkKind.optional(),
});
export const cameraCheckItem = z.object({
  id: z.number().int(),
  cameraId: z.number().int(),
  checkedAt: z.string(),
  kind: z.string(),
  ok: z.boolean(),
  latencyMs: z.number().int().nullable(),
  error: z.string().nullable(),
  detail: z.record(z.string(), z.unknown()).nullable(),
  imageUrl: z.string().nullable(),
});
export type CameraCheckItem = z.infer<typeof cameraCheckItem>;
export const cameraCheckListResult = z.object({ list: z.array(cameraCheckItem), count: z.number().int() });
export type CameraCheckListResult = z.infer<typeof cameraCheckListResult>;

export const cameraProbeBody = z.object({ cameraId: cameraIdFilter });
export const cameraProbeResult = z.object({ check: cameraCheckItem, camera: cameraHealthItem });
export type CameraProbeResult = z.infer<typeof cameraProbeResult>;

export const demoStreamBody = z.object({ cameraId: cameraIdFilter, running: z.boolean() });
export const demoStreamResult = z.object({
  cameraId: z.number().int(),
  clip: z.string(),
  running: z.boolean(),
});
export type DemoStreamResult = z.infer<typeof demoStreamResult>;

export const outageListQuery = pageQuery.extend({
  cameraId: cameraIdFilter.optional(),
  startTime: isoTime.optional(),
  endTime: isoTime.optional(),
  cause: outageCause.optional(),
  openOnly: z.boolean().optional(),
});
export type OutageListQuery = z.infer<typeof outageListQuery>;
export const outageItem = z.object({
  id: z.number().int(),
  cameraId: z.number().int(),
  cameraName: z.string(),
  startedAt: z.string(),
  detectedAt: z.string(),
  endedAt: z.string().nullable(),
  cause: z.string(),
  error: z.string().nullable(),
  /** Closed: its duration; open: seconds until now. */
  durationSeconds: z.number().int(),
  open: z.boolean(),
});
export type OutageItem = z.infer<typeof outageItem>;
export const outageListResult = z.object({ list: z.array(outageItem), count: z.number().int() });
export type OutageListResult = z.infer<typeof outageListResult>;

export const snapshotListQuery = pageQuery.extend({
  cameraId: cameraIdFilter.optional(),
  startTime: isoTime.optional(),
  endTime: isoTime.optional(),
});
export type SnapshotListQuery = z.infer<typeof snapshotListQuery>;
export const snapshotItem = z.object({
  id: z.number().int(),
  cameraId: z.number().int(),
  cameraName: z.string(),
  checkedAt: z.string(),
  ok: z.boolean(),
  error: z.string().nullable(),
  imageUrl: z.string().nullable(),
  simulated: z.boolean(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
});
export type SnapshotItem = z.infer<typeof snapshotItem>;
export const snapshotListResult = z.object({ list: z.array(snapshotItem), count: z.number().int() });
export type SnapshotListResult = z.infer<typeof snapshotListResult>;

/** This area's messages (spread into MESSAGES, messages.ts). */
export const SELF_CHECK_CAMERA_HEALTH_MESSAGES = {
  'cameraHealth.engineReported': {
    en: 'The engine reported the camera as failing',
    'zh-CN': '引擎报告该摄像头异常',
  },
  'cameraCheck.timeout': { en: 'The stream did not answer in time', 'zh-CN': '视频流响应超时' },
  'cameraCheck.refused': { en: 'The stream address refused the connection', 'zh-CN': '视频流地址拒绝连接' },
  'cameraCheck.unreachable': { en: 'The stream address cannot be reached', 'zh-CN': '无法连接视频流地址' },
  'cameraCheck.httpStatus': { en: 'The stream answered with an error status', 'zh-CN': '视频流返回错误状态' },
  'cameraCheck.noData': { en: 'The stream sent no data', 'zh-CN': '视频流没有数据' },
  'cameraCheck.rtspAnswer': {
    en: 'The RTSP server did not answer OPTIONS',
    'zh-CN': 'RTSP 服务未响应 OPTIONS',
  },
  'cameraCheck.demoStopped': { en: 'The demo stream is stopped', 'zh-CN': '演示视频流已停止' },
  'cameraCheck.noTarget': { en: 'The camera has no stream address', 'zh-CN': '摄像头没有视频流地址' },
  'cameraCheck.snapshotFailed': { en: 'No frame could be grabbed', 'zh-CN': '无法截取画面' },
  'cameraCheck.notDemo': { en: 'This camera does not play a demo stream', 'zh-CN': '该摄像头不是演示视频流' },
  'cameraCheck.failed': { en: 'The check failed', 'zh-CN': '检查失败' },
} as const;
