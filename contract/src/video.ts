import { z } from 'zod';

/**
 * Live video paths (issue 5). SPEC §7 shows `GET api/v2/video/camera/getCameraVideoPath`; the
 * camera stream url call ("takes cameraId and accountId, repeated every 10 seconds") has no path
 * in the SPEC: it is `streamUrl` here. The demo stream source and the media-server hooks are ours.
 */
export const VIDEO_API = {
  /** GET ?cameraId=&accountId= → the camera's recorded clips / playback path (SPEC §7). */
  cameraVideoPath: '/api/v2/video/camera/getCameraVideoPath',
  /** GET ?cameraId=&accountId= → a short-lived signed live stream address (not shown in the SPEC). */
  streamUrl: '/api/v2/video/camera/streamUrl',
  /** The built-in demo stream source: WS-FLV (websocket) or HTTP-FLV of a bundled clip, looped. */
  demoStream: (clip: string) => `/api/v2/video/demo/${encodeURIComponent(clip)}.flv`,
  /** Play authorization hooks for external media servers (ZLMediaKit on_play, MediaMTX, SRS). */
  mediaHook: (kind: 'zlm' | 'mediamtx' | 'srs') => `/api/v2/video/hook/${kind}`,
} as const;

/** How often the player asks for a fresh live address (SPEC §9: 10000 ms). */
export const STREAM_URL_REFRESH_MS = 10_000;

export const streamUrlQuery = z.object({
  cameraId: z.coerce.number().int().positive(),
  accountId: z.coerce.number().int().positive().optional(),
});
export type StreamUrlQuery = z.infer<typeof streamUrlQuery>;

/** A live address: `kind` tells the player which decoder to use. */
export const streamUrlResult = z.object({
  cameraId: z.number().int(),
  url: z.string(),
  kind: z.enum(['ws-flv', 'http-flv', 'hls', 'mp4']),
  /** ISO time after which the address is refused. */
  expiresAt: z.string(),
});
export type StreamUrlResult = z.infer<typeof streamUrlResult>;
