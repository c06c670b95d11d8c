import { describe, expect, it } from 'vitest';
import { DAY_MS, exclusiveEnd, HOUR_MS, planRange, planSpans } from './rollup-range.ts';

const T = Date.parse('2025-03-10T00:00:00Z');
const NOW = T + 30 * DAY_MS;
const span = (from: number, to: number) => ({ from, to });

describe('planRange', () => {
  it('whole UTC days ending in their last second: all from the rollup, through the day end', () => {
    expect(exclusiveEnd(T, T + DAY_MS - 1000)).toBe(T + DAY_MS);
    expect(exclusiveEnd(T, T + DAY_MS - 1001)).toBe(T + DAY_MS - 1000);
    expect(planRange(T, T + 3 * DAY_MS - 1000, 'day', { now: NOW })).toEqual({
      rollup: [span(T, T + 3 * DAY_MS)],
      rawAdd: [],
      rawSubtract: [],
    });
    expect(planRange(T, T + 2 * DAY_MS - 1, 'hour', { now: NOW }).rollup).toEqual([span(T, T + 2 * DAY_MS)]);
  });

  it('uneven edges: the part inside when it is small, the whole unit minus the outside otherwise', () => {
    const start = T + 10 * 60_000; // 50 min of the first hour inside: whole hour minus 10 min
    const end = T + 5 * HOUR_MS + 5 * 60_000 - 1; // 5 min of the last hour inside: raw
    expect(planRange(start, end, 'hour', { now: NOW })).toEqual({
      rollup: [span(T, T + 5 * HOUR_MS)],
      rawAdd: [span(T + 5 * HOUR_MS, end + 1)],
      rawSubtract: [span(T, start)],
    });
  });

  it('after now counts as empty: today taken whole, minus nothing worth scanning', () => {
    const now = T + 2 * DAY_MS + 9 * HOUR_MS;
    const plan = planRange(T + DAY_MS + 16 * HOUR_MS, T + 2 * DAY_MS + 16 * HOUR_MS - 1, 'day', { now });
    expect(plan).toEqual({
      rollup: [span(T + 2 * DAY_MS, T + 3 * DAY_MS)],
      rawAdd: [span(T + DAY_MS + 16 * HOUR_MS, T + 2 * DAY_MS)],
      rawSubtract: [span(T + 2 * DAY_MS + 16 * HOUR_MS, T + 3 * DAY_MS)],
    });
  });

  it('a unit crossing a bucket boundary is counted on the alarms', () => {
    const buckets = { sizeMs: DAY_MS, offsetMs: 330 * 60_000 }; // midnights at 18:30 UTC
    const plan = planRange(T, T + DAY_MS - 1, 'hour', { now: NOW, buckets });
    expect(plan.rawAdd).toEqual([span(T + 18 * HOUR_MS, T + 19 * HOUR_MS)]);
    expect(plan.rollup).toEqual([span(T, T + 18 * HOUR_MS), span(T + 19 * HOUR_MS, T + DAY_MS)]);
  });

  it('a range inside one unit', () => {
    const plan = planRange(T + 10 * 60_000, T + 20 * 60_000, 'hour', { now: NOW });
    expect(plan).toEqual({
      rollup: [],
      rawAdd: [span(T + 10 * 60_000, T + 20 * 60_000 + 1)],
      rawSubtract: [],
    });
  });

  it('spans: each planned with its exact end (not widened to the day end), the plans joined', () => {
    const head = span(T - 8 * HOUR_MS + 10 * 60_000, T);
    const tail = span(T + 2 * DAY_MS, T + 3 * DAY_MS - 1000);
    const plan = planSpans([head, tail], 'hour', { now: NOW });
    // The head's first hour: whole from the rollup minus its 10 minutes outside (fewer alarms).
    expect(plan).toEqual({
      rollup: [span(T - 8 * HOUR_MS, T), span(T + 2 * DAY_MS, T + 3 * DAY_MS)],
      rawAdd: [],
      rawSubtract: [span(T - 8 * HOUR_MS, head.from), span(T + 3 * DAY_MS - 1000, T + 3 * DAY_MS)],
    });
    // A range [from, 23:59:59.000] on whole UTC days runs through the day end instead.
    expect(planRange(tail.from, tail.to, 'hour', { now: NOW }).rawSubtract).toEqual([]);
  });
});
