/**
 * Splits a time range into what the rollup counters answer and what must be counted on the alarms
 * themselves (pure planning; the SQL is in range-counts-repo.ts).
 *
 * The range is the alarm list's: [start, end], end inclusive. When it covers whole UTC days as the
 * list's `wholeDayRange` sees them (start at midnight, end within the last second of its day), the
 * list answers its total from the daily rollup, i.e. through the end of that day: the plan does the
 * same, so the figures equal the list's `count`. Otherwise the list counts exactly, and so does the
 * plan: whole units (UTC days or hours) inside the range from the rollup, the partial units at the
 * edges from `video_alarm` on its time index — either the part inside the range, or the whole unit
 * from the rollup minus the part outside it, whichever scans fewer alarms (the part after "now" is
 * as good as empty). Alarm times are stored to the millisecond, so "≤ end" is "< end + 1 ms".
 */

export const HOUR_MS = 3_600_000;
export const DAY_MS = 86_400_000;

export type RollupUnit = 'hour' | 'day';

/** A half-open span [from, to) of epoch milliseconds. */
export interface Span {
  from: number;
  to: number;
}

export interface RangePlan {
  /** Whole units counted from the rollup (contiguous runs, unit-aligned), added. */
  rollup: Span[];
  /** Alarms counted on `video_alarm`, added. */
  rawAdd: Span[];
  /** Alarms counted on `video_alarm`, subtracted (the outside part of a unit taken whole). */
  rawSubtract: Span[];
}

/**
 * Buckets of a grouped answer (e.g. a trend's days on the viewer's midnight): a unit the rollup
 * answers must lie within one bucket, so a unit crossing a bucket boundary is counted raw.
 */
export interface Buckets {
  sizeMs: number;
  /** Milliseconds east of UTC: bucket boundaries are at (t + offsetMs) % sizeMs === 0. */
  offsetMs: number;
}

export const unitMs = (unit: RollupUnit) => (unit === 'day' ? DAY_MS : HOUR_MS);

/** The exclusive end of [start, end] as the list counts it (see the module comment). */
export function exclusiveEnd(startMs: number, endMs: number): number {
  const wholeDays = startMs % DAY_MS === 0 && endMs % DAY_MS >= DAY_MS - 1000;
  return wholeDays ? Math.floor(endMs / DAY_MS) * DAY_MS + DAY_MS : endMs + 1;
}

/** Start of the bucket holding `t`. */
export function bucketStart(t: number, buckets: Buckets): number {
  return Math.floor((t + buckets.offsetMs) / buckets.sizeMs) * buckets.sizeMs - buckets.offsetMs;
}

function crossesBucket(from: number, to: number, buckets: Buckets | undefined): boolean {
  if (!buckets) return false;
  return bucketStart(from, buckets) !== bucketStart(to - 1, buckets);
}

/** Appends a span, merging it with the last one when they touch. */
function push(spans: Span[], from: number, to: number): void {
  if (to <= from) return;
  const last = spans[spans.length - 1];
  if (last && last.to === from) last.to = to;
  else spans.push({ from, to });
}

/**
 * The plan for [start, end] (inclusive end, epoch ms) on `unit` counters. `now` bounds the cost of
 * a raw part (nothing happens after it); `buckets` keeps every rollup unit inside one bucket.
 */
export function planRange(
  startMs: number,
  endMs: number,
  unit: RollupUnit,
  options: { now: number; buckets?: Buckets },
): RangePlan {
  return planSpans([{ from: startMs, to: exclusiveEnd(startMs, endMs) }], unit, options);
}

/**
 * The plan for half-open spans (disjoint, oldest first; their ends exact, not widened to whole
 * UTC days): each planned as planRange plans its range, the parts concatenated.
 */
export function planSpans(
  spans: Span[],
  unit: RollupUnit,
  options: { now: number; buckets?: Buckets },
): RangePlan {
  const plan: RangePlan = { rollup: [], rawAdd: [], rawSubtract: [] };
  for (const span of spans) planSpan(plan, span.from, span.to, unit, options);
  return plan;
}

function planSpan(
  plan: RangePlan,
  from: number,
  to: number,
  unit: RollupUnit,
  options: { now: number; buckets?: Buckets },
): void {
  if (to <= from) return;
  const size = unitMs(unit);
  // Alarms a raw scan of [a, b) meets, as a length of time (none after now).
  const cost = (a: number, b: number) => Math.max(0, Math.min(b, options.now + 1) - a);
  for (let u = Math.floor(from / size) * size; u < to; u += size) {
    const uEnd = u + size;
    const a = Math.max(u, from);
    const b = Math.min(uEnd, to);
    if (crossesBucket(u, uEnd, options.buckets)) {
      push(plan.rawAdd, a, b);
    } else if (a === u && b === uEnd) {
      push(plan.rollup, u, uEnd);
    } else if (cost(a, b) <= cost(u, a) + cost(b, uEnd)) {
      push(plan.rawAdd, a, b);
    } else {
      push(plan.rollup, u, uEnd);
      push(plan.rawSubtract, u, a);
      push(plan.rawSubtract, b, uEnd);
    }
  }
}
