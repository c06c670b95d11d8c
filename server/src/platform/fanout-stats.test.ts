import { describe, expect, it } from 'vitest';
import { createFanoutStats } from './fanout-stats.ts';

describe('event fan-out measures', () => {
  it('counts streams, stalls from the first unflushed write to the drain, and the last minute only', () => {
    let now = Date.UTC(2026, 0, 1, 8, 0, 0);
    const stats = createFanoutStats('me', () => new Date(now));
    const a = {};
    const b = {};
    stats.opened(a);
    stats.opened(b);
    stats.delivered(a, true);
    stats.delivered(b, false);
    now += 5_000;
    stats.delivered(b, false); // still stalled: the stall keeps its first moment
    expect(stats.snapshot()).toEqual({
      instanceId: 'me',
      streams: 2,
      stalled: 1,
      stalledSince: new Date(now - 5_000).toISOString(),
      deliveredLastMinute: 3,
      droppedLastMinute: 0,
    });
    stats.drained(b);
    expect(stats.stalledSince(b)).toBeUndefined();
    stats.delivered(a, false);
    stats.dropped(a);
    now += 61_000;
    expect(stats.snapshot()).toMatchObject({
      streams: 1,
      stalled: 0,
      deliveredLastMinute: 0,
      droppedLastMinute: 0,
    });
    stats.closed(b);
    expect(stats.snapshot().streams).toBe(0);
  });
});
