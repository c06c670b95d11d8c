import { STALL_TIMEOUT_MS } from './reconnect-policy.ts';

/**
 * How fresh the picture of a playing stream is (issue 17 §6: a "stale stream" overlay within 5 s
 * when frames stop). A frame is "progress": a presented frame (requestVideoFrameCallback) or the
 * media time moving (timeupdate).
 *
 * - `fresh`: a frame within STALE_AFTER_MS, or paused / ended by the user.
 * - `stale`: live, and no frame for STALE_AFTER_MS: the player shows the overlay over the last
 *   frame and keeps the stream open (frames may come again: the overlay goes away).
 * - `stalled`: no frame for STALL_TIMEOUT_MS: the player reconnects (the reconnect policy).
 */
export type Freshness = 'fresh' | 'stale' | 'stalled';

/** No frame for this long on a live stream: the overlay. */
export const STALE_AFTER_MS = 2_500;
/** How often a playing stream is checked: the overlay shows at most this late (≤ 3 s). */
export const FRESHNESS_CHECK_MS = 500;

/**
 * When the decoder reports arriving media (HLS fragments: `data`), a live stream is also stale
 * when nothing arrived for STALE_AFTER_MS or 1.5 × the expected cadence, whichever is longer —
 * while the player still shows the frames it buffered (a live HLS player is a few fragments
 * behind the source, so frames alone would say it seconds late).
 */
export function freshness(
  lastFrameAt: number,
  now: number,
  {
    paused,
    live,
    data,
  }: { paused: boolean; live: boolean; data?: { lastAt: number; cadenceMs: number } | null },
): Freshness {
  if (paused) return 'fresh';
  const quiet = now - lastFrameAt;
  if (quiet >= STALL_TIMEOUT_MS) return 'stalled';
  if (!live) return 'fresh';
  if (quiet >= STALE_AFTER_MS) return 'stale';
  if (data && now - data.lastAt >= Math.max(STALE_AFTER_MS, 1.5 * data.cadenceMs)) return 'stale';
  return 'fresh';
}

/** The latest moment the overlay may appear after the last frame (what the product promises: 5 s). */
export const STALE_OVERLAY_LATEST_MS = STALE_AFTER_MS + FRESHNESS_CHECK_MS;
