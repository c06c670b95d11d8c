import type {
  AlgorithmArea,
  BindCamerasBody,
  BindCamerasResult,
  CreateAlgorithmBody,
  FieldError,
  SaveZonesBody,
  SortZonesBody,
  ZoneInput,
} from '@sentinel/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { camera, detectionZone, sceneCamera, sceneCameraAlgorithm } from '../../db/schema/index.ts';
import { guardWrite } from '../../platform/db-errors.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import {
  algorithmIdsOnSceneCamera,
  algorithmsOfSceneCamera,
  catalogueAlgorithms,
  existingSceneCameraIds,
  findCamera,
  findScene,
  findSceneCamera,
  findSceneCameraAlgorithm,
  findSceneCameraByPair,
  zonesOf,
} from './repo.ts';

/**
 * Rules of cameras in scenes (SPEC §5, §7). Every write runs in one transaction: a refused
 * request changes nothing.
 */

const unique = (ids: number[]) => [...new Set(ids)];

/** Bind one camera; binding it twice answers 409 'Do not add repeatedly'. */
export async function bindCamera(db: Db, sceneId: number, cameraId: number): Promise<{ id: number }> {
  return db.transaction(async (tx) => {
    if (!(await findScene(tx, sceneId))) throw notFound();
    if (!(await findCamera(tx, cameraId))) throw notFound('camera.notFound');
    if (await findSceneCameraByPair(tx, sceneId, cameraId)) throw conflict('common.duplicate');
    const [row] = await guardWrite(
      () => tx.insert(sceneCamera).values({ sceneId, cameraId }).returning({ id: sceneCamera.id }),
      { duplicate: 'common.duplicate' },
    );
    if (!row) throw new Error('scene camera not created');
    return row;
  });
}

/**
 * Bind several cameras: the new ones are bound, the ones already bound are skipped and named in
 * `skipped`. When every camera is already bound the call answers 409 'Do not add repeatedly'.
 */
export async function bindCameras(db: Db, body: BindCamerasBody): Promise<BindCamerasResult> {
  return db.transaction(async (tx) => {
    if (!(await findScene(tx, body.sceneId))) throw notFound();
    const ids = unique(body.cameraIds);
    const found = await tx.select({ id: camera.id }).from(camera).where(inArray(camera.id, ids));
    if (found.length !== ids.length) throw notFound('camera.notFound');
    const bound = await tx
      .select({ cameraId: sceneCamera.cameraId })
      .from(sceneCamera)
      .where(and(eq(sceneCamera.sceneId, body.sceneId), inArray(sceneCamera.cameraId, ids)));
    const boundIds = new Set(bound.map((r) => r.cameraId));
    const added = ids.filter((id) => !boundIds.has(id));
    const skipped = ids.filter((id) => boundIds.has(id));
    if (added.length === 0) throw conflict('common.duplicate');
    await guardWrite(
      () => tx.insert(sceneCamera).values(added.map((cameraId) => ({ sceneId: body.sceneId, cameraId }))),
      { duplicate: 'common.duplicate' },
    );
    return { added, skipped };
  });
}

/** Every id must name a scene camera (404 otherwise, nothing changed). */
async function requireSceneCameras(tx: Db, ids: number[]): Promise<number[]> {
  const wanted = unique(ids);
  const existing = await existingSceneCameraIds(tx, wanted);
  if (existing.length !== wanted.length) throw notFound();
  return wanted;
}

export async function setSceneCamerasEnabled(db: Db, ids: number[], enabled: boolean): Promise<number[]> {
  return db.transaction(async (tx) => {
    const wanted = await requireSceneCameras(tx, ids);
    await tx.update(sceneCamera).set({ enabled }).where(inArray(sceneCamera.id, wanted));
    return wanted;
  });
}

/** Unbind: the binding goes, and with it (cascade) its algorithms and their zones. */
export async function unbindSceneCameras(db: Db, ids: number[]): Promise<number[]> {
  return db.transaction(async (tx) => {
    const wanted = await requireSceneCameras(tx, ids);
    await tx.delete(sceneCamera).where(inArray(sceneCamera.id, wanted));
    return wanted;
  });
}

function zoneRows(sceneCameraAlgorithmId: number, zones: ZoneInput[]) {
  return zones.map((zone, index) => ({
    sceneCameraAlgorithmId,
    name: zone.name?.trim() ?? '',
    points: zone.points,
    sort: index,
  }));
}

/**
 * Add algorithms to a scene camera. Rules: each algorithm at one of its allowed levels
 * (400 'algorithm.oneLevel'), once per camera (409 'algorithm.oncePerCamera'); the request's
 * own duplicates and an empty selection are refused by the schema.
 */
export async function createAlgorithms(db: Db, body: CreateAlgorithmBody): Promise<number[]> {
  return db.transaction(async (tx) => {
    const sc = await findSceneCamera(tx, body.sceneCameraId);
    if (!sc) throw notFound();
    const wanted = body.algorithms.map((a) => a.algorithmId);
    const catalogue = await catalogueAlgorithms(tx, wanted);
    const byId = new Map(catalogue.map((a) => [a.id, a]));
    if (byId.size !== unique(wanted).length) throw notFound();
    const levelErrors: FieldError[] = [];
    body.algorithms.forEach((choice, index) => {
      if (!byId.get(choice.algorithmId)?.levels.includes(choice.level)) {
        levelErrors.push({ field: `algorithms.${index}.level`, message: 'algorithm.oneLevel' });
      }
    });
    if (levelErrors.length > 0) throw badRequest('algorithm.oneLevel', levelErrors);
    const already = await algorithmIdsOnSceneCamera(tx, sc.id);
    if (wanted.some((id) => already.has(id))) throw conflict('algorithm.oncePerCamera');

    const created = await guardWrite(
      () =>
        tx
          .insert(sceneCameraAlgorithm)
          .values(
            body.algorithms.map((choice) => ({
              sceneCameraId: sc.id,
              algorithmId: choice.algorithmId,
              level: choice.level,
            })),
          )
          .returning({ id: sceneCameraAlgorithm.id, algorithmId: sceneCameraAlgorithm.algorithmId }),
      { duplicate: 'algorithm.oncePerCamera' },
    );
    const idOf = new Map(created.map((r) => [r.algorithmId, r.id]));
    const zones = body.algorithms.flatMap((choice) => {
      const owner = idOf.get(choice.algorithmId);
      return owner && choice.zones ? zoneRows(owner, choice.zones) : [];
    });
    if (zones.length > 0) await tx.insert(detectionZone).values(zones);
    return created.map((r) => r.id);
  });
}

export async function deleteAlgorithms(db: Db, ids: number[]): Promise<number[]> {
  return db.transaction(async (tx) => {
    const wanted = unique(ids);
    const existing = await tx
      .select({ id: sceneCameraAlgorithm.id })
      .from(sceneCameraAlgorithm)
      .where(inArray(sceneCameraAlgorithm.id, wanted));
    if (existing.length !== wanted.length) throw notFound();
    await tx.delete(sceneCameraAlgorithm).where(inArray(sceneCameraAlgorithm.id, wanted));
    return wanted;
  });
}

async function zoneIdsOf(tx: Db, sceneCameraAlgorithmId: number): Promise<Set<number>> {
  const rows = await tx
    .select({ id: detectionZone.id })
    .from(detectionZone)
    .where(eq(detectionZone.sceneCameraAlgorithmId, sceneCameraAlgorithmId));
  return new Set(rows.map((r) => r.id));
}

/**
 * Replace the zones of one scene camera algorithm by the given list, in its order: zones sent
 * with their id are kept (and updated), the others deleted, zones without id added.
 */
export async function saveZones(db: Db, body: SaveZonesBody) {
  return db.transaction(async (tx) => {
    const owner = body.sceneCameraAlgorithmId;
    if (!(await findSceneCameraAlgorithm(tx, owner))) throw notFound();
    const existing = await zoneIdsOf(tx, owner);
    const keep = new Set<number>();
    const errors: FieldError[] = [];
    body.zones.forEach((zone, index) => {
      if (zone.id === undefined) return;
      if (!existing.has(zone.id) || keep.has(zone.id)) {
        errors.push({ field: `zones.${index}.id`, message: 'field.invalid' });
      }
      keep.add(zone.id);
    });
    if (errors.length > 0) throw badRequest('field.invalid', errors);
    const gone = [...existing].filter((id) => !keep.has(id));
    if (gone.length > 0) await tx.delete(detectionZone).where(inArray(detectionZone.id, gone));
    for (const [index, zone] of body.zones.entries()) {
      const values = { name: zone.name?.trim() ?? '', points: zone.points, sort: index };
      if (zone.id !== undefined) {
        await tx.update(detectionZone).set(values).where(eq(detectionZone.id, zone.id));
      } else {
        await tx.insert(detectionZone).values({ ...values, sceneCameraAlgorithmId: owner });
      }
    }
    return (await zonesOf(tx, [owner])).get(owner) ?? [];
  });
}

/** New zone order: every zone of the algorithm exactly once (400 'field.invalid' otherwise). */
export async function sortZones(db: Db, body: SortZonesBody) {
  return db.transaction(async (tx) => {
    const owner = body.sceneCameraAlgorithmId;
    if (!(await findSceneCameraAlgorithm(tx, owner))) throw notFound();
    const existing = await zoneIdsOf(tx, owner);
    const given = unique(body.zoneIds);
    const exact =
      given.length === body.zoneIds.length &&
      given.length === existing.size &&
      given.every((id) => existing.has(id));
    if (!exact) throw badRequest('field.invalid', [{ field: 'zoneIds', message: 'field.invalid' }]);
    for (const [index, id] of given.entries()) {
      await tx.update(detectionZone).set({ sort: index }).where(eq(detectionZone.id, id));
    }
    return (await zonesOf(tx, [owner])).get(owner) ?? [];
  });
}

/** The scene camera of (scene, camera), or 404; `temporaryOnly` also needs a temporary job scene. */
export async function requirePair(db: Db, sceneId: number, cameraId: number, temporaryOnly = false) {
  const found = await findScene(db, sceneId);
  if (!found || (temporaryOnly && found.kind !== 'temporary')) throw notFound();
  const sc = await findSceneCameraByPair(db, sceneId, cameraId);
  if (!sc) throw notFound();
  return sc;
}

export async function algorithmAreas(
  db: Db,
  sceneId: number,
  cameraId: number,
  temporaryOnly: boolean,
): Promise<AlgorithmArea[]> {
  const sc = await requirePair(db, sceneId, cameraId, temporaryOnly);
  const list = await algorithmsOfSceneCamera(db, sc.id);
  return list.map((a) => ({
    sceneCameraAlgorithmId: a.id,
    algorithmId: a.algorithmId,
    algorithmName: a.algorithmName,
    level: a.level,
    zones: a.zones,
  }));
}
