import { describe, expect, it } from 'vitest';
import {
  INITIAL_SNAPSHOT,
  nextSnapshot,
  type PlayerEvent,
  type PlayerSnapshot,
  wantsDecoder,
} from './player-state.ts';
import { MAX_RECONNECT_ATTEMPTS } from './reconnect-policy.ts';

const run = (events: PlayerEvent[], from: PlayerSnapshot = INITIAL_SNAPSHOT) =>
  events.reduce(nextSnapshot, from);

describe('player state', () => {
  it('loads, then plays on the first frame', () => {
    expect(INITIAL_SNAPSHOT.state).toBe('loading');
    expect(run([{ type: 'firstFrame' }]).state).toBe('playing');
  });
  it('reconnects after a drop and counts attempts until a frame shows', () => {
    const dropped = run([{ type: 'firstFrame' }, { type: 'dropped' }, { type: 'dropped' }]);
    expect(dropped).toMatchObject({ state: 'reconnecting', attempt: 2 });
    expect(run([{ type: 'firstFrame' }], dropped)).toMatchObject({ state: 'playing', attempt: 0 });
  });
  it('fails as unplayable after too many attempts, and stays failed', () => {
    const drops: PlayerEvent[] = Array.from({ length: MAX_RECONNECT_ATTEMPTS + 1 }, () => ({
      type: 'dropped',
    }));
    const failed = run(drops);
    expect(failed).toMatchObject({ state: 'failed', failure: { reason: 'unplayable' } });
    expect(run([{ type: 'firstFrame' }, { type: 'dropped' }], failed)).toBe(failed);
    expect(wantsDecoder(failed)).toBe(false);
  });
  it('fails at once with the server message for an unknown camera', () => {
    expect(run([{ type: 'notFound', message: '未找到摄像头！' }])).toMatchObject({
      state: 'failed',
      failure: { reason: 'notFound', message: '未找到摄像头！' },
    });
  });
  it('suspends without a decoder and starts loading again on resume', () => {
    const suspended = run([{ type: 'firstFrame' }, { type: 'suspend' }]);
    expect(suspended.suspended).toBe(true);
    expect(wantsDecoder(suspended)).toBe(false);
    // A drop reported while suspended (the decoder being released) changes nothing.
    expect(run([{ type: 'dropped' }], suspended)).toBe(suspended);
    const resumed = run([{ type: 'resume' }], suspended);
    expect(resumed).toEqual({ state: 'loading', attempt: 0, failure: null, suspended: false, stale: false });
    expect(wantsDecoder(resumed)).toBe(true);
  });
  it('keeps a failure across suspend and resume; retry starts over', () => {
    const failed = run([{ type: 'notFound', message: 'x' }, { type: 'suspend' }, { type: 'resume' }]);
    expect(failed.state).toBe('failed');
    expect(run([{ type: 'retry' }], failed)).toEqual(INITIAL_SNAPSHOT);
  });
  it('marks a playing stream stale until frames come again, and only a playing one', () => {
    expect(run([{ type: 'stale' }]).stale).toBe(false);
    const stale = run([{ type: 'firstFrame' }, { type: 'stale' }]);
    expect(stale).toMatchObject({ state: 'playing', stale: true });
    expect(run([{ type: 'fresh' }], stale)).toMatchObject({ state: 'playing', stale: false });
    expect(run([{ type: 'firstFrame' }], stale).stale).toBe(false);
    expect(run([{ type: 'dropped' }], stale)).toMatchObject({ state: 'reconnecting', stale: false });
    expect(run([{ type: 'suspend' }], stale).stale).toBe(false);
    const playing = run([{ type: 'firstFrame' }]);
    expect(run([{ type: 'firstFrame' }], playing)).toBe(playing);
  });
});
