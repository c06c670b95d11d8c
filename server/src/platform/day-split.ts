/**
 * The split of an analysis range on the viewer's midnights (day-partials.ts): the whole closed days
 * answered from kept partials, and the parts computed live.
 */

export const DAY_MS = 86_400_000;

/** How a range [startMs, endMs] (inclusive end, epoch ms) splits on the viewer's midnights. */
export interface DaySplit {
  /** The viewer's midnight at or before the start: day i starts at originMs + i·DAY_MS. */
  originMs: number;
  /** Starts of the whole days inside the range that are over (end ≤ now): answered from the cache. */
  closed: number[];
  /** Parts computed live, [from, to) in epoch ms, contiguous runs merged. */
  live: Array<[number, number]>;
}

/**
 * Alarm times are stored to the millisecond, so "≤ end" is "< end + 1 ms" (as rollup-range.ts).
 * `utcOffset`: minutes east of UTC, fixed for the whole range.
 */
export function splitOnDays(startMs: number, endMs: number, utcOffset: number, nowMs: number): DaySplit {
  const offsetMs = utcOffset * 60_000;
  const originMs = Math.floor((startMs + offsetMs) / DAY_MS) * DAY_MS - offsetMs;
  const stop = endMs + 1;
  const closed: number[] = [];
  const live: Array<[number, number]> = [];
  for (let day = originMs; day < stop; day += DAY_MS) {
    const dayEnd = day + DAY_MS;
    if (day >= startMs && dayEnd <= stop && dayEnd <= nowMs) {
      closed.push(day);
      continue;
    }
    const from = Math.max(day, startMs);
    const to = Math.min(dayEnd, stop);
    const last = live[live.length - 1];
    if (last && last[1] === from) last[1] = to;
    else live.push([from, to]);
  }
  return { originMs, closed, live };
}

/**
 * The split of a range when closed days can be kept (`nowMs` given), else ONE live part over the
 * whole range (the cold computation: nothing kept).
 */
export function splitOrLive(startMs: number, endMs: number, utcOffset: number, nowMs?: number): DaySplit {
  if (nowMs !== undefined) return splitOnDays(startMs, endMs, utcOffset, nowMs);
  return {
    originMs: splitOnDays(startMs, endMs, utcOffset, startMs).originMs,
    closed: [],
    live: [[startMs, endMs + 1]],
  };
}
