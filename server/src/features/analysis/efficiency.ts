import type { AnalysisQuery, EfficiencyAnalysis } from '@sentinel/contract';
import type { Db } from '../../db/client.ts';
import { dutyShift, dutyShiftScene, videoAlarm } from '../../db/schema/index.ts';
import { dayPartialKind } from '../../platform/day-partial-kind.ts';
import type { DayPartials } from '../../platform/day-partials.ts';
import { DAY_MS, splitOrLive } from '../../platform/day-split.ts';
import type { VisibleScenes } from '../../platform/scene-authority.ts';
import { type EfficiencyPartial, mergeEfficiency, mergeRun, weighPartial } from './efficiency-merge.ts';
import { catalogueMark, efficiencyPartials } from './efficiency-repo.ts';
import { bucketsOf } from './handling-repo.ts';

/**
 * What the efficiency partials read (efficiencyPartials): the alarms, and the duty roster for
 * "handled on duty" — a roster change drops them, a job run does not.
 */
const EFFICIENCY_READS = [videoAlarm, dutyShift, dutyShiftScene];
/** The kind of the efficiency analysis's entries in the day-partials cache. */
export const EFFICIENCY_PARTIALS = dayPartialKind('efficiency', EFFICIENCY_READS);
/** The kind of the days not over (today), kept briefly (OPEN_DAY_MS). */
export const EFFICIENCY_OPEN = dayPartialKind('efficiency-open', EFFICIENCY_READS);

/** Where the closed days' partials are kept, and the time that tells which days are closed. */
export interface PartialsCache {
  partials: DayPartials;
  now: number;
}

/**
 * The efficiency analysis (contract `efficiencyAnalysis`) of a range under the caller's scene
 * authority: the range split on the viewer's midnights, each whole closed day's partial from the
 * cache (the missing ones computed together, in one statement), the rest (the head before the
 * first midnight, today, a partial last day) computed live; then merged — the same figures as one
 * computation over the whole range. Without a cache everything is computed live.
 */
export async function efficiencyAnalysisOf(
  db: Db,
  q: AnalysisQuery,
  scenes: VisibleScenes,
  cache?: PartialsCache,
): Promise<EfficiencyAnalysis> {
  const b = bucketsOf(q);
  const start = Date.parse(q.startTime);
  const end = Date.parse(q.endTime);
  const split = splitOrLive(start, end, q.utcOffset, cache?.now);
  if (!cache)
    return mergeEfficiency([...(await efficiencyPartials(db, q, scenes, split.originMs, split.live))], b);
  // Keyed with the catalogue's mark: a deleted scene, handler, algorithm or plant node (which
  // rewrites past alarms without an alarm event) gives other keys.
  const key = JSON.stringify([
    scenes,
    q.factoryId ?? null,
    q.areaId ?? null,
    q.sceneId ?? null,
    q.utcOffset,
    await catalogueMark(db),
  ]);
  const loadDays = (days: number[]) =>
    efficiencyPartials(
      db,
      q,
      scenes,
      split.originMs,
      days.map((day): [number, number] => [day, day + DAY_MS]),
    );
  // The last live part, when it is a day not over from its midnight (today): from the open day,
  // shared.
  const last = split.live.at(-1);
  const open =
    last &&
    (last[0] - split.originMs) % DAY_MS === 0 &&
    last[1] - last[0] <= DAY_MS &&
    last[0] + DAY_MS > cache.now
      ? last
      : undefined;
  const [days, parts, openParts] = await Promise.all([
    // The closed days as ONE part (their merge, kept with them once asked twice): the request
    // merges 2–3 parts.
    split.closed.length === 0
      ? []
      : cache.partials.getRun<EfficiencyPartial, Array<[number, EfficiencyPartial]>>(
          EFFICIENCY_PARTIALS,
          key,
          split.closed,
          loadDays,
          // Kept: one part for all the days; a first ask merges the days as they are.
          (partials, keep) => (keep ? [mergeRun(partials)] : [...partials]),
          weighPartial,
          (run) => run.reduce((sum, [, p]) => sum + weighPartial(p), 0),
          // Another start, the same end: the kept run and the days before it.
          (run, before) => [...before, ...run],
        ),
    efficiencyPartials(db, q, scenes, split.originMs, open ? split.live.slice(0, -1) : split.live),
    open ? openDay(db, q, scenes, split.originMs, open, cache, key) : [],
  ]);
  return mergeEfficiency([...days, ...parts, ...openParts], b);
}

/**
 * How long a day that is not over (today) is kept: its alarm changes drop it as a closed day's
 * do, and this bounds it as the whole-answer cache is bounded (ALARM_COUNT_CACHE_MS).
 */
export const OPEN_DAY_MS = 5_000;

/**
 * The part [from, to) of a day that is not over, `from` its midnight: the WHOLE day's partial is
 * computed once and shared (the day-partials cache, kind `efficiency-open`), and answers every
 * range ending in it after its latest alarm — the same alarms as [from, to). Else computed live.
 */
async function openDay(
  db: Db,
  q: AnalysisQuery,
  scenes: VisibleScenes,
  originMs: number,
  [from, to]: [number, number],
  cache: PartialsCache,
  key: string,
): Promise<Array<[number, EfficiencyPartial]>> {
  const wholeDay: AnalysisQuery = {
    ...q,
    startTime: new Date(from).toISOString(),
    endTime: new Date(from + DAY_MS - 1).toISOString(),
  };
  const kept = await cache.partials.get<EfficiencyPartial>(
    EFFICIENCY_OPEN,
    key,
    [from],
    () => efficiencyPartials(db, wholeDay, scenes, originMs, [[from, from + DAY_MS]]),
    weighPartial,
    OPEN_DAY_MS,
  );
  const day = kept.get(from);
  if (day && day.lastAlarmMs < to) return [[from, day]];
  return [...(await efficiencyPartials(db, q, scenes, originMs, [[from, to]]))];
}
