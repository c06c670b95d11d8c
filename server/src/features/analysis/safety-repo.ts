import { ANALYSIS_TOP, type AnalysisQuery, type SafetyAnalysis, type SceneSafety } from '@sentinel/contract';
import { and, eq, gte, inArray, lte, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { historyAssignment, videoAlarm } from '../../db/schema/index.ts';
import type { VisibleScenes } from '../../platform/scene-authority.ts';
import { inPlantSubtree } from '../../platform/sql.ts';
import { alarmsOfRange } from './efficiency-repo.ts';

const RUN_STATES = [0, 1, 2, 3, 4] as const;

/**
 * The runs of a safety analysis: start time in the range (inclusive, as History tasks' list
 * filter), the run's scene, its area (exact) or its plant (the area lies below it), and the
 * caller's scene authority (runs without a scene only for accounts that see every scene).
 */
function runsOfRange(q: AnalysisQuery, scenes: VisibleScenes): SQL | undefined {
  const c: (SQL | undefined)[] = [
    gte(historyAssignment.startTime, new Date(q.startTime)),
    lte(historyAssignment.startTime, new Date(q.endTime)),
  ];
  if (scenes !== 'all') c.push(scenes.length ? inArray(historyAssignment.sceneId, scenes) : sql`false`);
  if (q.sceneId !== undefined) c.push(eq(historyAssignment.sceneId, q.sceneId));
  if (q.areaId !== undefined) c.push(eq(historyAssignment.areaId, q.areaId));
  if (q.factoryId !== undefined) c.push(inPlantSubtree(historyAssignment.areaId, q.factoryId));
  return and(...c);
}

/** completed / finished runs (0 … 1, four decimals); null when no run has finished. */
function rateOf(completed: number, violated: number, undetermined: number): number | null {
  const finished = completed + violated + undetermined;
  return finished ? Math.round((completed / finished) * 10_000) / 10_000 : null;
}

/**
 * The safety analysis (contract `safetyAnalysis`). Runs: as History tasks with the same range,
 * scene and state. Violation alarms: the alarms of the range raised during a run (history
 * assignment set) — History alarms with `inJob=true` and the same range, scene (and algorithm).
 */
export async function safetyAnalysisOf(
  db: Db,
  q: AnalysisQuery,
  scenes: VisibleScenes,
): Promise<SafetyAnalysis> {
  const [runRows, alarmRows] = await Promise.all([
    db
      .select({
        sceneId: historyAssignment.sceneId,
        name: sql<string>`max(${historyAssignment.sceneName})`,
        state: historyAssignment.state,
        n: sql<string>`count(*)`,
      })
      .from(historyAssignment)
      .where(runsOfRange(q, scenes))
      .groupBy(historyAssignment.sceneId, historyAssignment.state),
    db
      .select({
        sceneId: videoAlarm.sceneId,
        sceneName: sql<string>`max(${videoAlarm.sceneName})`,
        algorithmId: videoAlarm.algorithmId,
        typeName: sql<string>`max(${videoAlarm.videoAlarmTypeName})`,
        n: sql<string>`count(*)`,
      })
      .from(videoAlarm)
      .where(alarmsOfRange(q, scenes, { inJob: true }))
      .groupBy(videoAlarm.sceneId, videoAlarm.algorithmId),
  ]);

  const byState = new Map<number, number>();
  const sceneMap = new Map<number | null, SceneSafety>();
  const sceneOf = (sceneId: number | null, name: string): SceneSafety => {
    let s = sceneMap.get(sceneId);
    if (!s) {
      s = {
        sceneId,
        name,
        runs: 0,
        completed: 0,
        violated: 0,
        undetermined: 0,
        safetyRate: null,
        violationAlarms: 0,
      };
      sceneMap.set(sceneId, s);
    }
    if (!s.name && name) s.name = name;
    return s;
  };
  for (const r of runRows) {
    const n = Number(r.n);
    byState.set(r.state, (byState.get(r.state) ?? 0) + n);
    const s = sceneOf(r.sceneId, r.name ?? '');
    s.runs += n;
    if (r.state === 2) s.completed += n;
    if (r.state === 3) s.violated += n;
    if (r.state === 4) s.undetermined += n;
  }
  const byType = new Map<number | null, { algorithmId: number | null; name: string; count: number }>();
  for (const r of alarmRows) {
    const n = Number(r.n);
    sceneOf(r.sceneId, r.sceneName ?? '').violationAlarms += n;
    const t = byType.get(r.algorithmId) ?? { algorithmId: r.algorithmId, name: r.typeName ?? '', count: 0 };
    t.count += n;
    byType.set(r.algorithmId, t);
  }

  const byScene = [...sceneMap.values()]
    .map((s) => ({ ...s, safetyRate: rateOf(s.completed, s.violated, s.undetermined) }))
    .sort((a, b) => b.runs - a.runs || b.violationAlarms - a.violationAlarms || a.name.localeCompare(b.name));
  const of = (state: number) => byState.get(state) ?? 0;
  return {
    runs: [...byState.values()].reduce((sum, n) => sum + n, 0),
    byOutcome: RUN_STATES.map((state) => ({ state, count: of(state) })),
    safetyRate: rateOf(of(2), of(3), of(4)),
    byScene,
    violationsByType: [...byType.values()].sort((a, b) => b.count - a.count || a.name.localeCompare(b.name)),
    riskiestScenes: byScene
      .filter((s) => s.violated > 0 || s.violationAlarms > 0)
      .sort((a, b) => b.violated - a.violated || b.violationAlarms - a.violationAlarms)
      .slice(0, ANALYSIS_TOP),
  };
}
