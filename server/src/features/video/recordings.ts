import type { CameraRecordingClip } from '@sentinel/contract';
import { z } from 'zod';
import { signStreamToken } from './stream-token.ts';

/**
 * Recordings kept by a MediaMTX playback server (MEDIA_RECORDINGS_URL, issue 5 playback page).
 *
 * The console asks `GET <url>/list?path=<stream>&start=<RFC3339>&end=<RFC3339>` (MediaMTX v1.x)
 * and gets `[{ start, duration (seconds), url? }]`; 404 means the path has no recordings. A
 * recording plays from `GET <public url>/get?path=&start=&duration=&format=mp4&token=…`.
 *
 * The stream path is the camera's stream key, the code that MEDIA_STREAM_TEMPLATE fills into
 * {stream} (MediaMTX `paths: <code>: …`). MediaMTX authorizes both calls through its
 * authHTTPAddress with action 'playback', passing the query on: both carry a token signed for the
 * stream and the caller's account (hooks.ts checks it) — the list call a short one, each recording
 * one accepted long enough to watch it.
 */

/** How long the console waits for the playback server before listing the alarm clips alone. */
export const RECORDINGS_TIMEOUT_MS = 3000;
/** Without a time range, recordings of the last 24 hours are listed. */
export const RECORDINGS_DEFAULT_RANGE_MS = 24 * 3_600_000;
/** A recording's address stays accepted this long after the recording's own length. */
const WATCH_MARGIN_SECONDS = 300;

const seconds = z
  .union([z.number(), z.string().trim().min(1).transform(Number)])
  .pipe(z.number().finite().min(0));

const listEntry = z.looseObject({
  start: z.string().refine((v) => Number.isFinite(Date.parse(v)), 'not a time'),
  duration: seconds,
});
const listAnswer = z.array(listEntry);

export type RecordingsAnswer =
  | { ok: true; recordings: { start: string; durationSeconds: number }[] }
  | { ok: false; reason: string };

/** Joins a base URL (with or without a trailing '/') and an endpoint of the playback server. */
const endpoint = (base: string, name: 'list' | 'get') => `${base.replace(/\/+$/, '')}/${name}`;

/**
 * The playback server's recordings of `stream` between `from` and `to`: never throws — a server
 * that is down, slow (RECORDINGS_TIMEOUT_MS), or answers something unreadable gives `ok: false`.
 */
export async function fetchRecordings(
  base: string,
  stream: string,
  range: { from: Date; to: Date },
  token: string,
  timeoutMs = RECORDINGS_TIMEOUT_MS,
): Promise<RecordingsAnswer> {
  const query = new URLSearchParams({
    path: stream,
    start: range.from.toISOString(),
    end: range.to.toISOString(),
    token,
  });
  try {
    const res = await fetch(`${endpoint(base, 'list')}?${query}`, {
      signal: AbortSignal.timeout(timeoutMs),
      headers: { accept: 'application/json' },
    });
    if (res.status === 404) {
      await res.body?.cancel();
      return { ok: true, recordings: [] };
    }
    if (!res.ok) {
      await res.body?.cancel();
      return { ok: false, reason: `HTTP ${res.status}` };
    }
    const parsed = listAnswer.safeParse(await res.json());
    if (!parsed.success) return { ok: false, reason: 'unreadable answer' };
    return {
      ok: true,
      recordings: parsed.data.map((entry) => ({ start: entry.start, durationSeconds: entry.duration })),
    };
  } catch (error) {
    return { ok: false, reason: error instanceof Error ? error.message : String(error) };
  }
}

/**
 * Keeps the recordings that overlap the range (a playback server that ignores start/end lists
 * them all), as playable clips with addresses signed for `accountId`.
 */
export function recordingClips(
  recordings: { start: string; durationSeconds: number }[],
  ctx: {
    publicBase: string;
    stream: string;
    range: { from: Date; to: Date };
    secret: string;
    accountId: number;
    ttlSeconds: number;
    nowMs: number;
  },
): CameraRecordingClip[] {
  const from = ctx.range.from.getTime();
  const to = ctx.range.to.getTime();
  const nowSeconds = Math.floor(ctx.nowMs / 1000);
  const clips: CameraRecordingClip[] = [];
  for (const rec of recordings) {
    const startMs = Date.parse(rec.start);
    if (startMs > to || startMs + rec.durationSeconds * 1000 < from) continue;
    const expires =
      nowSeconds + Math.max(ctx.ttlSeconds, Math.ceil(rec.durationSeconds) + WATCH_MARGIN_SECONDS);
    const token = signStreamToken(ctx.secret, { stream: ctx.stream, accountId: ctx.accountId, expires });
    // `start` goes back exactly as the server wrote it (nanoseconds and zone kept).
    const query = new URLSearchParams({
      path: ctx.stream,
      start: rec.start,
      duration: String(rec.durationSeconds),
      format: 'mp4',
    });
    clips.push({
      source: 'recording',
      id: startMs,
      startTime: new Date(startMs).toISOString(),
      durationSeconds: rec.durationSeconds,
      url: `${endpoint(ctx.publicBase, 'get')}?${query}&token=${encodeURIComponent(token)}`,
      kind: 'mp4',
    });
  }
  return clips;
}
