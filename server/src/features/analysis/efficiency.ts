import type { AnalysisQuery, EfficiencyAnalysis } from '@sentinel/contract';
import type { Db } from '../../db/client.ts';
import { type DayPartials, splitOnDays } from '../../platform/day-partials.ts';
import type { VisibleScenes } from '../../platform/scene-authority.ts';
import { type EfficiencyPartial, mergeEfficiency, mergeRun, weighPartial } from './efficiency-merge.ts';
import { efficiencyPartials } from './efficiency-repo.ts';
import { bucketsOf } from './handling-repo.ts';

/** The kind of the efficiency analysis's entries in the day-partials cache. */
export const EFFICIENCY_PARTIALS = 'efficiency';

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
  const split = cache
    ? splitOnDays(start, end, q.utcOffset, cache.now)
    : {
        originMs: splitOnDays(start, end, q.utcOffset, start).originMs,
        closed: [],
        live: [[start, end + 1]] as Array<[number, number]>,
      };
  if (!cache || split.closed.length === 0) {
    return mergeEfficiency([...(await efficiencyPartials(db, q, scenes, split.originMs, split.live))], b);
  }
  // The closed days as ONE part (their merge, kept with them once asked twice): the request
  // merges 2–3 parts. Keyed with the catalogue's mark, read first in the live part's transaction:
  // a deleted scene, handler, algorithm or plant node (which rewrites past alarms without an
  // alarm event) gives other keys.
  let markRead: (mark: string) => void = () => undefined;
  const marked = new Promise<string>((resolve) => {
    markRead = resolve;
  });
  const live = efficiencyPartials(db, q, scenes, split.originMs, split.live, markRead);
  const run = Promise.race([marked, live.then(() => marked)]).then((mark) => {
    const key = JSON.stringify([
      scenes,
      q.factoryId ?? null,
      q.areaId ?? null,
      q.sceneId ?? null,
      q.utcOffset,
      mark,
    ]);
    return cache.partials.getRun<EfficiencyPartial, Array<[number, EfficiencyPartial]>>(
      EFFICIENCY_PARTIALS,
      key,
      split.closed,
      (missing) =>
        efficiencyPartials(
          db,
          q,
          scenes,
          split.originMs,
          missing.map((day): [number, number] => [day, day + 86_400_000]),
        ),
      // Kept: one part for all the days; a first ask merges the days as they are.
      (partials, keep) => (keep ? [mergeRun(partials)] : [...partials]),
      weighPartial,
      (run) => run.reduce((sum, [, p]) => sum + weighPartial(p), 0),
    );
  });
  const [days, parts] = await Promise.all([run, live]);
  return mergeEfficiency([...days, ...parts], b);
}
