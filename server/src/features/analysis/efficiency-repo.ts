import type { AlarmListQuery, AnalysisQuery, DurationStats, EfficiencyAnalysis } from '@sentinel/contract';
import { inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { videoAlarm } from '../../db/schema/index.ts';
import type { VisibleScenes } from '../../platform/scene-authority.ts';
import { alarmConditions, PROCESSED_STATES } from '../alarms/index.ts';
import { onDutySql } from '../duty-roster/index.ts';
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

/** What each branch of the analysis statement answers (its `part` column). */
const PART = { handling: 0, raised: 1, closed: 2, approval: 3, algorithm: 4, duty: 5 } as const;

/** One row of the analysis statement; a branch leaves the columns it does not use null. */
interface PartRow {
  part: number;
  /** grouping(priority, scene_id, handler_id) of the handling branch: 0b011 by level, 0b101 by scene… */
  g: number | null;
  priority: number | null;
  scene_id: number | null;
  handler_id: number | null;
  algorithm_id: number | null;
  name: string | null;
  /** A bucket index (raised, closed). */
  k: number | null;
  n: string | number;
  /** Alarms marked false positive (algorithm branch). */
  fp: string | number | null;
  median: number | null;
  p90: number | null;
}

/**
 * Every figure of the efficiency analysis in ONE statement and one scan of the range's alarms
 * (History alarms' conditions): the rows are read once into `h`, then grouped five ways —
 * handling times of the processed alarms (state 2 or 3) overall, by level, scene and handler;
 * alarms raised and closed per bucket (the backlog); seconds to approval of the approved alarms
 * (History alarms' `approved=true`); alarms and false positives per algorithm; handling times
 * by "handled by an operator on duty for the alarm's scene at the alarm time" or not (duty roster).
 */
async function analysisRows(db: Db, q: AnalysisQuery, scenes: VisibleScenes, b: Buckets): Promise<PartRow[]> {
  const v = videoAlarm;
  const closing = sql`greatest(${closedAt}, ${v.alarmTime})`;
  const nothing = (type: string) => sql.raw(`null::${type}`);
  const { median, p90 } = percentilesSql(sql`h.s`);
  const approval = percentilesSql(sql`h.a`);
  const row = (cols: {
    part: number;
    g?: SQL;
    priority?: SQL;
    scene?: SQL;
    handler?: SQL;
    algorithm?: SQL;
    name?: SQL;
    k?: SQL;
    n: SQL;
    fp?: SQL;
    median?: SQL;
    p90?: SQL;
  }) =>
    sql.join(
      [
        sql`${cols.part}::int as part`,
        sql`${cols.g ?? nothing('int')} as g`,
        sql`${cols.priority ?? nothing('int')} as priority`,
        sql`${cols.scene ?? nothing('int')} as scene_id`,
        sql`${cols.handler ?? nothing('int')} as handler_id`,
        sql`${cols.algorithm ?? nothing('int')} as algorithm_id`,
        sql`${cols.name ?? nothing('text')} as name`,
        sql`${cols.k ?? nothing('int')} as k`,
        sql`${cols.n} as n`,
        sql`${cols.fp ?? nothing('bigint')} as fp`,
        sql`${cols.median ?? nothing('float8')} as median`,
        sql`${cols.p90 ?? nothing('float8')} as p90`,
      ],
      sql`, `,
    );
  return executeRows<PartRow>(
    db,
    sql`with h as materialized (
      select ${v.priority} as priority, ${v.sceneId} as scene_id, ${v.sceneName} as scene_name,
        ${v.handlerId} as handler_id, ${v.handler} as handler, ${v.algorithmId} as algorithm_id,
        ${v.videoAlarmTypeName} as type_name, ${v.falsePositive} as false_positive,
        ${inArray(v.alarmState, PROCESSED_STATES)} as processed,
        ${secondsBetween(v.alarmTime, closedAt)} as s,
        ${secondsBetween(v.alarmTime, v.approveTime)} as a,
        ${bucketIndexSql(b, v.alarmTime)} as k_raised,
        case when ${inArray(v.alarmState, PROCESSED_STATES)} then ${bucketIndexSql(b, closing)} end as k_closed,
        case when ${inArray(v.alarmState, PROCESSED_STATES)} and ${v.handlerId} is not null
          then ${onDutySql(sql`${v.handlerId}`, sql`${v.sceneId}`, sql`${v.alarmTime}`)} else false end as on_duty
      from ${v}
      where ${alarmsOfRange(q, scenes) ?? sql`true`}
    )
    select ${row({
      part: PART.handling,
      g: sql`grouping(priority, scene_id, handler_id)`,
      priority: sql`priority`,
      scene: sql`scene_id`,
      handler: sql`handler_id`,
      // The scene's name with the by-scene groups, the handler's with the by-handler ones.
      name: sql`case when grouping(scene_id) = 0 then max(scene_name) else max(handler) end`,
      n: sql`count(*)`,
      median,
      p90,
    })}
    from h where processed
    group by grouping sets ((), (priority), (scene_id), (handler_id))
    union all
    select ${row({ part: PART.raised, k: sql`k_raised`, n: sql`count(*)` })} from h group by k_raised
    union all
    select ${row({ part: PART.closed, k: sql`k_closed`, n: sql`count(*)` })}
    from h where processed group by k_closed
    union all
    select ${row({ part: PART.approval, n: sql`count(*)`, median: approval.median, p90: approval.p90 })}
    from h where a is not null
    union all
    select ${row({
      part: PART.algorithm,
      algorithm: sql`algorithm_id`,
      name: sql`max(type_name)`,
      n: sql`count(*)`,
      fp: sql`count(*) filter (where false_positive)`,
    })}
    from h group by algorithm_id
    union all
    select ${row({ part: PART.duty, k: sql`on_duty::int`, n: sql`count(*)`, median, p90 })}
    from h where processed group by on_duty`,
  );
}

/** grouping(priority, scene_id, handler_id) of each grouping set of the handling branch. */
const GROUPED = { all: 0b111, level: 0b011, scene: 0b101, handler: 0b110 } as const;

/** Handling times of the processed alarms: overall, by level, scene and handler. */
function handlingTimes(rows: PartRow[]) {
  const of = (g: number) => rows.filter((r) => r.part === PART.handling && Number(r.g) === g);
  const overall = of(GROUPED.all)[0];
  const byCount = <T extends DurationStats>(a: T, b: T) => b.count - a.count;
  return {
    overall: overall ? stats(overall.n, overall.median, overall.p90) : stats(0, null, null),
    byLevel: of(GROUPED.level)
      .map((r) => ({ priority: Number(r.priority), ...stats(r.n, r.median, r.p90) }))
      .sort((a, b) => a.priority - b.priority),
    byScene: of(GROUPED.scene)
      .map((r) => ({ sceneId: r.scene_id, name: r.name ?? '', ...stats(r.n, r.median, r.p90) }))
      .sort(byCount),
    byHandler: of(GROUPED.handler)
      .map((r) => ({ handlerId: r.handler_id, name: r.name ?? '', ...stats(r.n, r.median, r.p90) }))
      .sort(byCount),
  };
}

/**
 * Alarms of the range still open at the end of each bucket: raised before the bucket's end and
 * not closed before it — each alarm adds +1 to its raising bucket and −1 to its closing bucket
 * (when processed); the running sum over the buckets is the backlog.
 */
function backlog(rows: PartRow[], b: Buckets) {
  const delta = new Array<number>(b.count).fill(0);
  for (const row of rows) {
    const sign = row.part === PART.raised ? 1 : row.part === PART.closed ? -1 : 0;
    if (sign === 0 || row.k === null) continue;
    const k = Number(row.k);
    if (k >= 0 && k < b.count) delta[k] = (delta[k] ?? 0) + sign * Number(row.n);
  }
  let open = 0;
  return bucketTimes(b).map((time, i) => {
    open += delta[i] ?? 0;
    return { time, open };
  });
}

/** Per algorithm: alarms of the range and those marked false positive, most alarms first. */
function falsePositives(rows: PartRow[]) {
  return rows
    .filter((r) => r.part === PART.algorithm)
    .map((r) => {
      const total = Number(r.n);
      const fp = Number(r.fp ?? 0);
      return {
        algorithmId: r.algorithm_id,
        name: r.name ?? '',
        total,
        falsePositive: fp,
        share: total ? Math.round((fp / total) * 10_000) / 10_000 : 0,
      };
    })
    .sort((a, b) => b.total - a.total || (a.algorithmId ?? 0) - (b.algorithmId ?? 0));
}

/** The efficiency analysis (contract `efficiencyAnalysis`) of a range under the caller's scene authority. */
export async function efficiencyAnalysisOf(
  db: Db,
  q: AnalysisQuery,
  scenes: VisibleScenes,
): Promise<EfficiencyAnalysis> {
  const b = bucketsOf(q);
  const rows = await analysisRows(db, q, scenes, b);
  const approval = rows.find((r) => r.part === PART.approval);
  return {
    ...handlingTimes(rows),
    granularity: b.granularity,
    backlog: backlog(rows, b),
    approval: approval ? stats(approval.n, approval.median, approval.p90) : stats(0, null, null),
    falsePositiveByAlgorithm: falsePositives(rows),
    byDuty: [true, false].map((onDuty) => {
      const r = rows.find((x) => x.part === PART.duty && Number(x.k) === (onDuty ? 1 : 0));
      return { onDuty, ...(r ? stats(r.n, r.median, r.p90) : stats(0, null, null)) };
    }),
  };
}
