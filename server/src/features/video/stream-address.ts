import { type StreamUrlResult, VIDEO_API } from '@sentinel/contract';
import {
  DEMO_CLIPS,
  DEMO_STREAM_SCHEME,
  type DemoClip,
  demoStreamKey,
  isDemoClip,
} from './demo-stream/clips.ts';
import type { VideoCamera } from './stream-camera.ts';
import { fillStreamTemplate, type StreamTemplate } from './stream-template.ts';
import { signStreamToken } from './stream-token.ts';

/**
 * The demo clip a camera plays without a media server: its main stream url `demo:<clip>` when it
 * names a bundled clip, else one of the clips by camera id (every camera shows moving video).
 */
export function demoClipOf(cam: Pick<VideoCamera, 'id' | 'mainStreamUrl'>): DemoClip {
  const url = cam.mainStreamUrl.trim();
  if (url.startsWith(DEMO_STREAM_SCHEME)) {
    const name = url.slice(DEMO_STREAM_SCHEME.length);
    if (isDemoClip(name)) return name;
  }
  return DEMO_CLIPS[cam.id % DEMO_CLIPS.length] as DemoClip;
}

export interface AddressContext {
  secret: string;
  /** undefined: demo mode (the built-in demo stream source). */
  template: StreamTemplate | undefined;
  ttlSeconds: number;
  nowMs: number;
  accountId: number;
  /** This server's origin as the browser sees it, e.g. `https://console.plant.local`. */
  origin: string;
}

/**
 * A signed live address for `cam` and the caller (issue 5 §2). The token signs the stream key —
 * `demo:<clip>` in demo mode, the camera's code on a media server — the account and the expiry.
 */
export function streamAddress(cam: VideoCamera, ctx: AddressContext): StreamUrlResult {
  const expires = Math.floor(ctx.nowMs / 1000) + ctx.ttlSeconds;
  const expiresAt = new Date(expires * 1000).toISOString();
  const tokenFor = (stream: string) =>
    signStreamToken(ctx.secret, { stream, accountId: ctx.accountId, expires });
  if (!ctx.template) {
    const clip = demoClipOf(cam);
    const token = tokenFor(demoStreamKey(clip));
    const url = `${VIDEO_API.demoStream(clip)}?token=${encodeURIComponent(token)}`;
    return { cameraId: cam.id, url, kind: 'ws-flv', expiresAt };
  }
  const token = tokenFor(cam.code);
  const url = fillStreamTemplate(ctx.template, { stream: cam.code, token, origin: ctx.origin });
  return { cameraId: cam.id, url, kind: ctx.template.kind, expiresAt };
}
