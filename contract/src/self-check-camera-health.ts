/** Self-check (issue 14), camera-health: schemas, API paths and messages. */
import { z } from 'zod';

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

/** This area's messages (spread into MESSAGES, messages.ts). */
export const SELF_CHECK_CAMERA_HEALTH_MESSAGES = {
  'cameraHealth.engineReported': {
    en: 'The engine reported the camera as failing',
    'zh-CN': '引擎报告该摄像头异常',
  },
} as const;
