import { asc, count, desc, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { camera, cameraPlatform, cameraType } from '../../db/schema/index.ts';
import { tableRepo } from '../../platform/table-repo.ts';

/** The SQL of the camera type catalogue and of the camera platforms. */
export const cameraTypeRepo = tableRepo({
  table: cameraType,
  search: [cameraType.brand, cameraType.model, cameraType.type],
  orderBy: [desc(cameraType.createdAt), desc(cameraType.id)],
});

export const platformRepo = tableRepo({
  table: cameraPlatform,
  search: [cameraPlatform.name, cameraPlatform.ip],
  orderBy: [desc(cameraPlatform.createdAt), desc(cameraPlatform.id)],
});

async function camerasPer(
  db: Db,
  column: typeof camera.cameraTypeId | typeof camera.platformId,
  ids: number[],
): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: column, n: count() })
    .from(camera)
    .where(inArray(column, ids))
    .groupBy(column);
  return new Map(rows.flatMap((r) => (r.id === null ? [] : [[r.id, Number(r.n)] as const])));
}

/** How many cameras are of each of the given camera types (types without any are absent). */
export const camerasPerType = (db: Db, typeIds: number[]) => camerasPer(db, camera.cameraTypeId, typeIds);
/** How many cameras are reached through each of the given platforms (absent: none). */
export const camerasPerPlatform = (db: Db, platformIds: number[]) =>
  camerasPer(db, camera.platformId, platformIds);

/** Every camera type (for pickers), by brand, model, type. */
export const cameraTypeOptions = (db: Db) =>
  db
    .select({ id: cameraType.id, brand: cameraType.brand, model: cameraType.model, type: cameraType.type })
    .from(cameraType)
    .orderBy(asc(cameraType.brand), asc(cameraType.model), asc(cameraType.type), asc(cameraType.id));

/** Every camera platform (for pickers), by name. */
export const platformOptions = (db: Db) =>
  db
    .select({ id: cameraPlatform.id, name: cameraPlatform.name, kind: cameraPlatform.kind })
    .from(cameraPlatform)
    .orderBy(asc(cameraPlatform.name), asc(cameraPlatform.id));
