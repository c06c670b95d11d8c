import { shouldRetry } from './reconnect-policy.ts';

/** What the player shows (and exposes as `data-state` on its root). */
export type PlayerState = 'loading' | 'playing' | 'reconnecting' | 'failed';

/** Why the player gave up: the server's message (unknown camera) or the generic "unplayable". */
export type PlayerFailure =
  | { reason: 'unplayable' }
  | { reason: 'notFound'; message: string }
  | { reason: 'refused'; message: string };

export interface PlayerSnapshot {
  state: PlayerState;
  /** Failed attempts since the last frame (0 while playing). */
  attempt: number;
  failure: PlayerFailure | null;
  /** Decoder released because the player is out of view or the page is hidden. */
  suspended: boolean;
  /** Playing, but no new frame for a while (the "stale stream" overlay; see freshness.ts). */
  stale: boolean;
}

export type PlayerEvent =
  /** The first frame of a (re)connect is on screen (`loadeddata` / `playing`). */
  | { type: 'firstFrame' }
  /** The stream dropped, the decoder reported an error, it stalled or never showed a frame. */
  | { type: 'dropped' }
  /** The camera lookup answered 404: nothing to retry. */
  | { type: 'notFound'; message: string }
  /** The server refused the address for good (disabled camera, foreign account): nothing to retry. */
  | { type: 'refused'; message: string }
  /** A playing live stream showed no new frame for STALE_AFTER_MS. */
  | { type: 'stale' }
  /** Frames come again. */
  | { type: 'fresh' }
  /** Out of view or page hidden: the decoder is released. */
  | { type: 'suspend' }
  /** Visible again: connect afresh (a failed player stays failed until the user retries). */
  | { type: 'resume' }
  /** The retry button, or a new source. */
  | { type: 'retry' };

export const INITIAL_SNAPSHOT: PlayerSnapshot = {
  state: 'loading',
  attempt: 0,
  failure: null,
  suspended: false,
  stale: false,
};

export function nextSnapshot(current: PlayerSnapshot, event: PlayerEvent): PlayerSnapshot {
  switch (event.type) {
    case 'firstFrame':
      if (current.state === 'failed' || current.suspended) return current;
      if (current.state === 'playing' && !current.stale) return current;
      return { ...current, state: 'playing', attempt: 0, failure: null, stale: false };
    case 'stale':
      if (current.state !== 'playing' || current.suspended || current.stale) return current;
      return { ...current, stale: true };
    case 'fresh':
      return current.stale ? { ...current, stale: false } : current;
    case 'dropped': {
      if (current.state === 'failed' || current.suspended) return current;
      const attempt = current.attempt + 1;
      return shouldRetry(attempt)
        ? { ...current, state: 'reconnecting', attempt, stale: false }
        : { ...current, state: 'failed', attempt, failure: { reason: 'unplayable' }, stale: false };
    }
    case 'notFound':
    case 'refused':
      return {
        ...current,
        state: 'failed',
        failure: { reason: event.type, message: event.message },
        stale: false,
      };
    case 'suspend':
      return current.suspended ? current : { ...current, suspended: true, stale: false };
    case 'resume':
      if (!current.suspended) return current;
      if (current.state === 'failed') return { ...current, suspended: false };
      return { ...INITIAL_SNAPSHOT };
    case 'retry':
      return { ...INITIAL_SNAPSHOT, suspended: current.suspended };
  }
}

/** Whether the controller should (re)connect a decoder in this snapshot. */
export function wantsDecoder(snapshot: PlayerSnapshot): boolean {
  return !snapshot.suspended && snapshot.state !== 'failed';
}
