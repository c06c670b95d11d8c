import { and, count, desc, eq, gt, gte, inArray, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  account,
  algorithm,
  camera,
  cameraOutage,
  maintenanceWindow,
  plantNode,
  sceneCamera,
  sceneCameraAlgorithm,
  videoAlarm,
} from '../../db/schema/index.ts';
import {
  cameraCondition,
  type SceneAuthority,
  sceneIdCondition,
  type VisibleScenes,
} from '../../platform/scene-authority.ts';

/** Cameras of the report (filters: area, camera) the account may see, by name. */
export async function reportCameras(
  db: Db,
  filters: { areaId?: number; cameraId?: number },
  auth: SceneAuthority,
) {
  const where: (SQL | undefined)[] = [cameraCondition(auth)];
  if (filters.areaId !== undefined) where.push(eq(camera.areaId, filters.areaId));
  if (filters.cameraId !== undefined) where.push(eq(camera.id, filters.cameraId));
  return db
    .select({ id: camera.id, name: camera.name, areaId: camera.areaId, areaName: plantNode.name })
    .from(camera)
    .leftJoin(plantNode, eq(plantNode.id, camera.areaId))
    .where(and(...where))
    .orderBy(camera.name, camera.id);
}

/** Outages of these cameras overlapping [from, to) (an open one overlaps everything after its start). */
export async function outagesOverlapping(db: Db, cameraIds: number[], from: Date, to: Date) {
  if (cameraIds.length === 0) return [];
  return db
    .select({
      cameraId: cameraOutage.cameraId,
      startedAt: cameraOutage.startedAt,
      endedAt: cameraOutage.endedAt,
    })
    .from(cameraOutage)
    .where(
      and(
        inArray(cameraOutage.cameraId, cameraIds),
        lt(cameraOutage.startedAt, to),
        or(isNull(cameraOutage.endedAt), gt(cameraOutage.endedAt, from)),
      ),
    );
}

/** Maintenance windows overlapping [from, to): the all-camera ones and those of these cameras. */
export async function windowsOverlapping(db: Db, cameraIds: number[], from: Date, to: Date) {
  return db
    .select({
      cameraId: maintenanceWindow.cameraId,
      startsAt: maintenanceWindow.startsAt,
      endsAt: maintenanceWindow.endsAt,
    })
    .from(maintenanceWindow)
    .where(
      and(
        lt(maintenanceWindow.startsAt, to),
        gt(maintenanceWindow.endsAt, from),
        cameraIds.length > 0
          ? or(isNull(maintenanceWindow.cameraId), inArray(maintenanceWindow.cameraId, cameraIds))
          : isNull(maintenanceWindow.cameraId),
      ),
    );
}

/** The day index (days since the epoch in the viewer's offset) of an alarm's time. */
const dayOf = (offsetMs: number) =>
  sql<number>`floor((extract(epoch from ${videoAlarm.alarmTime}) * 1000 + ${offsetMs}) / 86400000)::int`;

/** Alarms (of the scenes the account sees) per camera per day in [from, to). */
export async function alarmsPerCameraDay(
  db: Db,
  cameraIds: number[],
  from: Date,
  to: Date,
  offsetMs: number,
  scenes: VisibleScenes,
) {
  if (cameraIds.length === 0) return [];
  const day = dayOf(offsetMs);
  return db
    .select({ cameraId: videoAlarm.cameraId, day, alarms: count() })
    .from(videoAlarm)
    .where(
      and(
        inArray(videoAlarm.cameraId, cameraIds),
        gte(videoAlarm.alarmTime, from),
        lt(videoAlarm.alarmTime, to),
        sceneIdCondition(scenes, videoAlarm.sceneId),
      ),
    )
    .groupBy(sql`1`, sql`2`); // by position: the day expression carries a parameter
}

/** Alarms and false positives (state 3) of the scenes the account sees per algorithm per day in [from, to). */
export async function alarmsPerAlgorithmDay(
  db: Db,
  from: Date,
  to: Date,
  offsetMs: number,
  scenes: VisibleScenes,
  algorithmId?: number,
) {
  const day = dayOf(offsetMs);
  return db
    .select({
      algorithmId: videoAlarm.algorithmId,
      day,
      alarms: count(),
      falsePositives: sql<number>`count(*) filter (where ${videoAlarm.alarmState} = 3)::int`,
    })
    .from(videoAlarm)
    .where(
      and(
        gte(videoAlarm.alarmTime, from),
        lt(videoAlarm.alarmTime, to),
        sql`${videoAlarm.algorithmId} is not null`,
        sceneIdCondition(scenes, videoAlarm.sceneId),
        algorithmId === undefined ? undefined : eq(videoAlarm.algorithmId, algorithmId),
      ),
    )
    .groupBy(sql`1`, sql`2`);
}

/** Current bindings in the scenes the account sees: which cameras run which algorithm (enabled ones). */
export async function algorithmCameras(db: Db, scenes: VisibleScenes, algorithmId?: number) {
  return db
    .selectDistinct({ algorithmId: sceneCameraAlgorithm.algorithmId, cameraId: sceneCamera.cameraId })
    .from(sceneCameraAlgorithm)
    .innerJoin(sceneCamera, eq(sceneCamera.id, sceneCameraAlgorithm.sceneCameraId))
    .where(
      and(
        eq(sceneCameraAlgorithm.enabled, true),
        eq(sceneCamera.enabled, true),
        sceneIdCondition(scenes, sceneCamera.sceneId),
        algorithmId === undefined ? undefined : eq(sceneCameraAlgorithm.algorithmId, algorithmId),
      ),
    );
}

export async function algorithmNames(db: Db, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: algorithm.id, name: algorithm.name })
    .from(algorithm)
    .where(inArray(algorithm.id, ids));
}

// ---------------------------------------------------------------------------------------------
// Maintenance windows

export async function cameraExists(db: Db, id: number): Promise<boolean> {
  const [row] = await db.select({ id: camera.id }).from(camera).where(eq(camera.id, id));
  return row !== undefined;
}

export async function insertWindow(db: Db, values: typeof maintenanceWindow.$inferInsert) {
  const [row] = await db.insert(maintenanceWindow).values(values).returning();
  if (!row) throw new Error('maintenance window not inserted');
  return row;
}

export async function deleteWindow(db: Db, id: number) {
  const [row] = await db.delete(maintenanceWindow).where(eq(maintenanceWindow.id, id)).returning();
  return row;
}

export async function listWindows(
  db: Db,
  filters: { from?: Date; to?: Date; cameraId?: number },
  paging: { page: number; limit: number },
) {
  const where = and(
    filters.to ? lt(maintenanceWindow.startsAt, filters.to) : undefined,
    filters.from ? gt(maintenanceWindow.endsAt, filters.from) : undefined,
    filters.cameraId === undefined
      ? undefined
      : or(isNull(maintenanceWindow.cameraId), eq(maintenanceWindow.cameraId, filters.cameraId)),
  );
  const [total] = await db.select({ n: count() }).from(maintenanceWindow).where(where);
  const list = await db
    .select({
      id: maintenanceWindow.id,
      cameraId: maintenanceWindow.cameraId,
      cameraName: camera.name,
      startsAt: maintenanceWindow.startsAt,
      endsAt: maintenanceWindow.endsAt,
      reason: maintenanceWindow.reason,
      createdBy: account.accountName,
      createdAt: maintenanceWindow.createdAt,
    })
    .from(maintenanceWindow)
    .leftJoin(camera, eq(camera.id, maintenanceWindow.cameraId))
    .leftJoin(account, eq(account.id, maintenanceWindow.createdBy))
    .where(where)
    .orderBy(desc(maintenanceWindow.startsAt), desc(maintenanceWindow.id))
    .limit(paging.limit)
    .offset((paging.page - 1) * paging.limit);
  return { list, count: total?.n ?? 0 };
}
