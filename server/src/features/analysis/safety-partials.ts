import type { AnalysisQuery } from '@sentinel/contract';
import { type AnyColumn, and, eq, gte, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { historyAssignment, videoAlarm } from '../../db/schema/index.ts';
import { DAY_MS } from '../../platform/day-split.ts';
import type { VisibleScenes } from '../../platform/scene-authority.ts';
import { inPlantSubtree } from '../../platform/sql.ts';
import { alarmsOfRange } from './efficiency-repo.ts';

/**
 * What one viewer day (or part of a day) contributes to the safety analysis: the runs started in
 * it by (scene, state) and the in-job alarms raised in it by (scene, algorithm), each group with
 * its count and the largest name stored on its rows (as the SQL's max()), so that the merge of
 * several days answers max() over the whole range.
 */
export interface SafetyPartial {
  runs: Array<{ sceneId: number | null; state: number; name: string | null; n: number }>;
  alarms: Array<{
    sceneId: number | null;
    algorithmId: number | null;
    sceneName: string | null;
    typeName: string | null;
    n: number;
  }>;
}

export const emptySafetyPartial = (): SafetyPartial => ({ runs: [], alarms: [] });

/** Rough bytes of a partial (the cache's bound). */
export const weighSafetyPartial = (p: SafetyPartial): number => (p.runs.length + p.alarms.length) * 120 + 100;

/** Parts [from, to) sorted and joined where they touch: one index range scan per run of days. */
export function joinParts(parts: Array<[number, number]>): Array<[number, number]> {
  const runs: Array<[number, number]> = [];
  for (const [from, to] of [...parts].sort((a, b) => a[0] - b[0])) {
    const last = runs[runs.length - 1];
    if (last && last[1] >= from) last[1] = Math.max(last[1], to);
    else runs.push([from, to]);
  }
  return runs;
}

/** SQL: a time column inside one of the parts. */
export const inPartsSql = (time: AnyColumn, parts: Array<[number, number]>) =>
  or(...joinParts(parts).map(([from, to]) => and(gte(time, new Date(from)), lt(time, new Date(to)))));

/** SQL: the viewer day (from `originMs`) of a time column: its start is origin + seg·24 h. */
export const daySegSql = (originMs: number, time: AnyColumn) =>
  sql<number>`floor((date_part('epoch', ${time}) * 1000 - ${originMs}::float8) / ${DAY_MS}::float8)::int`;

/** An empty partial for every day start the parts touch. */
export function emptyDays<T>(
  originMs: number,
  parts: Array<[number, number]>,
  empty: () => T,
): Map<number, T> {
  const result = new Map<number, T>();
  for (const [from, to] of parts) {
    for (let seg = Math.floor((from - originMs) / DAY_MS); originMs + seg * DAY_MS < to; seg++) {
      result.set(originMs + seg * DAY_MS, empty());
    }
  }
  return result;
}

/**
 * The runs of a safety analysis in the parts: start time in one of them (the range is inclusive,
 * as History tasks' list filter: the parts end at its end + 1 ms), the run's scene, its area
 * (exact) or its plant (the area lies below it), and the caller's scene authority (runs without a
 * scene only for accounts that see every scene).
 */
function runsOfParts(
  q: AnalysisQuery,
  scenes: VisibleScenes,
  parts: Array<[number, number]>,
): SQL | undefined {
  const c: (SQL | undefined)[] = [inPartsSql(historyAssignment.startTime, parts)];
  if (scenes !== 'all') c.push(scenes.length ? inArray(historyAssignment.sceneId, scenes) : sql`false`);
  if (q.sceneId !== undefined) c.push(eq(historyAssignment.sceneId, q.sceneId));
  if (q.areaId !== undefined) c.push(eq(historyAssignment.areaId, q.areaId));
  if (q.factoryId !== undefined) c.push(inPlantSubtree(historyAssignment.areaId, q.factoryId));
  return and(...c);
}

/**
 * The safety partials of the given parts of the range ([from, to) epoch ms, inside the viewer's
 * days from `originMs`): the runs started in them by day, scene and state, and the alarms raised
 * in them during a run (History alarms with `inJob=true`) by day, scene and algorithm — two
 * grouped statements. Answers a partial (maybe empty) for every day start the parts touch.
 */
export async function safetyPartials(
  db: Db,
  q: AnalysisQuery,
  scenes: VisibleScenes,
  originMs: number,
  parts: Array<[number, number]>,
): Promise<Map<number, SafetyPartial>> {
  const result = emptyDays(originMs, parts, emptySafetyPartial);
  if (parts.length === 0) return result;
  const h = historyAssignment;
  const v = videoAlarm;
  // Group by position 1: the day (its parameters differ from the select's).
  const [runRows, alarmRows] = await Promise.all([
    db
      .select({
        seg: daySegSql(originMs, h.startTime),
        sceneId: h.sceneId,
        name: sql<string | null>`max(${h.sceneName})`,
        state: h.state,
        n: sql<string>`count(*)`,
      })
      .from(h)
      .where(runsOfParts(q, scenes, parts))
      .groupBy(sql`1`, h.sceneId, h.state),
    db
      .select({
        seg: daySegSql(originMs, v.alarmTime),
        sceneId: v.sceneId,
        sceneName: sql<string | null>`max(${v.sceneName})`,
        algorithmId: v.algorithmId,
        typeName: sql<string | null>`max(${v.videoAlarmTypeName})`,
        n: sql<string>`count(*)`,
      })
      .from(v)
      .where(and(alarmsOfRange(q, scenes, { inJob: true }), inPartsSql(v.alarmTime, parts)))
      .groupBy(sql`1`, v.sceneId, v.algorithmId),
  ]);
  const dayOf = (seg: number) => {
    const day = originMs + Number(seg) * DAY_MS;
    let p = result.get(day);
    if (!p) {
      p = emptySafetyPartial();
      result.set(day, p);
    }
    return p;
  };
  for (const r of runRows) {
    dayOf(r.seg).runs.push({ sceneId: r.sceneId, state: r.state, name: r.name, n: Number(r.n) });
  }
  for (const r of alarmRows) {
    dayOf(r.seg).alarms.push({
      sceneId: r.sceneId,
      algorithmId: r.algorithmId,
      sceneName: r.sceneName,
      typeName: r.typeName,
      n: Number(r.n),
    });
  }
  return result;
}
