import type { AlarmListQuery, AnalysisQuery } from '@sentinel/contract';
import { and, gte, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  account,
  algorithm,
  dutyShift,
  dutyShiftScene,
  plantNode,
  scene,
  videoAlarm,
} from '../../db/schema/index.ts';
import { DAY_MS } from '../../platform/day-split.ts';
import type { VisibleScenes } from '../../platform/scene-authority.ts';
import { alarmConditions, PROCESSED_STATES } from '../alarms/index.ts';
import { onDutySql } from '../duty-roster/index.ts';
import { type EfficiencyPartial, emptyPartial, groupHandled, NULL_ID } from './efficiency-merge.ts';
import { executeRows, secondsBetween } from './handling-repo.ts';

const HOUR_MS = 3_600_000;

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

/** What each branch of the partials statement answers (its `part` column). */
const PART = {
  handled: 0,
  raised: 2,
  closed: 3,
  algorithm: 4,
  scene: 5,
  handler: 6,
} as const;

/** One row of the partials statement; a branch leaves the columns it does not use null. */
interface PartRow {
  part: number;
  /** The viewer's day of the row: its start is origin + seg·24 h. */
  seg: number;
  /** An hour of that day (raised; closed: may be a later day's, ≥ 24). */
  k: number | null;
  /** An algorithm, scene or handler id. */
  id: number | null;
  name: string | null;
  n: string | number;
  /** algorithm: false positives; handled: the day's latest alarm time (epoch ms). */
  fp: string | number | null;
  /** handled: seconds to closing (null: none), one per processed alarm. */
  s: string | null;
  /** handled: seconds to approval of the approved alarms. */
  a: string | null;
  /** handled: level, scene, handler ('': none) and on duty (1 / 0), aligned with `s`. */
  level: string | null;
  scene: string | null;
  handler: string | null;
  duty: string | null;
}

/** SQL: hours from the viewer's midnight `originMs` (float8 epoch, as handling-repo's buckets). */
const hoursFrom = (originMs: number, time: SQL) =>
  sql`floor((date_part('epoch', ${time}) * 1000 - ${originMs}::float8) / ${HOUR_MS}::float8)::int`;

/**
 * The efficiency partials of the range's alarms (History alarms' conditions) in the given parts
 * of the range ([from, to) epoch ms, inside the viewer's days from `originMs`), one per viewer day
 * in ONE statement and one scan: the processed alarms by seconds to closing with their level,
 * scene, handler and "handled by an operator on duty for the alarm's scene at the alarm time"
 * (duty roster); the approved alarms' seconds to approval; alarms raised per hour of the day and
 * closed per hour; per algorithm alarms and false positives; the scenes' and handlers' names.
 * Answers a partial (maybe empty) for every day start the parts touch.
 */
export async function efficiencyPartials(
  db: Db,
  q: AnalysisQuery,
  scenes: VisibleScenes,
  originMs: number,
  parts: Array<[number, number]>,
): Promise<Map<number, EfficiencyPartial>> {
  const result = new Map<number, EfficiencyPartial>();
  for (const [from, to] of parts) {
    for (let seg = Math.floor((from - originMs) / DAY_MS); originMs + seg * DAY_MS < to; seg++) {
      result.set(originMs + seg * DAY_MS, emptyPartial());
    }
  }
  if (parts.length === 0) return result;
  const v = videoAlarm;
  // Adjacent parts as one range: one index range scan for a run of days.
  const runs: Array<[number, number]> = [];
  for (const [from, to] of [...parts].sort((a, b) => a[0] - b[0])) {
    const last = runs[runs.length - 1];
    if (last && last[1] >= from) last[1] = Math.max(last[1], to);
    else runs.push([from, to]);
  }
  const inParts = or(
    ...runs.map(([from, to]) => and(gte(v.alarmTime, new Date(from)), lt(v.alarmTime, new Date(to)))),
  );
  const processed = inArray(v.alarmState, PROCESSED_STATES);
  // One materialized scan (its row narrow, the day computed there); work_mem large enough that
  // neither it nor the aggregates spill to disk (a 30-day cold load: ~80,000 rows, ~8 MB); the
  // processed alarms come back per day as unordered aligned arrays, grouped and sorted in
  // JavaScript (typed arrays), instead of an ordered string_agg (a sort and float-to-text per
  // alarm: 1.1–1.3 s for a 29-day cold load at 303,000 alarms). JIT off: compiling the seven
  // branches cost 1.5–3 s of a 29-day cold load (1,000,000 alarms, PostgreSQL 15).
  // The pairs (handler, scene) any shift names: one hashed lookup first, so that the roster's
  // per-alarm test (a subplan of two index scans) runs only for the alarms it may hold.
  const rostered = sql`select ${dutyShift.accountId}, ${dutyShiftScene.sceneId} from ${dutyShift}
    join ${dutyShiftScene} on ${dutyShiftScene.shiftId} = ${dutyShift.id}`;
  // Comma-separated lists (split natively in JavaScript; '' for null), aligned within a day.
  const list = (e: string, where: string) =>
    sql.raw(`string_agg(coalesce((${e})::text, ''), ',') filter (where ${where})`);
  const rows = await db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('jit', 'off', true), set_config('work_mem', '32MB', true)`);
    return executeRows<PartRow>(
      tx as unknown as Db,
      sql`with d as materialized (
      select ${v.alarmTime} as at, ${v.priority} as priority, ${v.sceneId} as scene_id, ${v.sceneName} as scene_name,
        ${v.handlerId} as handler_id, ${v.handler} as handler, ${v.algorithmId} as algorithm_id,
        ${v.videoAlarmTypeName} as type_name, ${v.falsePositive} as false_positive,
        ${processed} as processed,
        ${secondsBetween(v.alarmTime, closedAt)} as s,
        ${secondsBetween(v.alarmTime, v.approveTime)} as a,
        ${hoursFrom(originMs, sql`${v.alarmTime}`)} as hr,
        floor(${hoursFrom(originMs, sql`${v.alarmTime}`)} / 24.0)::int as seg,
        case when ${processed} then ${hoursFrom(originMs, sql`greatest(${closedAt}, ${v.alarmTime})`)} end as hc,
        case when ${processed} and (${v.handlerId}, ${v.sceneId}) in (${rostered})
          then ${onDutySql(sql`${v.handlerId}`, sql`${v.sceneId}`, sql`${v.alarmTime}`)} else false end as on_duty
      from ${v}
      where ${and(alarmsOfRange(q, scenes), inParts)}
    )
    select ${PART.handled}::int as part, seg, null::int as k, null::int as id, null::text as name,
      null::bigint as n, date_part('epoch', max(at)) * 1000 as fp,
      ${list('s', 'processed')} as s, ${list('priority', 'processed')} as level,
      ${list('scene_id', 'processed')} as scene, ${list('handler_id', 'processed')} as handler,
      ${list('on_duty::int', 'processed')} as duty, ${list('a', 'a is not null')} as a
    from d group by seg
    union all
    select ${PART.raised}, seg, hr - seg * 24, null, null, count(*), null, null, null, null, null, null, null
    from d group by seg, hr
    union all
    select ${PART.closed}, seg, hc - seg * 24, null, null, count(*), null, null, null, null, null, null, null
    from d where processed group by seg, hc
    union all
    select ${PART.algorithm}, seg, null, algorithm_id, max(type_name collate "C"), count(*),
      count(*) filter (where false_positive), null, null, null, null, null, null
    from d group by seg, algorithm_id
    union all
    select ${PART.scene}, seg, null, scene_id, max(scene_name collate "C"), count(*), null, null, null, null, null, null, null
    from d where processed group by seg, scene_id
    union all
    select ${PART.handler}, seg, null, handler_id, max(handler collate "C"), count(*), null, null, null, null, null, null, null
    from d where processed group by seg, handler_id`,
    );
  });
  for (const row of rows) {
    const day = originMs + Number(row.seg) * DAY_MS;
    let p = result.get(day);
    if (!p) {
      p = emptyPartial();
      result.set(day, p);
    }
    const id = row.id === null ? NULL_ID : Number(row.id);
    switch (Number(row.part)) {
      case PART.handled:
        fillHandled(p, row);
        // Alarm times are whole milliseconds: the float epoch rounded back to one.
        p.lastAlarmMs = Math.round(Number(row.fp));
        p.approval =
          row.a === null ? new Float64Array(0) : Float64Array.from(row.a.split(','), Number).sort();
        break;
      case PART.raised:
        p.raised.push([Number(row.k), Number(row.n)]);
        break;
      case PART.closed:
        p.closed.push([Number(row.k), Number(row.n)]);
        break;
      case PART.algorithm:
        p.algorithms.push({ id, name: row.name, total: Number(row.n), fp: Number(row.fp ?? 0) });
        break;
      // Names of the processed alarms' scenes and handlers (null when the group has none).
      case PART.scene:
        if (row.name !== null) p.sceneNames.set(id, row.name);
        break;
      case PART.handler:
        if (row.name !== null) p.handlerNames.set(id, row.name);
        break;
    }
  }
  return result;
}

/** The processed alarms of a day from the statement's aligned lists (any order). */
function fillHandled(p: EfficiencyPartial, row: PartRow): void {
  const split = (list: string | null) => (list === null ? [] : list.split(','));
  const seconds = split(row.s).map((x) => (x === '' ? Number.NaN : Number(x)));
  const ids = (list: string | null) => split(list).map((x) => (x === '' ? NULL_ID : Number(x)));
  groupHandled(p, seconds, {
    level: ids(row.level),
    scene: ids(row.scene),
    handler: ids(row.handler),
    duty: split(row.duty).map((x) => (x === '1' ? 1 : 0)),
  });
}

/**
 * A mark of the rows whose deletion rewrites past alarms without an alarm event: deleting a
 * scene, account (handler), algorithm or plant node sets the alarms' reference to null (and
 * cascades to the duty roster). Their ids only grow, so count, max and sum of the ids change with
 * any deletion (or addition); the kept days are keyed with it.
 */
export async function catalogueMark(db: Db): Promise<string> {
  const ids = (table: typeof scene | typeof account | typeof algorithm | typeof plantNode) =>
    sql`(select count(*) || '.' || coalesce(max(${table.id}), 0) || '.' || coalesce(sum(${table.id}), 0) from ${table})`;
  const [row] = await executeRows<{ mark: string }>(
    db,
    sql`select ${ids(scene)} || ':' || ${ids(account)} || ':' || ${ids(algorithm)} || ':' || ${ids(plantNode)} as mark`,
  );
  return row?.mark ?? '';
}
