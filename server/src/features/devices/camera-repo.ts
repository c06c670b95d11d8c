import type { CameraListAllFilter, CameraListFilter, CameraOption, CameraRow } from '@sentinel/contract';
import { and, asc, count, desc, eq, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { camera, cameraPlatform, cameraType, plantNode } from '../../db/schema/index.ts';
import { mediaUrl } from '../../platform/media.ts';
import { cameraCondition, type SceneAuthority } from '../../platform/scene-authority.ts';
import { inPlantSubtree, keywordMatch, pageOffset } from '../../platform/sql.ts';

const columns = {
  camera,
  brand: cameraType.brand,
  model: cameraType.model,
  type: cameraType.type,
  areaName: plantNode.name,
  platformName: cameraPlatform.name,
};

type Joined = {
  camera: typeof camera.$inferSelect;
  brand: string | null;
  model: string | null;
  type: string | null;
  areaName: string | null;
  platformName: string | null;
};

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function toCameraRow(row: Joined): CameraRow {
  const c = row.camera;
  return {
    id: c.id,
    name: c.name,
    code: c.code,
    cameraTypeId: c.cameraTypeId,
    brand: row.brand ?? '',
    model: row.model ?? '',
    type: row.type ?? '',
    ip: c.ip,
    videoPort: c.videoPort,
    controlPort: c.controlPort,
    agreement: c.agreement,
    username: c.username,
    deviceSerial: c.deviceSerial,
    deviceCode: c.deviceCode,
    positionLabel: c.positionLabel,
    longitude: c.longitude,
    latitude: c.latitude,
    moving: c.moving,
    online: c.online,
    lastSeenAt: iso(c.lastSeenAt),
    areaId: c.areaId,
    areaName: row.areaName ?? '',
    platformId: c.platformId,
    platformName: row.platformName ?? '',
    mainStreamUrl: c.mainStreamUrl,
    subStreamUrl: c.subStreamUrl,
    virtual: c.virtual,
    snapshotUrl: c.snapshotPath ? mediaUrl(c.snapshotPath) : null,
    enabled: c.enabled,
    createdAt: c.createdAt.toISOString(),
    updatedAt: c.updatedAt.toISOString(),
  };
}

function joined(db: Db) {
  return db
    .select(columns)
    .from(camera)
    .leftJoin(cameraType, eq(cameraType.id, camera.cameraTypeId))
    .leftJoin(plantNode, eq(plantNode.id, camera.areaId))
    .leftJoin(cameraPlatform, eq(cameraPlatform.id, camera.platformId));
}

const keywordFilter = (keyword: string) => keywordMatch(keyword, [camera.name, camera.code, camera.ip]);

/** `auth`: only the cameras the caller's scene authority shows (omitted: every camera). */
export async function listCameras(
  db: Db,
  query: CameraListFilter,
  auth?: SceneAuthority,
): Promise<{ list: CameraRow[]; count: number }> {
  const filters: (SQL | undefined)[] = [keywordFilter(query.keyword), auth && cameraCondition(auth)];
  if (query.areaId != null) filters.push(inPlantSubtree(camera.areaId, query.areaId));
  if (query.online != null) filters.push(eq(camera.online, query.online));
  if (query.cameraTypeId != null) filters.push(eq(camera.cameraTypeId, query.cameraTypeId));
  if (query.type) filters.push(eq(cameraType.type, query.type));
  if (query.virtual != null) filters.push(eq(camera.virtual, query.virtual));
  if (query.enabled != null) filters.push(eq(camera.enabled, query.enabled));
  const where = and(...filters);
  const [total] = await db
    .select({ n: count() })
    .from(camera)
    .leftJoin(cameraType, eq(cameraType.id, camera.cameraTypeId))
    .where(where);
  const rows = await joined(db)
    .where(where)
    .orderBy(desc(camera.createdAt), desc(camera.id))
    .limit(query.limit)
    .offset(pageOffset(query.page, query.limit));
  return { list: rows.map(toCameraRow), count: Number(total?.n ?? 0) };
}

/** Picker list: every enabled camera (real and virtual) matching the keyword, by name. */
export async function listCameraOptions(
  db: Db,
  query: CameraListAllFilter,
  auth?: SceneAuthority,
): Promise<CameraOption[]> {
  const filters: (SQL | undefined)[] = [keywordFilter(query.keyword), auth && cameraCondition(auth)];
  if (query.areaId != null) filters.push(inPlantSubtree(camera.areaId, query.areaId));
  if (query.virtual != null) filters.push(eq(camera.virtual, query.virtual));
  const rows = await db
    .select({
      id: camera.id,
      name: camera.name,
      code: camera.code,
      areaId: camera.areaId,
      online: camera.online,
      virtual: camera.virtual,
      snapshotPath: camera.snapshotPath,
    })
    .from(camera)
    .where(and(...filters))
    .orderBy(asc(camera.name), asc(camera.id))
    .limit(1000);
  return rows.map(({ snapshotPath, ...rest }) => ({
    ...rest,
    snapshotUrl: snapshotPath ? mediaUrl(snapshotPath) : null,
  }));
}

/** One camera; with `auth`, undefined as well when the caller's scene authority hides it. */
export async function findCamera(db: Db, id: number, auth?: SceneAuthority): Promise<CameraRow | undefined> {
  const [row] = await joined(db).where(and(eq(camera.id, id), auth && cameraCondition(auth)));
  return row ? toCameraRow(row) : undefined;
}

/** The references a camera form names: which of them do not exist. */
export async function missingReferences(
  db: Db,
  refs: { cameraTypeId?: number | null; areaId?: number | null; platformId?: number | null },
): Promise<string[]> {
  const missing: string[] = [];
  const exists = async (found: Promise<unknown[]>) => (await found).length > 0;
  if (refs.cameraTypeId != null) {
    const q = db.select({ id: cameraType.id }).from(cameraType).where(eq(cameraType.id, refs.cameraTypeId));
    if (!(await exists(q))) missing.push('cameraTypeId');
  }
  if (refs.areaId != null) {
    const q = db.select({ id: plantNode.id }).from(plantNode).where(eq(plantNode.id, refs.areaId));
    if (!(await exists(q))) missing.push('areaId');
  }
  if (refs.platformId != null) {
    const q = db
      .select({ id: cameraPlatform.id })
      .from(cameraPlatform)
      .where(eq(cameraPlatform.id, refs.platformId));
    if (!(await exists(q))) missing.push('platformId');
  }
  return missing;
}

export type CameraInsert = typeof camera.$inferInsert;

/** Adds a camera (real or virtual) and answers its id. */
export async function insertCamera(db: Db, values: CameraInsert): Promise<number> {
  const [row] = await db.insert(camera).values(values).returning({ id: camera.id });
  if (!row) throw new Error('camera not inserted');
  return row.id;
}

/** Changes a camera's columns. */
export async function updateCamera(db: Db, id: number, values: Partial<CameraInsert>): Promise<void> {
  await db.update(camera).set(values).where(eq(camera.id, id));
}

/** Deletes a camera; answers its snapshot path (to remove the file), or undefined when none was deleted. */
export async function deleteCamera(db: Db, id: number): Promise<{ snapshotPath: string | null } | undefined> {
  const [row] = await db
    .delete(camera)
    .where(eq(camera.id, id))
    .returning({ snapshotPath: camera.snapshotPath });
  return row;
}

/** A camera's current snapshot path, if the camera exists and the caller's scene authority shows it. */
export async function findSnapshot(
  db: Db,
  id: number,
  auth: SceneAuthority,
): Promise<{ id: number; snapshotPath: string | null } | undefined> {
  const [row] = await db
    .select({ id: camera.id, snapshotPath: camera.snapshotPath })
    .from(camera)
    .where(and(eq(camera.id, id), cameraCondition(auth)));
  return row;
}

/** Points the camera at a new snapshot; false when the camera is gone. */
export async function setSnapshot(db: Db, id: number, snapshotPath: string, now: Date): Promise<boolean> {
  const updated = await db
    .update(camera)
    .set({ snapshotPath, updatedAt: now })
    .where(eq(camera.id, id))
    .returning({ id: camera.id });
  return updated.length > 0;
}
