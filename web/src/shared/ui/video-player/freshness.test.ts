import { describe, expect, it } from 'vitest';
import { FRESHNESS_CHECK_MS, freshness, STALE_AFTER_MS, STALE_OVERLAY_LATEST_MS } from './freshness.ts';
import { STALL_TIMEOUT_MS } from './reconnect-policy.ts';

const live = { paused: false, live: true };

describe('stream freshness', () => {
  it('is fresh right after a frame and until STALE_AFTER_MS without one', () => {
    expect(freshness(1_000, 1_000, live)).toBe('fresh');
    expect(freshness(1_000, 1_000 + STALE_AFTER_MS - 1, live)).toBe('fresh');
  });

  it('turns stale on a live stream without frames, then stalled (reconnect) later', () => {
    expect(freshness(0, STALE_AFTER_MS, live)).toBe('stale');
    expect(freshness(0, STALL_TIMEOUT_MS - 1, live)).toBe('stale');
    expect(freshness(0, STALL_TIMEOUT_MS, live)).toBe('stalled');
  });

  it('never calls a paused video stale or stalled', () => {
    expect(freshness(0, STALL_TIMEOUT_MS * 10, { paused: true, live: true })).toBe('fresh');
    expect(freshness(0, STALL_TIMEOUT_MS * 10, { paused: true, live: false })).toBe('fresh');
  });

  it('shows no overlay for a recording, which is only reconnected when it stalls', () => {
    const recording = { paused: false, live: false };
    expect(freshness(0, STALE_AFTER_MS, recording)).toBe('fresh');
    expect(freshness(0, STALL_TIMEOUT_MS, recording)).toBe('stalled');
  });

  it('calls a live stream stale when no media arrives, before its buffered frames run out', () => {
    const data = (lastAt: number, cadenceMs = 1_000) => ({ ...live, data: { lastAt, cadenceMs } });
    // Frames still play (last frame just now), but nothing arrived for STALE_AFTER_MS.
    expect(freshness(10_000, 10_000, data(10_000 - STALE_AFTER_MS + 1))).toBe('fresh');
    expect(freshness(10_000, 10_000, data(10_000 - STALE_AFTER_MS))).toBe('stale');
    // Long fragments: 1.5 × their length.
    expect(freshness(10_000, 10_000, data(4_000, 5_000))).toBe('fresh');
    expect(freshness(10_000, 10_000, data(2_500, 5_000))).toBe('stale');
    // Not for a recording, nor a paused video; the reconnect still follows frames only.
    expect(freshness(10_000, 10_000, { paused: false, live: false, data: { lastAt: 0, cadenceMs: 1 } })).toBe(
      'fresh',
    );
    expect(freshness(0, 10_000, { paused: true, live: true, data: { lastAt: 0, cadenceMs: 1 } })).toBe(
      'fresh',
    );
    expect(freshness(10_000, 10_000, data(0))).toBe('stale');
  });

  it('promises the overlay within 5 s and before the reconnect', () => {
    expect(STALE_OVERLAY_LATEST_MS).toBeLessThanOrEqual(5_000);
    expect(STALE_AFTER_MS + FRESHNESS_CHECK_MS).toBeLessThan(STALL_TIMEOUT_MS);
  });
});
