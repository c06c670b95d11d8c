import type { StreamUrlResult } from '@sentinel/contract';

/** Which decoder plays an address: mpegts.js (FLV), hls.js / native HLS, or the plain <video>. */
export type SourceKind = StreamUrlResult['kind'];

/** The parts of `window.location` an address is resolved against. */
export interface PageLocation {
  protocol: string;
  host: string;
}

function pathOf(url: string): string {
  return url.split(/[?#]/, 1)[0]?.toLowerCase() ?? '';
}

/**
 * The decoder for a string source (SPEC §2 "a websocket stream address ... a file or url"):
 * ws:// or wss:// → WS-FLV; http(s) or a path ending in .flv → HTTP-FLV; .m3u8 → HLS;
 * anything else (mp4, a media path) → the native element.
 */
export function detectSourceKind(url: string): SourceKind {
  const trimmed = url.trim();
  if (/^wss?:\/\//i.test(trimmed)) return 'ws-flv';
  const path = pathOf(trimmed);
  if (path.endsWith('.flv')) return 'http-flv';
  if (path.endsWith('.m3u8')) return 'hls';
  return 'mp4';
}

/**
 * The address a decoder opens. A websocket stream given as a same-origin path (the demo source
 * answers `/api/v2/video/demo/…flv?token=…`) becomes `ws(s)://<host><path>`; an http(s) address
 * given for a websocket kind is switched to ws(s). Other kinds keep relative paths (fetch and
 * <video> resolve them against the page).
 */
export function playableAddress(url: string, kind: SourceKind, location: PageLocation): string {
  const trimmed = url.trim();
  if (kind !== 'ws-flv') return trimmed;
  if (/^wss?:\/\//i.test(trimmed)) return trimmed;
  if (/^https?:\/\//i.test(trimmed)) return trimmed.replace(/^http/i, 'ws');
  const secure = location.protocol === 'https:';
  const path = trimmed.startsWith('/') ? trimmed : `/${trimmed}`;
  return `${secure ? 'wss' : 'ws'}://${location.host}${path}`;
}

/** Live unless told otherwise: camera ids and FLV streams are live, files and HLS recordings are not. */
export function isLiveByDefault(source: string | number, kind: SourceKind): boolean {
  if (cameraIdOf(source) !== null) return true;
  return kind === 'ws-flv' || kind === 'http-flv';
}

/** A camera id given as a number or as a string of digits (the video wall stores ids as `src`). */
export function cameraIdOf(source: string | number): number | null {
  if (typeof source === 'number') return Number.isInteger(source) && source > 0 ? source : null;
  const trimmed = source.trim();
  return /^[1-9]\d{0,15}$/.test(trimmed) ? Number(trimmed) : null;
}
