/** Retry timing of the player (issue 5 §1: "it reconnects by itself after a dropped stream"). */

/** First retry after 1 s, then 2 s, 4 s, 8 s, capped at 10 s. */
export const RECONNECT_BASE_MS = 1_000;
export const RECONNECT_MAX_MS = 10_000;
/** Attempts in a row without a first frame before the player gives up and shows the failure. */
export const MAX_RECONNECT_ATTEMPTS = 5;
/** No first frame within this time counts as a failed attempt. */
export const FIRST_FRAME_TIMEOUT_MS = 15_000;
/** A playing stream whose time has not advanced for this long is stalled (reconnect). */
export const STALL_TIMEOUT_MS = 8_000;

/** Delay before retry number `attempt` (1 = the first retry). */
export function reconnectDelay(attempt: number): number {
  const exponent = Math.max(0, Math.floor(attempt) - 1);
  return Math.min(RECONNECT_MAX_MS, RECONNECT_BASE_MS * 2 ** Math.min(exponent, 16));
}

/** Whether failed attempt number `attempt` still deserves another try. */
export function shouldRetry(attempt: number): boolean {
  return attempt <= MAX_RECONNECT_ATTEMPTS;
}
