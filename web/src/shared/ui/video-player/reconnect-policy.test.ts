import { describe, expect, it } from 'vitest';
import { PLAYBACK_RATES } from './playback-rates.ts';
import { MAX_RECONNECT_ATTEMPTS, reconnectDelay, shouldRetry } from './reconnect-policy.ts';

describe('reconnect policy', () => {
  it('waits 1 s, 2 s, 4 s, 8 s, then 10 s at most', () => {
    expect([1, 2, 3, 4, 5, 6, 50].map(reconnectDelay)).toEqual([1000, 2000, 4000, 8000, 10000, 10000, 10000]);
  });
  it('gives up after a few attempts in a row', () => {
    expect(shouldRetry(1)).toBe(true);
    expect(shouldRetry(MAX_RECONNECT_ATTEMPTS)).toBe(true);
    expect(shouldRetry(MAX_RECONNECT_ATTEMPTS + 1)).toBe(false);
  });
  it('offers the SPEC playback rates', () => {
    expect(PLAYBACK_RATES).toEqual([0.7, 1, 1.5, 2]);
  });
});
