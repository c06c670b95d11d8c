import {
  type CameraStreamVariant,
  type StreamUrlResult,
  SUB_STREAM_SUFFIX,
  VIDEO_API,
} from '@sentinel/contract';
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

const namedClip = (url: string): DemoClip | undefined => {
  const text = url.trim();
  if (!text.startsWith(DEMO_STREAM_SCHEME)) return undefined;
  const name = text.slice(DEMO_STREAM_SCHEME.length);
  return isDemoClip(name) ? name : undefined;
};

/**
 * The demo clip a camera plays without a media server: its main stream url `demo:<clip>` when it
 * names a bundled clip, else one of the clips by camera id (every camera shows moving video). Its
 * sub stream plays the clip its sub stream url names (`demo:<clip>`), else the main stream's clip.
 */
export function demoClipOf(
  cam: Pick<VideoCamera, 'id' | 'mainStreamUrl'> & Partial<Pick<VideoCamera, 'subStreamUrl'>>,
  variant: CameraStreamVariant = 'main',
): DemoClip {
  const sub = variant === 'sub' ? namedClip(cam.subStreamUrl ?? '') : undefined;
  return sub ?? namedClip(cam.mainStreamUrl) ?? (DEMO_CLIPS[cam.id % DEMO_CLIPS.length] as DemoClip);
}

/**
 * The stream a camera plays for `asked`: 'sub' only when the camera has a sub stream address (its
 * sub_stream_url); otherwise its main stream, so a wall cell always shows something.
 */
export function streamVariantOf(
  cam: Pick<VideoCamera, 'subStreamUrl'>,
  asked: CameraStreamVariant | undefined,
): CameraStreamVariant {
  return asked === 'sub' && cam.subStreamUrl.trim() !== '' ? 'sub' : 'main';
}

/** The stream key of a camera on a media server: its code, `<code>_sub` for its sub stream. */
export const mediaStreamKey = (code: string, variant: CameraStreamVariant) =>
  variant === 'sub' ? `${code}${SUB_STREAM_SUFFIX}` : code;

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
 * A signed live address of `cam`'s main or sub stream for the caller (issue 5 §2, issue 17 §6).
 * The token signs the stream key — `demo:<clip>` in demo mode, the camera's code (`<code>_sub` for
 * the sub stream) on a media server — the account and the expiry.
 */
export function streamAddress(
  cam: VideoCamera,
  ctx: AddressContext,
  asked?: CameraStreamVariant,
): StreamUrlResult {
  const stream = streamVariantOf(cam, asked);
  const expires = Math.floor(ctx.nowMs / 1000) + ctx.ttlSeconds;
  const expiresAt = new Date(expires * 1000).toISOString();
  const tokenFor = (stream: string) =>
    signStreamToken(ctx.secret, { stream, accountId: ctx.accountId, expires });
  if (!ctx.template) {
    const clip = demoClipOf(cam, stream);
    const token = tokenFor(demoStreamKey(clip));
    const url = `${VIDEO_API.demoStream(clip)}?token=${encodeURIComponent(token)}`;
    return { cameraId: cam.id, url, kind: 'ws-flv', expiresAt, stream };
  }
  const key = mediaStreamKey(cam.code, stream);
  const token = tokenFor(key);
  const url = fillStreamTemplate(ctx.template, { stream: key, token, origin: ctx.origin });
  return { cameraId: cam.id, url, kind: ctx.template.kind, expiresAt, stream };
}
