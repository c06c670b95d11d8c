import type { AlarmListQuery, AnalysisQuery, DurationStats, EfficiencyAnalysis } from '@sentinel/contract';
import { desc, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { videoAlarm } from '../../db/schema/index.ts';
import type { VisibleScenes } from '../../platform/scene-authority.ts';
import { alarmConditions } from '../alarms/index.ts';
import {
  type Buckets,
  bucketIndexSql,
  bucketsOf,
  bucketTimes,
  executeRows,
  percentilesSql,
  roundSeconds,
  secondsBetween,
} from './handling-repo.ts';

/**
 * The alarms of an analysis: History alarms' own conditions (alarms feature) for the range on the
 * alarm time, plant / area / scene and the caller's scene authority, plus `extra` list filters —
 * so a figure and the list opened with the same filters count the same rows.
 */
export function alarmsOfRange(
  q: AnalysisQuery,
  scenes: VisibleScenes,
  extra: Partial<AlarmListQuery> = {},
): SQL | undefined {
  const query: AlarmListQuery = { page: 1, limit: 10, startTime: q.startTime, endTime: q.endTime, ...extra };
  if (q.factoryId !== undefined) query.factoryId = q.factoryId;
  if (q.areaId !== undefined) query.areaId = q.areaId;
  if (q.sceneId !== undefined) query.sceneId = q.sceneId;
  return alarmConditions(query, scenes);
}

/** When a processed alarm was closed: handled (deal / cancel), else approved (4 → approve → 2). */
const closedAt = sql`coalesce(${videoAlarm.handleTime}, ${videoAlarm.approveTime})`;

const stats = (n: unknown, median: unknown, p90: unknown): DurationStats => ({
  count: Number(n ?? 0),
  medianSeconds: roundSeconds(median as number | null),
  p90Seconds: roundSeconds(p90 as number | null),
});

/** Handling times of the processed alarms (state 2 or 3): overall, by level, scene and handler in one scan. */
async function handlingTimes(db: Db, q: AnalysisQuery, scenes: VisibleScenes) {
  const { median, p90 } = percentilesSql(secondsBetween(videoAlarm.alarmTime, closedAt));
  const rows = await db
    .select({
      gPriority: sql<number>`grouping(${videoAlarm.priority})`,
      gScene: sql<number>`grouping(${videoAlarm.sceneId})`,
      gHandler: sql<number>`grouping(${videoAlarm.handlerId})`,
      priority: videoAlarm.priority,
      sceneId: videoAlarm.sceneId,
      sceneName: sql<string>`max(${videoAlarm.sceneName})`,
      handlerId: videoAlarm.handlerId,
      handler: sql<string>`max(${videoAlarm.handler})`,
      n: sql<string>`count(*)`,
      median,
      p90,
    })
    .from(videoAlarm)
    .where(alarmsOfRange(q, scenes, { status: 'processed' }))
    .groupBy(
      sql`grouping sets ((), (${videoAlarm.priority}), (${videoAlarm.sceneId}), (${videoAlarm.handlerId}))`,
    );
  const all = (r: (typeof rows)[number]) =>
    Number(r.gPriority) === 1 && Number(r.gScene) === 1 && Number(r.gHandler) === 1;
  const overall = rows.find(all);
  const byCount = <T extends DurationStats>(a: T, b: T) => b.count - a.count;
  return {
    overall: overall ? stats(overall.n, overall.median, overall.p90) : stats(0, null, null),
    byLevel: rows
      .filter((r) => Number(r.gPriority) === 0)
      .map((r) => ({ priority: Number(r.priority), ...stats(r.n, r.median, r.p90) }))
      .sort((a, b) => a.priority - b.priority),
    byScene: rows
      .filter((r) => Number(r.gScene) === 0)
      .map((r) => ({ sceneId: r.sceneId, name: r.sceneName ?? '', ...stats(r.n, r.median, r.p90) }))
      .sort(byCount),
    byHandler: rows
      .filter((r) => Number(r.gHandler) === 0)
      .map((r) => ({ handlerId: r.handlerId, name: r.handler ?? '', ...stats(r.n, r.median, r.p90) }))
      .sort(byCount),
  };
}

/**
 * Alarms of the range still open at the end of each bucket: raised before the bucket's end and
 * not closed before it. One scan: each alarm adds +1 to its raising bucket and −1 to its closing
 * bucket (when processed); the running sum over the buckets is the backlog.
 */
async function backlog(db: Db, q: AnalysisQuery, scenes: VisibleScenes, b: Buckets) {
  const closing = sql`case when ${videoAlarm.alarmState} in (2, 3) then greatest(${closedAt}, ${videoAlarm.alarmTime}) end`;
  const rows = await executeRows<{ k: number | null; d: string | number }>(
    db,
    sql`select v.k as k, sum(v.d) as d
      from ${videoAlarm}
      cross join lateral (values (${bucketIndexSql(b, videoAlarm.alarmTime)}, 1), (${bucketIndexSql(b, closing)}, -1)) as v(k, d)
      where ${alarmsOfRange(q, scenes) ?? sql`true`}
      group by v.k`,
  );
  const delta = new Array<number>(b.count).fill(0);
  for (const row of rows) {
    if (row.k === null) continue;
    const k = Number(row.k);
    if (k >= 0 && k < b.count) delta[k] = (delta[k] ?? 0) + Number(row.d);
  }
  let open = 0;
  return bucketTimes(b).map((time, i) => {
    open += delta[i] ?? 0;
    return { time, open };
  });
}

/** Seconds from the alarm to its approval, over the alarms of the range with an approval (History alarms' `approved=true`). */
async function approvalTimes(db: Db, q: AnalysisQuery, scenes: VisibleScenes): Promise<DurationStats> {
  const { median, p90 } = percentilesSql(secondsBetween(videoAlarm.alarmTime, videoAlarm.approveTime));
  const [row] = await db
    .select({ n: sql<string>`count(*)`, median, p90 })
    .from(videoAlarm)
    .where(alarmsOfRange(q, scenes, { approved: true }));
  return stats(row?.n, row?.median, row?.p90);
}

/** Per algorithm: alarms of the range and those marked false positive. */
async function falsePositives(db: Db, q: AnalysisQuery, scenes: VisibleScenes) {
  const rows = await db
    .select({
      algorithmId: videoAlarm.algorithmId,
      name: sql<string>`max(${videoAlarm.videoAlarmTypeName})`,
      total: sql<string>`count(*)`,
      falsePositive: sql<string>`count(*) filter (where ${videoAlarm.falsePositive})`,
    })
    .from(videoAlarm)
    .where(alarmsOfRange(q, scenes))
    .groupBy(videoAlarm.algorithmId)
    .orderBy(desc(sql`count(*)`), videoAlarm.algorithmId);
  return rows.map((r) => {
    const total = Number(r.total);
    const fp = Number(r.falsePositive);
    return {
      algorithmId: r.algorithmId,
      name: r.name ?? '',
      total,
      falsePositive: fp,
      share: total ? Math.round((fp / total) * 10_000) / 10_000 : 0,
    };
  });
}

/** The efficiency analysis (contract `efficiencyAnalysis`) of a range under the caller's scene authority. */
export async function efficiencyAnalysisOf(
  db: Db,
  q: AnalysisQuery,
  scenes: VisibleScenes,
): Promise<EfficiencyAnalysis> {
  const b = bucketsOf(q);
  const [times, open, approval, fp] = await Promise.all([
    handlingTimes(db, q, scenes),
    backlog(db, q, scenes, b),
    approvalTimes(db, q, scenes),
    falsePositives(db, q, scenes),
  ]);
  return {
    ...times,
    granularity: b.granularity,
    backlog: open,
    approval,
    falsePositiveByAlgorithm: fp,
  };
}
