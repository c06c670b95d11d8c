import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { alarmRollup, camera, historyAssignment, sceneCamera } from '../../db/schema/index.ts';
import type { VisibleScenes } from '../../platform/scene-authority.ts';
import { sceneAuthorityWhere, UNTREATED_STATES } from '../alarms/index.ts';

/** Untreated (state 1 or 4) and awaiting approval (state 4) now, any time: the daily rollup. */
export async function openAlarmCounts(
  db: Db,
  scenes: VisibleScenes,
): Promise<{ untreated: number; awaitingApproval: number }> {
  const [row] = await db
    .select({
      untreated: sql<string>`coalesce(sum(${alarmRollup.count}), 0)`,
      awaiting: sql<string>`coalesce(sum(${alarmRollup.count}) filter (where ${alarmRollup.alarmState} = 4), 0)`,
    })
    .from(alarmRollup)
    .where(
      and(
        inArray(alarmRollup.alarmState, UNTREATED_STATES),
        sceneAuthorityWhere(alarmRollup.sceneId, scenes),
      ),
    );
  return { untreated: Number(row?.untreated ?? 0), awaitingApproval: Number(row?.awaiting ?? 0) };
}

/**
 * Cameras online / offline: every camera for 'all', else the cameras bound to a visible scene
 * (each counted once however many of its scenes are visible).
 */
export async function cameraCounts(
  db: Db,
  scenes: VisibleScenes,
): Promise<{ online: number; offline: number }> {
  const bound =
    scenes === 'all'
      ? undefined
      : inArray(
          camera.id,
          db
            .select({ id: sceneCamera.cameraId })
            .from(sceneCamera)
            .where(sceneAuthorityWhere(sceneCamera.sceneId, scenes)),
        );
  const [row] = await db
    .select({
      online: sql<string>`count(*) filter (where ${camera.online})`,
      offline: sql<string>`count(*) filter (where not ${camera.online})`,
    })
    .from(camera)
    .where(bound);
  return { online: Number(row?.online ?? 0), offline: Number(row?.offline ?? 0) };
}

/** Job runs in state 1 (running) in visible scenes. */
export async function runningJobs(db: Db, scenes: VisibleScenes): Promise<number> {
  const [row] = await db
    .select({ n: sql<string>`count(*)` })
    .from(historyAssignment)
    .where(and(eq(historyAssignment.state, 1), sceneAuthorityWhere(historyAssignment.sceneId, scenes)));
  return Number(row?.n ?? 0);
}
