import type { AlarmListQuery } from '@sentinel/contract';
import type { Db } from '../../db/client.ts';
import { alarmRollup } from '../../db/schema/index.ts';
import { dayPartialKind } from '../../platform/day-partial-kind.ts';
import type { DayPartials } from '../../platform/day-partials.ts';
import { DAY_MS } from '../../platform/day-split.ts';
import type { VisibleScenes } from '../../platform/scene-authority.ts';
import { statesOf } from './repo.ts';
import { rollupDay } from './rollup.ts';
import { countAlarms, rollupDaysOf, rollupTotalAfter, rollupTotalsByDay } from './total-repo.ts';

/**
 * The list's total from kept days (issue 17 §4): summing `alarm_rollup` over the whole history at
 * every request costs with the history (6 ms at one year, 38 ms at ten), and the instance's result
 * cache of totals is cleared by every ingest. Past UTC days do not change while alarms arrive, so
 * when the rollup answers the total (rollupDaysOf), its day range (the query's whole days, or from
 * the oldest rollup day on without a time range) is split at today's UTC midnight:
 * - the CLOSED days (before today) keep their totals in the day-partials cache (kind LIST_TOTAL,
 *   keyed by the scene set and the rollup's filters), missing days loaded in ONE grouped statement,
 *   and their sum kept with the run (`getRun`): a request adds no 3,650 numbers;
 * - today and later are summed live, in the same statement that reads the oldest day (both on the
 *   rollup's primary key, day first).
 * The day-partials cache drops a day on every alarm created or changed with its alarm time (this
 * instance at once, the others through the bus): the sum is the one the single statement
 * (countAlarms, the cold path) gives. The kind reads `alarm_rollup` alone, which neither a job run,
 * the duty roster nor retention touches (the counters stay when old alarms go): their changes keep
 * these days.
 */
export const LIST_TOTAL = dayPartialKind('listTotal', [alarmRollup]);

/** Where the closed days are kept, and the time that tells which days are closed. */
export interface KeptDays {
  partials: DayPartials;
  now: number;
}

/** Beyond this many runs of missing days, one range over them all (rows of other days ignored). */
const MAX_LOAD_RUNS = 64;
/** Rough bytes of a kept day total or run sum (the cache's bound). */
const WEIGHT = 64;

const msOf = (day: string) => Date.parse(`${day}T00:00:00Z`);
const dayOf = (ms: number) => rollupDay(new Date(ms));
const sum = (values: Iterable<number>) => {
  let n = 0;
  for (const v of values) n += v;
  return n;
};

/** Sorted day starts as runs of consecutive days (inclusive), or one range when too scattered. */
function runsOf(days: number[]): Array<{ from: string; to: string }> {
  const runs: Array<{ from: number; to: number }> = [];
  for (const day of days) {
    const last = runs.at(-1);
    if (last && day === last.to + DAY_MS) last.to = day;
    else runs.push({ from: day, to: day });
  }
  const bounded = runs.length > MAX_LOAD_RUNS ? [{ from: days[0] ?? 0, to: days.at(-1) ?? 0 }] : runs;
  return bounded.map((r) => ({ from: dayOf(r.from), to: dayOf(r.to) }));
}

/**
 * The list's total: from kept closed days and a live today when the rollup answers it and `kept`
 * is given, else as countAlarms (one statement, or the capped count of the alarms).
 */
export async function countAlarmsKept(
  db: Db,
  query: AlarmListQuery,
  scenes: VisibleScenes,
  kept?: KeptDays,
): Promise<{ count: number; countCapped: boolean }> {
  const days = rollupDaysOf(query);
  const states = statesOf(query);
  const empty =
    (scenes !== 'all' && scenes.length === 0) ||
    states?.length === 0 ||
    (days !== undefined && days !== 'none' && days.from > days.to);
  if (!kept || !days || empty) return countAlarms(db, query, scenes);

  const todayMs = Math.floor(kept.now / DAY_MS) * DAY_MS;
  const yesterday = dayOf(todayMs - DAY_MS);
  const closedTo = days === 'none' || days.to > yesterday ? yesterday : days.to;
  const live = await rollupTotalAfter(db, query, days, scenes, closedTo);
  // No counter before the oldest day: the closed days start there (or at the range's start).
  if (live.oldest === null) return { count: live.count, countCapped: false };
  const closedFrom = days === 'none' || live.oldest > days.from ? live.oldest : days.from;
  if (closedFrom > closedTo) return { count: live.count, countCapped: false };

  const closed: number[] = [];
  for (let day = msOf(closedFrom); day <= msOf(closedTo); day += DAY_MS) closed.push(day);
  const key = JSON.stringify([
    scenes,
    query.priority ?? null,
    query.algorithmId ?? null,
    query.factoryId ?? null,
    query.areaId ?? null,
    query.sceneId ?? null,
    query.cameraId ?? null,
    states ?? null,
    query.falsePositive ?? null,
  ]);
  const load = async (missing: number[]) => {
    const totals = await rollupTotalsByDay(db, query, scenes, runsOf(missing));
    return new Map(missing.map((day) => [day, totals.get(dayOf(day)) ?? 0]));
  };
  const closedSum = await kept.partials.getRun<number, number>(
    LIST_TOTAL,
    key,
    closed,
    load,
    (partials) => sum(partials.values()),
    () => WEIGHT,
    () => WEIGHT,
    // Another start, the same last day: the kept sum and the days before it.
    (run, before) => run + sum(before.values()),
  );
  return { count: closedSum + live.count, countCapped: false };
}
