import { z } from 'zod';
import { recordId } from './validators.ts';

/**
 * Live video paths (issue 5). SPEC §7 shows `GET api/v2/video/camera/getCameraVideoPath`; the
 * camera stream url call ("takes cameraId and accountId, repeated every 10 seconds") has no path
 * in the SPEC: it is `streamUrl` here. The demo stream source and the media-server hooks are ours.
 */
/** Every path below starts with this prefix (the server mounts the video plugin there). */
export const VIDEO_API_PREFIX = '/api/v2/video';

export const VIDEO_API = {
  /** GET ?cameraId=&startTime=&endTime= → the camera's recorded clips (SPEC §7, playback page). */
  cameraVideoPath: '/api/v2/video/camera/getCameraVideoPath',
  /** GET ?cameraId=&accountId= → a short-lived signed live stream address (not shown in the SPEC). */
  streamUrl: '/api/v2/video/camera/streamUrl',
  /** The built-in demo stream source: WS-FLV (websocket) or HTTP-FLV of a bundled clip, looped. */
  demoStream: (clip: string) => `/api/v2/video/demo/${encodeURIComponent(clip)}.flv`,
  /**
   * Play authorization hooks for external media servers (ZLMediaKit on_play, MediaMTX, SRS, and
   * nginx's auth_request in front of nginx-rtmp's HLS).
   */
  mediaHook: (kind: 'zlm' | 'mediamtx' | 'srs' | 'nginx') => `/api/v2/video/hook/${kind}`,
} as const;

/** How often the player asks for a fresh live address (SPEC §9: 10000 ms). */
export const STREAM_URL_REFRESH_MS = 10_000;

/**
 * Which of a camera's streams (issue 17 §6): 'main' (full resolution: one camera, full screen) or
 * 'sub' (the camera's low-resolution sub stream: video wall cells). A camera without a sub stream
 * address plays its main stream when 'sub' is asked; the answer says which one it got.
 */
export const cameraStreamVariant = z.enum(['main', 'sub']);
export type CameraStreamVariant = z.infer<typeof cameraStreamVariant>;

/**
 * On a media server (MEDIA_STREAM_TEMPLATE) a camera's sub stream is published or pulled under its
 * code with this suffix (`CAM-01_sub`), its main stream under its code.
 */
export const SUB_STREAM_SUFFIX = '_sub';

export const streamUrlQuery = z.object({
  cameraId: recordId(),
  accountId: recordId().optional(),
  /** Default 'main'. */
  stream: cameraStreamVariant.optional(),
});
export type StreamUrlQuery = z.infer<typeof streamUrlQuery>;

/** Which decoder plays a source: mpegts.js (WS-FLV, HTTP-FLV), hls.js (HLS), or the browser (mp4). */
export const streamKind = z.enum(['ws-flv', 'http-flv', 'hls', 'mp4']);
export type StreamKind = z.infer<typeof streamKind>;

/**
 * A live address: `kind` tells the player which decoder to use. The address carries a signed token
 * bound to the camera's stream and the caller's account, refused after `expiresAt` (so a copied
 * address stops working); the player asks for a fresh one every STREAM_URL_REFRESH_MS.
 *
 * `url` is either absolute (a media server, from MEDIA_STREAM_TEMPLATE: ws://, wss://, http://,
 * https://) or, in demo mode, a path on this origin (`/api/v2/video/demo/<clip>.flv?token=…`):
 * for kind 'ws-flv' the player turns such a path into `ws(s)://<this host><path>` (wss on https).
 */
export const streamUrlResult = z.object({
  cameraId: z.number().int(),
  url: z.string(),
  kind: streamKind,
  /** ISO time after which the address is refused. */
  expiresAt: z.string(),
  /** The stream the address plays ('main' when 'sub' was asked of a camera without one). */
  stream: cameraStreamVariant,
});
export type StreamUrlResult = z.infer<typeof streamUrlResult>;

/**
 * getCameraVideoPath (SPEC §7): a camera's recorded clips in a time range. Both times or neither
 * (400 'time.rangeRequired', also when the start is after the end); without a range, the latest.
 */
export const cameraVideoPathQuery = z.object({
  cameraId: recordId(),
  /** Accepted for symmetry with streamUrl; when given it must be the caller's own id. */
  accountId: recordId().optional(),
  startTime: z.string().datetime({ offset: true }).optional(),
  endTime: z.string().datetime({ offset: true }).optional(),
});
export type CameraVideoPathQuery = z.infer<typeof cameraVideoPathQuery>;

/** At most this many clips are listed (newest first). */
export const CAMERA_VIDEO_PATH_LIMIT = 200;

/** One alarm's clip: `id` is the alarm's id. */
export const cameraAlarmClip = z.object({
  source: z.literal('alarm'),
  id: z.number().int(),
  /** ISO time of the alarm (the clip is around it). */
  alarmTime: z.string(),
  /** The alarm type's name (a copy taken at ingest). */
  videoAlarmTypeName: z.string(),
  url: z.string(),
  kind: streamKind,
});
export type CameraAlarmClip = z.infer<typeof cameraAlarmClip>;

/**
 * One recording kept by the media server (MEDIA_RECORDINGS_URL, a MediaMTX playback server): a
 * continuous stretch starting at `startTime`, lasting `durationSeconds`. `url` plays it as mp4 and
 * carries a signed token bound to the camera's stream and the caller's account, accepted long
 * enough to watch the stretch.
 */
export const cameraRecordingClip = z.object({
  source: z.literal('recording'),
  /** The start in epoch milliseconds: unique among a camera's recordings (not an alarm id). */
  id: z.number().int(),
  /** ISO start time. */
  startTime: z.string(),
  durationSeconds: z.number().nonnegative(),
  url: z.string(),
  kind: streamKind,
});
export type CameraRecordingClip = z.infer<typeof cameraRecordingClip>;

/** One recorded clip: an alarm's clip or a media-server recording (`source`). */
export const cameraVideoClip = z.discriminatedUnion('source', [cameraAlarmClip, cameraRecordingClip]);
export type CameraVideoClip = z.infer<typeof cameraVideoClip>;

/** When a clip starts: the alarm's time, or the recording's start. */
export const clipStartTime = (clip: CameraVideoClip): string =>
  clip.source === 'alarm' ? clip.alarmTime : clip.startTime;

/**
 * `list` empty: the envelope's message is 'camera.noVideo' (此相机下暂无视频!). Alarm clips and
 * recordings are merged, newest first.
 */
export const cameraVideoPathResult = z.object({
  cameraId: z.number().int(),
  list: z.array(cameraVideoClip),
  /** True when more clips than CAMERA_VIDEO_PATH_LIMIT matched (narrow the range). */
  truncated: z.boolean(),
  /**
   * True when a media server for recordings is configured but did not answer (down, slow, or an
   * answer it could not read): only the alarm clips are listed.
   */
  recordingsUnavailable: z.boolean(),
});
export type CameraVideoPathResult = z.infer<typeof cameraVideoPathResult>;
