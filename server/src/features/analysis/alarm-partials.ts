import { type AnalysisQuery, HOURLY_TREND_MAX_HOURS } from '@sentinel/contract';
import type { Db } from '../../db/client.ts';
import { alarmRollup, alarmRollupSceneHour, videoAlarm } from '../../db/schema/index.ts';
import { dayPartialKind } from '../../platform/day-partial-kind.ts';
import type { DayPartials } from '../../platform/day-partials.ts';
import { splitOnDays } from '../../platform/day-split.ts';
import {
  type AlarmCounts,
  addRow,
  emptyCounts,
  SETS,
  type SetName,
  sumCounts,
  weighCounts,
} from './alarm-counts.ts';
import { type Dim, type RangeFilters, rangeCounts } from './range-counts-repo.ts';
import { type Buckets, DAY_MS, exclusiveEnd, HOUR_MS, type Span } from './rollup-range.ts';

/**
 * The alarm analysis of a long range from per-day partials (platform/day-partials.ts), as the
 * efficiency analysis, on the same counters as the whole range computed at once (its long-range
 * branch in alarm-analysis.ts: the trend from the hourly counters, the rest from the daily ones):
 * - the trend: the viewer's whole closed days keep their counts per hour of the day (kind
 *   ALARM_DAYS), loaded together from alarm_rollup_scene_hour in one statement — whole hours fit
 *   the viewer's days when the offset is whole hours (else their hours across a midnight are
 *   counted on the alarms, and only day totals are kept);
 * - the rest (states, levels, scenes, areas, algorithms, cameras): alarm_rollup's UTC days do not
 *   fit the viewer's days in UTC+8, and loading those from the hourly counters costs several times
 *   the whole computation (≈ 47,000 rows a month at 300,000 alarms in 110 days, against ≈ 6,500):
 *   the whole closed UTC days of the range keep theirs (kind ALARM_UTC_DAYS), loaded together from
 *   alarm_rollup in one statement;
 * - the rest (a head before the first midnight, today, a partial last day; UTC days for all but the
 *   trend) is counted live as the whole range would be (rollup + raw edges), two statements.
 * The range ends where the list's does (`exclusiveEnd`: whole UTC days run through the day's end).
 * Both kinds' days hold the instants of their alarms, so `dropTime` of an alarm's time drops them.
 * Both read their counters and the alarms themselves (the raw edges of a day not whole hours, the
 * head): retention, which deletes alarms and leaves the counters, drops them; a job run or the
 * duty roster does not.
 */
export const ALARM_DAYS = dayPartialKind('alarm-analysis', [alarmRollupSceneHour, videoAlarm]);
export const ALARM_UTC_DAYS = dayPartialKind('alarm-analysis-utc', [alarmRollup, videoAlarm]);

/** Where the closed days' partials are kept, and the time that tells which days are closed. */
export interface PartialsCache {
  partials: DayPartials;
  now: number;
}

const VIEWER_SETS: SetName[] = ['bucket'];
const UTC_SETS: SetName[] = ['states', 'level', 'scene', 'area', 'type', 'camera'];
const spansOf = (live: Array<[number, number]>): Span[] => live.map(([from, to]) => ({ from, to }));
const daySpans = (days: number[]): Span[] => days.map((d) => ({ from: d, to: d + DAY_MS }));

/** Rows grouped by ('day', …set) into one AlarmCounts per day (every day of `days`, maybe empty). */
async function loadDays(
  db: Db,
  days: number[],
  names: SetName[],
  q: { unit: 'hour' | 'day'; now: number; filters: RangeFilters; buckets?: Buckets; days: Buckets },
): Promise<Map<number, AlarmCounts>> {
  const out = new Map(days.map((d) => [d, emptyCounts()]));
  const sets = names.map((n): Dim[] => ['day', ...SETS[n]]);
  const rows = await rangeCounts(db, { ...q, startMs: 0, endMs: 0, spans: daySpans(days), sets });
  for (const r of rows) {
    const counts = out.get(Number(r.values.day));
    if (!counts) throw new Error(`alarm analysis: a count of day ${r.values.day} not asked for`);
    addRow(counts, names[r.set] as SetName, r);
  }
  return out;
}

/**
 * The summed counts of the range from kept days and live parts, or undefined when the range is
 * better computed at once: short (≤ HOURLY_TREND_MAX_HOURS: the hourly counters answer it all,
 * few rows) or an hourly trend on an offset that is not whole hours.
 */
export async function alarmAnalysisFromDays(
  db: Db,
  query: AnalysisQuery,
  filters: RangeFilters,
  cache: PartialsCache,
  buckets: Buckets,
): Promise<AlarmCounts | undefined> {
  const wholeHours = query.utcOffset % 60 === 0;
  if (buckets.sizeMs === HOUR_MS && !wholeHours) return undefined;
  const startMs = Date.parse(query.startTime);
  if (Date.parse(query.endTime) - startMs <= HOURLY_TREND_MAX_HOURS * HOUR_MS) return undefined;
  const lastMs = exclusiveEnd(startMs, Date.parse(query.endTime)) - 1;
  const { now, partials } = cache;
  const viewer = splitOnDays(startMs, lastMs, query.utcOffset, now);
  const utc = splitOnDays(startMs, lastMs, 0, now);
  const base = JSON.stringify([
    filters.scenes,
    filters.factoryId ?? null,
    filters.areaId ?? null,
    filters.sceneId ?? null,
  ]);
  const offsetMs = query.utcOffset * 60_000;
  const viewerDays: Buckets = { sizeMs: DAY_MS, offsetMs };
  // A day's trend: its hours (whole-hour offsets), else its total (day buckets only).
  const dayTrend: Buckets = wholeHours ? { sizeMs: HOUR_MS, offsetMs } : viewerDays;
  const utcDays: Buckets = { sizeMs: DAY_MS, offsetMs: 0 };
  const none = new Map<number, AlarmCounts>();
  const liveSets = (names: SetName[]) => names.map((n): Dim[] => [...SETS[n]]);
  const liveOf = async (unit: 'hour' | 'day', live: Array<[number, number]>, names: SetName[]) => {
    const counts = emptyCounts();
    if (live.length === 0) return counts;
    const rows = await rangeCounts(db, {
      startMs: 0,
      endMs: 0,
      spans: spansOf(live),
      unit,
      now,
      filters,
      // The trend's buckets only where the trend is counted (a UTC day would cross hour buckets).
      buckets: unit === 'hour' ? buckets : undefined,
      sets: liveSets(names),
    });
    for (const r of rows) addRow(counts, names[r.set] as SetName, r);
    return counts;
  };
  // The UTC head (e.g. 16:00–24:00 of the day before a UTC+8 range): kept too when it is over and
  // the range starts on a whole hour (as the viewer's midnights: ranges sharing a start share it),
  // under its start in the day (its day's alarms drop it as they drop the day).
  const head = utc.live[0];
  const headDay = utc.originMs;
  const keptHead =
    head &&
    head[0] === startMs &&
    startMs > headDay &&
    startMs % HOUR_MS === 0 &&
    head[1] === headDay + DAY_MS &&
    head[1] <= now;
  const utcLiveParts = keptHead ? utc.live.slice(1) : utc.live;
  const [viewerKept, utcKept, headKept, viewerLive, utcLive] = await Promise.all([
    viewer.closed.length
      ? partials.get(
          ALARM_DAYS,
          JSON.stringify([base, query.utcOffset]),
          viewer.closed,
          (missing) =>
            loadDays(db, missing, VIEWER_SETS, {
              unit: 'hour',
              now,
              filters,
              buckets: dayTrend,
              days: viewerDays,
            }),
          weighCounts,
        )
      : none,
    utc.closed.length
      ? partials.get(
          ALARM_UTC_DAYS,
          base,
          utc.closed,
          (missing) => loadDays(db, missing, UTC_SETS, { unit: 'day', now, filters, days: utcDays }),
          weighCounts,
        )
      : none,
    keptHead
      ? partials.get(
          ALARM_UTC_DAYS,
          JSON.stringify([base, startMs - headDay]),
          [headDay],
          async () => new Map([[headDay, await liveOf('day', [[startMs, headDay + DAY_MS]], UTC_SETS)]]),
          weighCounts,
        )
      : none,
    liveOf('hour', viewer.live, VIEWER_SETS),
    liveOf('day', utcLiveParts, UTC_SETS),
  ]);
  return sumCounts(
    [...viewerKept.values(), ...utcKept.values(), ...headKept.values(), viewerLive, utcLive],
    buckets,
  );
}
