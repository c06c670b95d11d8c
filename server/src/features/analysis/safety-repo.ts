import { ANALYSIS_TOP, type AnalysisQuery, type SafetyAnalysis, type SceneSafety } from '@sentinel/contract';
import type { Db } from '../../db/client.ts';
import { historyAssignment, plantNode, videoAlarm } from '../../db/schema/index.ts';
import { dayPartialKind } from '../../platform/day-partial-kind.ts';
import { DAY_MS, splitOrLive } from '../../platform/day-split.ts';
import type { VisibleScenes } from '../../platform/scene-authority.ts';
import type { PartialsCache } from './efficiency.ts';
import { catalogueMark } from './efficiency-repo.ts';
import { type SafetyPartial, safetyPartials, weighSafetyPartial } from './safety-partials.ts';

const RUN_STATES = [0, 1, 2, 3, 4] as const;

/**
 * The kind of the safety analysis's entries in the day-partials cache: it reads the job runs, the
 * in-job alarms and the plant tree (a plant filter on the runs' areas; safetyPartials) — a job
 * run's report drops it, a roster change does not.
 */
export const SAFETY_PARTIALS = dayPartialKind('safety', [historyAssignment, videoAlarm, plantNode]);

/** completed / finished runs (0 … 1, four decimals); null when no run has finished. */
function rateOf(completed: number, violated: number, undetermined: number): number | null {
  const finished = completed + violated + undetermined;
  return finished ? Math.round((completed / finished) * 10_000) / 10_000 : null;
}

/** The larger of two names, as max() (null: none). */
const maxOf = (a: string | null, b: string | null) => (a === null || (b !== null && b > a) ? b : a);

/**
 * The safety analysis from the partials of its days: the same figures as one computation over the
 * whole range. A scene's name is the largest stored on its runs of the range, else (no run, or
 * none named) the largest stored on its in-job alarms; an algorithm's name the largest stored on
 * its alarms — as max() over the range, whatever days it came from.
 */
export function mergeSafety(parts: SafetyPartial[]): SafetyAnalysis {
  const byState = new Map<number, number>();
  const sceneMap = new Map<
    number | null,
    SceneSafety & { runName: string | null; alarmName: string | null }
  >();
  const sceneOf = (sceneId: number | null) => {
    let s = sceneMap.get(sceneId);
    if (!s) {
      s = {
        sceneId,
        name: '',
        runs: 0,
        completed: 0,
        violated: 0,
        undetermined: 0,
        safetyRate: null,
        violationAlarms: 0,
        runName: null,
        alarmName: null,
      };
      sceneMap.set(sceneId, s);
    }
    return s;
  };
  const byType = new Map<number | null, { algorithmId: number | null; name: string | null; count: number }>();
  for (const p of parts) {
    for (const r of p.runs) {
      byState.set(r.state, (byState.get(r.state) ?? 0) + r.n);
      const s = sceneOf(r.sceneId);
      s.runs += r.n;
      if (r.state === 2) s.completed += r.n;
      if (r.state === 3) s.violated += r.n;
      if (r.state === 4) s.undetermined += r.n;
      if (r.name) s.runName = maxOf(s.runName, r.name);
    }
    for (const r of p.alarms) {
      const s = sceneOf(r.sceneId);
      s.violationAlarms += r.n;
      if (r.sceneName) s.alarmName = maxOf(s.alarmName, r.sceneName);
      const t = byType.get(r.algorithmId) ?? { algorithmId: r.algorithmId, name: null, count: 0 };
      t.count += r.n;
      t.name = maxOf(t.name, r.typeName);
      byType.set(r.algorithmId, t);
    }
  }

  const byScene = [...sceneMap.values()]
    .map(({ runName, alarmName, ...s }) => ({
      ...s,
      name: runName ?? alarmName ?? '',
      safetyRate: rateOf(s.completed, s.violated, s.undetermined),
    }))
    .sort(
      (a, b) =>
        b.runs - a.runs ||
        b.violationAlarms - a.violationAlarms ||
        a.name.localeCompare(b.name) ||
        (a.sceneId ?? 0) - (b.sceneId ?? 0),
    );
  const of = (state: number) => byState.get(state) ?? 0;
  return {
    runs: [...byState.values()].reduce((sum, n) => sum + n, 0),
    byOutcome: RUN_STATES.map((state) => ({ state, count: of(state) })),
    safetyRate: rateOf(of(2), of(3), of(4)),
    byScene,
    violationsByType: [...byType.values()]
      .map((t) => ({ algorithmId: t.algorithmId, name: t.name ?? '', count: t.count }))
      .sort(
        (a, b) =>
          b.count - a.count || a.name.localeCompare(b.name) || (a.algorithmId ?? 0) - (b.algorithmId ?? 0),
      ),
    riskiestScenes: byScene
      .filter((s) => s.violated > 0 || s.violationAlarms > 0)
      .sort((a, b) => b.violated - a.violated || b.violationAlarms - a.violationAlarms)
      .slice(0, ANALYSIS_TOP),
  };
}

/**
 * The safety analysis (contract `safetyAnalysis`). Runs: as History tasks with the same range,
 * scene and state (by start time). Violation alarms: the alarms of the range raised during a run
 * (history assignment set) — History alarms with `inJob=true` and the same range, scene (and
 * algorithm). The range is split on the viewer's midnights: each whole closed day's partial from
 * the cache (the missing ones computed together), the rest live, then merged. Without a cache
 * everything is computed live.
 */
export async function safetyAnalysisOf(
  db: Db,
  q: AnalysisQuery,
  scenes: VisibleScenes,
  cache?: PartialsCache,
): Promise<SafetyAnalysis> {
  const start = Date.parse(q.startTime);
  const end = Date.parse(q.endTime);
  const split = splitOrLive(start, end, q.utcOffset, cache?.now);
  // Keyed with the catalogue's mark when days are kept: a deleted scene or plant node rewrites past
  // runs and alarms without an event (as the efficiency analysis).
  const mark = cache && split.closed.length > 0 ? await catalogueMark(db) : '';
  const key = JSON.stringify([
    scenes,
    q.factoryId ?? null,
    q.areaId ?? null,
    q.sceneId ?? null,
    q.utcOffset,
    mark,
  ]);
  const [closed, live] = await Promise.all([
    cache && split.closed.length > 0
      ? cache.partials.get<SafetyPartial>(
          SAFETY_PARTIALS,
          key,
          split.closed,
          (missing) =>
            safetyPartials(
              db,
              q,
              scenes,
              split.originMs,
              missing.map((day): [number, number] => [day, day + DAY_MS]),
            ),
          weighSafetyPartial,
        )
      : new Map<number, SafetyPartial>(),
    safetyPartials(db, q, scenes, split.originMs, split.live),
  ]);
  return mergeSafety([...closed.values(), ...live.values()]);
}
