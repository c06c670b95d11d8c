import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { alarmRollup } from '../../db/schema/index.ts';

/** The columns of an alarm that its rollup counter is keyed by. */
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

/** Calendar day of an alarm for the counters (UTC; the list's time filters use whole days or exact scans). */
export const rollupDay = (time: Date) => time.toISOString().slice(0, 10);

/**
 * Adds `delta` (+1 on ingest; −1 then +1 on a state change) to the alarm's counter. Call it in the
 * same transaction as the write it counts, so totals never drift from the rows.
 */
export async function bumpRollup(tx: Db, key: RollupKey, delta: number): Promise<void> {
  await tx
    .insert(alarmRollup)
    .values({
      day: rollupDay(key.alarmTime),
      sceneId: key.sceneId ?? 0,
      cameraId: key.cameraId ?? 0,
      algorithmId: key.algorithmId ?? 0,
      areaId: key.areaId ?? 0,
      factoryId: key.factoryId ?? 0,
      alarmState: key.alarmState,
      priority: key.priority,
      falsePositive: key.falsePositive,
      count: delta,
    })
    .onConflictDoUpdate({
      target: [
        alarmRollup.day,
        alarmRollup.sceneId,
        alarmRollup.cameraId,
        alarmRollup.algorithmId,
        alarmRollup.areaId,
        alarmRollup.factoryId,
        alarmRollup.alarmState,
        alarmRollup.priority,
        alarmRollup.falsePositive,
      ],
      set: { count: sql`${alarmRollup.count} + ${delta}` },
    });
}

/** Moves an alarm from one counter to another after a state change (same transaction). */
export async function moveRollup(tx: Db, before: RollupKey, after: RollupKey): Promise<void> {
  await bumpRollup(tx, before, -1);
  await bumpRollup(tx, after, 1);
}

/**
 * `INSERT … SELECT … ON CONFLICT DO UPDATE` adding +1 per row of `source` (a CTE of the statement
 * that inserted alarms, with video_alarm's columns): ingest counts its alarm in the same statement.
 */
export function rollupUpsertFrom(source: string): SQL {
  return sql`INSERT INTO ${alarmRollup} (day, scene_id, camera_id, algorithm_id, area_id, factory_id,
      alarm_state, priority, false_positive, count)
    SELECT (alarm_time AT TIME ZONE 'UTC')::date, coalesce(scene_id, 0), coalesce(camera_id, 0),
      coalesce(algorithm_id, 0), coalesce(area_id, 0), coalesce(factory_id, 0), alarm_state, priority,
      false_positive, 1
    FROM ${sql.identifier(source)}
    ON CONFLICT (day, scene_id, camera_id, algorithm_id, area_id, factory_id, alarm_state, priority,
      false_positive)
    DO UPDATE SET count = ${alarmRollup}.count + excluded.count`;
}
