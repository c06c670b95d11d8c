import type { StreamKind } from '@sentinel/contract';

/**
 * MEDIA_STREAM_TEMPLATE (issue 5 §2): where a camera's live stream is played from on a media server,
 * e.g. `ws://media.plant.local:8080/live/{stream}.live.flv?token={token}`. Placeholders: {stream}
 * (the camera's code, URL-encoded; required), {token} (the signed token; appended as `token=` to
 * the query when the template has none) and {origin} (this server's origin as the browser sees
 * it). The player's decoder follows from the template: ws(s)://….flv 'ws-flv', http(s)://….flv
 * (or {origin}/… and /… paths) 'http-flv', ….m3u8 'hls', ….mp4 'mp4'.
 */
export interface StreamTemplate {
  text: string;
  kind: StreamKind;
}

const fail = (why: string): never => {
  throw new Error(`MEDIA_STREAM_TEMPLATE ${why}`);
};

/** Parses and checks the template at start (throws a clear error); undefined: demo mode. */
export function parseStreamTemplate(raw: string | undefined): StreamTemplate | undefined {
  const text = raw?.trim();
  if (!text) return undefined;
  if (!text.includes('{stream}')) fail(`must contain {stream} (the camera's code): ${text}`);
  const websocket = /^wss?:\/\//i.test(text);
  if (!websocket && !/^(https?:\/\/|\{origin\}\/|\/)/i.test(text)) {
    fail(`must start with ws://, wss://, http://, https://, {origin}/ or /: ${text}`);
  }
  const path = (text.split(/[?#]/)[0] ?? '').toLowerCase();
  let kind: StreamKind | undefined;
  if (path.endsWith('.flv')) kind = websocket ? 'ws-flv' : 'http-flv';
  else if (path.endsWith('.m3u8')) kind = 'hls';
  else if (path.endsWith('.mp4')) kind = 'mp4';
  if (!kind) return fail(`must name a .flv, .m3u8 or .mp4 stream (before any ?query): ${text}`);
  const withToken = text.includes('{token}') ? text : `${text}${text.includes('?') ? '&' : '?'}token={token}`;
  return { text: withToken, kind };
}

/** The template with its placeholders filled in. */
export function fillStreamTemplate(
  template: StreamTemplate,
  values: { stream: string; token: string; origin: string },
): string {
  return template.text
    .replaceAll('{stream}', encodeURIComponent(values.stream))
    .replaceAll('{token}', encodeURIComponent(values.token))
    .replaceAll('{origin}', values.origin);
}

const STREAM_SUFFIXES = ['.live.flv', '.flv', '.m3u8', '.mp4'];

/**
 * The stream key (camera code) in what a media server reports as the played stream: the last
 * path segment (`live/CAM-01` → `CAM-01`), URL-decoded, without a `.live.flv`, `.flv`, `.m3u8` or
 * `.mp4` suffix. Camera codes containing '/' therefore cannot be played through a media server.
 */
export function streamKeyOfReported(reported: string): string {
  let key = reported.split('/').filter(Boolean).at(-1) ?? '';
  try {
    key = decodeURIComponent(key);
  } catch {
    // Not percent-encoded: keep it as reported.
  }
  for (const suffix of STREAM_SUFFIXES) {
    if (key.toLowerCase().endsWith(suffix)) return key.slice(0, -suffix.length);
  }
  return key;
}
