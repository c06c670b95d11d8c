import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { alarmRollup, alarmRollupHour, alarmRollupSceneHour, videoAlarm } from '../../db/schema/index.ts';

/** The columns of an alarm that its rollup counters are keyed by. */
export interface RollupKey {
  alarmTime: Date;
  sceneId: number | null;
  cameraId: number | null;
  algorithmId: number | null;
  areaId: number | null;
  factoryId: number | null;
  alarmState: number;
  priority: number;
  falsePositive: boolean;
}

const HOUR_MS = 3_600_000;

/** Calendar day of an alarm for the counters (UTC; the list's time filters use whole days or exact scans). */
export const rollupDay = (time: Date) => time.toISOString().slice(0, 10);

/** Start of the UTC hour of an alarm for the hourly counters. */
export const rollupHour = (time: Date) => new Date(Math.floor(time.getTime() / HOUR_MS) * HOUR_MS);

/**
 * Adds each delta to its alarm's counters, daily (`alarm_rollup`), hourly (`alarm_rollup_hour`)
 * and per scene and hour (`alarm_rollup_scene_hour`, which a state change nets to nothing and so
 * does not touch) in ONE statement. Deltas of the same key are summed first (an upsert may touch a
 * row once).
 * Call it in the same transaction as the write it counts, so the counters never drift from the rows.
 */
export async function applyRollupDeltas(
  tx: Db,
  deltas: Array<{ key: RollupKey; delta: number }>,
): Promise<void> {
  if (deltas.length === 0) return;
  const values = sql.join(
    deltas.map(
      ({
        key,
        delta,
      }) => sql`(${rollupDay(key.alarmTime)}::date, ${rollupHour(key.alarmTime).toISOString()}::timestamptz,
        ${key.sceneId ?? 0}::int, ${key.cameraId ?? 0}::int, ${key.algorithmId ?? 0}::int, ${key.areaId ?? 0}::int,
        ${key.factoryId ?? 0}::int, ${key.alarmState}::smallint, ${key.priority}::int, ${key.falsePositive}::boolean,
        ${delta}::bigint)`,
    ),
    sql`, `,
  );
  await tx.execute(sql`
    WITH k (day, hour, scene_id, camera_id, algorithm_id, area_id, factory_id, alarm_state, priority,
      false_positive, delta) AS (VALUES ${values}),
    daily AS (
      INSERT INTO ${alarmRollup} (day, scene_id, camera_id, algorithm_id, area_id, factory_id, alarm_state,
        priority, false_positive, count)
      SELECT day, scene_id, camera_id, algorithm_id, area_id, factory_id, alarm_state, priority,
        false_positive, sum(delta)
      FROM k GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9
      ON CONFLICT (day, scene_id, camera_id, algorithm_id, area_id, factory_id, alarm_state, priority,
        false_positive)
      DO UPDATE SET count = ${alarmRollup}.count + excluded.count
    ),
    hourly AS (
      INSERT INTO ${alarmRollupHour} (hour, scene_id, area_id, factory_id, priority, alarm_state,
        false_positive, count)
      SELECT hour, scene_id, area_id, factory_id, priority, alarm_state, false_positive, sum(delta)
      FROM k GROUP BY 1, 2, 3, 4, 5, 6, 7
      ON CONFLICT (hour, scene_id, area_id, factory_id, priority, alarm_state, false_positive)
      DO UPDATE SET count = ${alarmRollupHour}.count + excluded.count
    )
    INSERT INTO ${alarmRollupSceneHour} (hour, scene_id, area_id, factory_id, count)
    SELECT hour, scene_id, area_id, factory_id, sum(delta)
    FROM k GROUP BY 1, 2, 3, 4 HAVING sum(delta) <> 0
    ON CONFLICT (hour, scene_id, area_id, factory_id)
    DO UPDATE SET count = ${alarmRollupSceneHour}.count + excluded.count`);
}

/**
 * Adds `delta` (+1 on ingest) to the alarm's daily and hourly counters. Call it in the same
 * transaction as the write it counts, so totals never drift from the rows.
 */
export async function bumpRollup(tx: Db, key: RollupKey, delta: number): Promise<void> {
  await applyRollupDeltas(tx, [{ key, delta }]);
}

/** Moves an alarm from one counter to another after a state change (same transaction, one statement). */
export async function moveRollup(tx: Db, before: RollupKey, after: RollupKey): Promise<void> {
  await applyRollupDeltas(tx, [
    { key: before, delta: -1 },
    { key: after, delta: 1 },
  ]);
}

/**
 * `INSERT … SELECT … ON CONFLICT DO UPDATE` adding +1 per row of `source` (a CTE of the statement
 * that inserted alarms, with video_alarm's columns) to the daily counters: ingest counts its alarm
 * in the same statement (with `rollupHourUpsertFrom` for the hourly ones).
 */
export function rollupUpsertFrom(source: string): SQL {
  return sql`INSERT INTO ${alarmRollup} (day, scene_id, camera_id, algorithm_id, area_id, factory_id,
      alarm_state, priority, false_positive, count)
    SELECT (alarm_time AT TIME ZONE 'UTC')::date, coalesce(scene_id, 0), coalesce(camera_id, 0),
      coalesce(algorithm_id, 0), coalesce(area_id, 0), coalesce(factory_id, 0), alarm_state, priority,
      false_positive, count(*)
    FROM ${sql.identifier(source)}
    GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9
    ON CONFLICT (day, scene_id, camera_id, algorithm_id, area_id, factory_id, alarm_state, priority,
      false_positive)
    DO UPDATE SET count = ${alarmRollup}.count + excluded.count`;
}

/** The same for the hourly counters (`alarm_rollup_hour`, UTC hours). */
export function rollupHourUpsertFrom(source: string): SQL {
  return sql`INSERT INTO ${alarmRollupHour} (hour, scene_id, area_id, factory_id, priority, alarm_state,
      false_positive, count)
    SELECT ${hourOf(sql.raw('alarm_time'))}, coalesce(scene_id, 0), coalesce(area_id, 0),
      coalesce(factory_id, 0), priority, alarm_state, false_positive, count(*)
    FROM ${sql.identifier(source)}
    GROUP BY 1, 2, 3, 4, 5, 6, 7
    ON CONFLICT (hour, scene_id, area_id, factory_id, priority, alarm_state, false_positive)
    DO UPDATE SET count = ${alarmRollupHour}.count + excluded.count`;
}

/** The same for the counters per scene and hour (`alarm_rollup_scene_hour`). */
export function rollupSceneHourUpsertFrom(source: string): SQL {
  return sql`INSERT INTO ${alarmRollupSceneHour} (hour, scene_id, area_id, factory_id, count)
    SELECT ${hourOf(sql.raw('alarm_time'))}, coalesce(scene_id, 0), coalesce(area_id, 0),
      coalesce(factory_id, 0), count(*)
    FROM ${sql.identifier(source)}
    GROUP BY 1, 2, 3, 4
    ON CONFLICT (hour, scene_id, area_id, factory_id)
    DO UPDATE SET count = ${alarmRollupSceneHour}.count + excluded.count`;
}

/** SQL: the start of the UTC hour of a timestamptz expression (whatever the session's time zone). */
export function hourOf(time: SQL): SQL {
  return sql`(date_trunc('hour', ${time} AT TIME ZONE 'UTC') AT TIME ZONE 'UTC')`;
}

/**
 * Adds the alarms matching `where` (rows already written, not yet counted) to the daily, hourly and
 * scene-hour counters, one `INSERT … SELECT … GROUP BY` each (the demo seed's bulk insert). Same transaction as
 * the rows when they can change concurrently.
 */
export async function addAlarmsToRollups(db: Db, where: SQL): Promise<void> {
  await db.execute(sql`
    INSERT INTO ${alarmRollup} (day, scene_id, camera_id, algorithm_id, area_id, factory_id, alarm_state,
      priority, false_positive, count)
    SELECT (alarm_time AT TIME ZONE 'UTC')::date, coalesce(scene_id, 0), coalesce(camera_id, 0),
      coalesce(algorithm_id, 0), coalesce(area_id, 0), coalesce(factory_id, 0), alarm_state, priority,
      false_positive, count(*)
    FROM ${videoAlarm} WHERE ${where}
    GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9
    ON CONFLICT (day, scene_id, camera_id, algorithm_id, area_id, factory_id, alarm_state, priority,
      false_positive)
    DO UPDATE SET count = ${alarmRollup}.count + excluded.count`);
  await db.execute(sql`
    INSERT INTO ${alarmRollupHour} (hour, scene_id, area_id, factory_id, priority, alarm_state,
      false_positive, count)
    SELECT ${hourOf(sql.raw('alarm_time'))}, coalesce(scene_id, 0), coalesce(area_id, 0),
      coalesce(factory_id, 0), priority, alarm_state, false_positive, count(*)
    FROM ${videoAlarm} WHERE ${where}
    GROUP BY 1, 2, 3, 4, 5, 6, 7
    ON CONFLICT (hour, scene_id, area_id, factory_id, priority, alarm_state, false_positive)
    DO UPDATE SET count = ${alarmRollupHour}.count + excluded.count`);
  await db.execute(sql`
    INSERT INTO ${alarmRollupSceneHour} (hour, scene_id, area_id, factory_id, count)
    SELECT ${hourOf(sql.raw('alarm_time'))}, coalesce(scene_id, 0), coalesce(area_id, 0),
      coalesce(factory_id, 0), count(*)
    FROM ${videoAlarm} WHERE ${where}
    GROUP BY 1, 2, 3, 4
    ON CONFLICT (hour, scene_id, area_id, factory_id)
    DO UPDATE SET count = ${alarmRollupSceneHour}.count + excluded.count`);
}
