/**
 * Interval arithmetic of the run reports (pure): half-open intervals [start, end) in epoch ms.
 * Availability of a day = (observed time − outage time) / observed time, where observed time is
 * the day up to "now" minus maintenance, and outage time is the outages clipped to the day, also
 * minus maintenance (time inside a maintenance window counts neither way).
 */
export interface Interval {
  start: number;
  end: number;
}

/** Sorted, merged, non-empty intervals (overlapping or touching ones joined). */
export function merge(intervals: readonly Interval[]): Interval[] {
  const sorted = intervals.filter((i) => i.end > i.start).sort((a, b) => a.start - b.start);
  const out: Interval[] = [];
  for (const i of sorted) {
    const last = out[out.length - 1];
    if (last && i.start <= last.end) last.end = Math.max(last.end, i.end);
    else out.push({ start: i.start, end: i.end });
  }
  return out;
}

/** The parts of `intervals` inside `window`. */
export function clip(intervals: readonly Interval[], window: Interval): Interval[] {
  return intervals
    .map((i) => ({ start: Math.max(i.start, window.start), end: Math.min(i.end, window.end) }))
    .filter((i) => i.end > i.start);
}

/** `from` minus every interval of `cut` (both any shape; the answer is merged). */
export function subtract(from: readonly Interval[], cut: readonly Interval[]): Interval[] {
  const holes = merge(cut);
  const out: Interval[] = [];
  for (const piece of merge(from)) {
    let cursor = piece.start;
    for (const h of holes) {
      if (h.end <= cursor || h.start >= piece.end) continue;
      if (h.start > cursor) out.push({ start: cursor, end: h.start });
      cursor = Math.max(cursor, h.end);
      if (cursor >= piece.end) break;
    }
    if (cursor < piece.end) out.push({ start: cursor, end: piece.end });
  }
  return out;
}

/** Total length of the union of `intervals`. */
export function total(intervals: readonly Interval[]): number {
  return merge(intervals).reduce((sum, i) => sum + i.end - i.start, 0);
}

export interface DayFigures {
  /** Observed time of the day (ms): up to now, maintenance excluded. */
  observedMs: number;
  /** Outage time inside the observed time (ms). */
  outageMs: number;
  /** Outages overlapping the day's observed time. */
  outages: number;
  /** 0..100, null when nothing of the day was observed (future, or all maintenance). */
  availability: number | null;
}

/**
 * One camera's figures for one day. Outages with `end` null run to `now`; maintenance windows are
 * the camera's own and the all-camera ones.
 */
export function dayFigures(
  day: Interval,
  outages: readonly { start: number; end: number | null }[],
  maintenance: readonly Interval[],
  now: number,
): DayFigures {
  const observed = subtract(clip([day], { start: day.start, end: Math.min(day.end, now) }), maintenance);
  const observedMs = total(observed);
  let count = 0;
  const down: Interval[] = [];
  for (const o of outages) {
    const inside = subtract(clip([{ start: o.start, end: o.end ?? now }], day), maintenance).filter(
      (i) => i.start < now,
    );
    const seen = clip(inside, { start: day.start, end: Math.min(day.end, now) });
    if (seen.length > 0) {
      count++;
      down.push(...seen);
    }
  }
  const outageMs = total(down);
  const availability =
    observedMs > 0 ? Math.round(((observedMs - outageMs) / observedMs) * 10_000) / 100 : null;
  return { observedMs, outageMs, outages: count, availability };
}
