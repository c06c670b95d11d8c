import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { coalesce } from './coalesce.ts';

/** A run that takes `ms` (fake time) and counts its starts. */
function slowRun(ms: number) {
  const starts: number[] = [];
  const run = vi.fn(async () => {
    starts.push(Date.now());
    await new Promise((resolve) => setTimeout(resolve, ms));
  });
  return { run, starts };
}

describe('coalesce (refetches driven by events)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(0);
  });
  afterEach(() => vi.useRealTimers());

  it('runs once soon after the first request of a quiet period', async () => {
    const { run, starts } = slowRun(10);
    const c = coalesce(run, { minGapMs: 400, settleMs: 50 });
    c.request();
    await vi.advanceTimersByTimeAsync(49);
    expect(run).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(starts).toEqual([50]);
  });

  it('answers a burst of a hundred requests with two runs, the last after the burst', async () => {
    const { run, starts } = slowRun(20);
    const c = coalesce(run, { minGapMs: 400 });
    for (let i = 0; i < 100; i++) {
      c.request();
      await vi.advanceTimersByTimeAsync(2);
    }
    await vi.advanceTimersByTimeAsync(2_000);
    expect(starts).toEqual([0, 400]);
  });

  it('never runs two at once, and asks once more for requests made during a run', async () => {
    const { run, starts } = slowRun(1_000);
    let inFlight = 0;
    let most = 0;
    const c = coalesce(
      async () => {
        inFlight += 1;
        most = Math.max(most, inFlight);
        await run();
        inFlight -= 1;
      },
      { minGapMs: 100, slowFactor: 1 },
    );
    c.request();
    await vi.advanceTimersByTimeAsync(10);
    c.request();
    c.request();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(most).toBe(1);
    expect(starts).toHaveLength(2);
    // Right after the first run ends (a zero-delay timer).
    expect(starts[1]).toBeGreaterThanOrEqual(1_000);
    expect(starts[1]).toBeLessThan(1_010);
  });

  it('spaces runs out after a slow answer (duration × slowFactor, capped)', async () => {
    const { run, starts } = slowRun(600);
    const c = coalesce(run, { minGapMs: 100, slowFactor: 2, maxGapMs: 1_000 });
    c.request();
    await vi.advanceTimersByTimeAsync(700);
    c.request();
    await vi.advanceTimersByTimeAsync(5_000);
    // 600 ms × 2 = 1200, capped at 1000 after the first start.
    expect(starts).toEqual([0, 1_000]);
  });

  it('keeps going after a failed run', async () => {
    let calls = 0;
    const c = coalesce(
      async () => {
        calls += 1;
        if (calls === 1) throw new Error('server down');
      },
      { minGapMs: 100 },
    );
    c.request();
    await vi.advanceTimersByTimeAsync(10);
    c.request();
    await vi.advanceTimersByTimeAsync(200);
    expect(calls).toBe(2);
  });

  it('runs nothing after cancel', async () => {
    const { run } = slowRun(10);
    const c = coalesce(run, { minGapMs: 100, settleMs: 50 });
    c.request();
    c.cancel();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(run).not.toHaveBeenCalled();
  });
});
