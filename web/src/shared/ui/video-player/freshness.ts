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
export const STALE_AFTER_MS = 3_000;
/** How often a playing stream is checked: the overlay shows at most this late (≤ 3.5 s). */
export const FRESHNESS_CHECK_MS = 500;

export function freshness(
  lastFrameAt: number,
  now: number,
  { paused, live }: { paused: boolean; live: boolean },
): Freshness {
  if (paused) return 'fresh';
  const quiet = now - lastFrameAt;
  if (quiet >= STALL_TIMEOUT_MS) return 'stalled';
  if (live && quiet >= STALE_AFTER_MS) return 'stale';
  return 'fresh';
}

/** The latest moment the overlay may appear after the last frame (what the product promises: 5 s). */
export const STALE_OVERLAY_LATEST_MS = STALE_AFTER_MS + FRESHNESS_CHECK_MS;
