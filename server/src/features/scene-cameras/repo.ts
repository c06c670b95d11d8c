import type { BindableCameraQuery, SceneCameraListQuery, ZoneItem } from '@sentinel/contract';
import { and, asc, count, eq, inArray, notExists, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  algorithm,
  camera,
  detectionZone,
  plantNode,
  scene,
  sceneCamera,
  sceneCameraAlgorithm,
} from '../../db/schema/index.ts';
import { mediaUrl } from '../../platform/media.ts';
import {
  cameraCondition,
  type SceneAuthority,
  sceneIdCondition,
  type VisibleScenes,
} from '../../platform/scene-authority.ts';
import { keywordMatch, pageOffset } from '../../platform/sql.ts';

const cameraKeyword = (keyword: string): SQL | undefined =>
  keywordMatch(keyword.trim(), [camera.name, camera.code, camera.ip]);

// ---- scenes and scene cameras -----------------------------------------------------------------

export async function findScene(db: Db, id: number) {
  const [row] = await db
    .select({ id: scene.id, name: scene.name, kind: scene.kind })
    .from(scene)
    .where(eq(scene.id, id));
  return row;
}

/** Scenes for the pickers; `visible`: only the caller's visible scenes (scene authority). */
export async function listScenes(db: Db, kind?: string, visible: VisibleScenes = 'all') {
  return db
    .select({ id: scene.id, name: scene.name, kind: scene.kind, enabled: scene.enabled })
    .from(scene)
    .where(and(kind ? eq(scene.kind, kind) : undefined, sceneIdCondition(visible, scene.id)))
    .orderBy(asc(scene.kind), asc(scene.name), asc(scene.id));
}

export async function findCamera(db: Db, id: number) {
  const [row] = await db.select({ id: camera.id, name: camera.name }).from(camera).where(eq(camera.id, id));
  return row;
}

export async function findSceneCamera(db: Db, id: number) {
  const [row] = await db.select().from(sceneCamera).where(eq(sceneCamera.id, id));
  return row;
}

export async function findSceneCameraByPair(db: Db, sceneId: number, cameraId: number) {
  const [row] = await db
    .select()
    .from(sceneCamera)
    .where(and(eq(sceneCamera.sceneId, sceneId), eq(sceneCamera.cameraId, cameraId)));
  return row;
}

const algorithmCount = sql<number>`(select count(*)::int from ${sceneCameraAlgorithm} where ${sceneCameraAlgorithm.sceneCameraId} = ${sceneCamera.id})`;

export async function listSceneCameras(db: Db, query: SceneCameraListQuery) {
  const filters: Array<SQL | undefined> = [eq(sceneCamera.sceneId, query.sceneId)];
  if (typeof query.enabled === 'boolean') filters.push(eq(sceneCamera.enabled, query.enabled));
  filters.push(cameraKeyword(query.keyword ?? ''));
  const where = and(...filters);
  const [total] = await db
    .select({ n: count() })
    .from(sceneCamera)
    .innerJoin(camera, eq(camera.id, sceneCamera.cameraId))
    .where(where);
  const rows = await db
    .select({
      id: sceneCamera.id,
      sceneId: sceneCamera.sceneId,
      cameraId: sceneCamera.cameraId,
      cameraName: camera.name,
      cameraCode: camera.code,
      ip: camera.ip,
      online: camera.online,
      snapshotPath: camera.snapshotPath,
      enabled: sceneCamera.enabled,
      algorithmCount,
      createdAt: sceneCamera.createdAt,
    })
    .from(sceneCamera)
    .innerJoin(camera, eq(camera.id, sceneCamera.cameraId))
    .where(where)
    .orderBy(asc(sceneCamera.sort), asc(sceneCamera.id))
    .limit(query.limit)
    .offset(pageOffset(query.page, query.limit));
  const list = rows.map(({ snapshotPath, createdAt, algorithmCount: n, ...rest }) => ({
    ...rest,
    algorithmCount: Number(n),
    snapshotUrl: snapshotPath ? mediaUrl(snapshotPath) : null,
    createdAt: createdAt.toISOString(),
  }));
  return { list, count: Number(total?.n ?? 0) };
}

/** Cameras not yet bound to the scene (bind dialog), by name; `auth`: only the caller's visible cameras. */
export async function listBindableCameras(db: Db, query: BindableCameraQuery, auth?: SceneAuthority) {
  const bound = db
    .select({ one: sql`1` })
    .from(sceneCamera)
    .where(and(eq(sceneCamera.sceneId, query.sceneId), eq(sceneCamera.cameraId, camera.id)));
  const where = and(notExists(bound), cameraKeyword(query.keyword ?? ''), auth && cameraCondition(auth));
  const [total] = await db.select({ n: count() }).from(camera).where(where);
  const list = await db
    .select({
      id: camera.id,
      name: camera.name,
      code: camera.code,
      ip: camera.ip,
      online: camera.online,
      areaName: plantNode.name,
    })
    .from(camera)
    .leftJoin(plantNode, eq(plantNode.id, camera.areaId))
    .where(where)
    .orderBy(asc(camera.code), asc(camera.id))
    .limit(query.limit)
    .offset(pageOffset(query.page, query.limit));
  return { list, count: Number(total?.n ?? 0) };
}

/** The ids among `ids` that exist as scene cameras. */
export async function existingSceneCameraIds(db: Db, ids: number[]): Promise<number[]> {
  const rows = await db.select({ id: sceneCamera.id }).from(sceneCamera).where(inArray(sceneCamera.id, ids));
  return rows.map((r) => r.id);
}

// ---- algorithms and zones ---------------------------------------------------------------------

export async function zonesOf(db: Db, sceneCameraAlgorithmIds: number[]): Promise<Map<number, ZoneItem[]>> {
  const byOwner = new Map<number, ZoneItem[]>();
  if (sceneCameraAlgorithmIds.length === 0) return byOwner;
  const rows = await db
    .select()
    .from(detectionZone)
    .where(inArray(detectionZone.sceneCameraAlgorithmId, sceneCameraAlgorithmIds))
    .orderBy(asc(detectionZone.sort), asc(detectionZone.id));
  for (const row of rows) {
    const list = byOwner.get(row.sceneCameraAlgorithmId) ?? [];
    list.push({ id: row.id, name: row.name, points: row.points, sort: row.sort });
    byOwner.set(row.sceneCameraAlgorithmId, list);
  }
  return byOwner;
}

/** The algorithms of one scene camera with their zones (ordered by sort). */
export async function algorithmsOfSceneCamera(db: Db, sceneCameraId: number) {
  const rows = await db
    .select({
      id: sceneCameraAlgorithm.id,
      sceneCameraId: sceneCameraAlgorithm.sceneCameraId,
      algorithmId: sceneCameraAlgorithm.algorithmId,
      algorithmName: algorithm.name,
      algorithmCode: algorithm.code,
      levels: algorithm.levels,
      level: sceneCameraAlgorithm.level,
      enabled: sceneCameraAlgorithm.enabled,
    })
    .from(sceneCameraAlgorithm)
    .innerJoin(algorithm, eq(algorithm.id, sceneCameraAlgorithm.algorithmId))
    .where(eq(sceneCameraAlgorithm.sceneCameraId, sceneCameraId))
    .orderBy(asc(sceneCameraAlgorithm.id));
  const zones = await zonesOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((row) => ({ ...row, zones: zones.get(row.id) ?? [] }));
}

export async function findSceneCameraAlgorithm(db: Db, id: number) {
  const [row] = await db.select().from(sceneCameraAlgorithm).where(eq(sceneCameraAlgorithm.id, id));
  return row;
}

/** Never an instance draft of the wizard (issue 13): it is not an algorithm yet. */
const notDraft = eq(algorithm.draft, false);

export async function catalogueAlgorithms(db: Db, ids?: number[]) {
  return db
    .select({
      id: algorithm.id,
      name: algorithm.name,
      code: algorithm.code,
      levels: algorithm.levels,
      defaultLevel: algorithm.defaultLevel,
    })
    .from(algorithm)
    .where(and(notDraft, ids ? inArray(algorithm.id, ids) : eq(algorithm.enabled, true)))
    .orderBy(asc(algorithm.name), asc(algorithm.id));
}

export async function algorithmIdsOnSceneCamera(db: Db, sceneCameraId: number): Promise<Set<number>> {
  const rows = await db
    .select({ algorithmId: sceneCameraAlgorithm.algorithmId })
    .from(sceneCameraAlgorithm)
    .where(eq(sceneCameraAlgorithm.sceneCameraId, sceneCameraId));
  return new Set(rows.map((r) => r.algorithmId));
}
