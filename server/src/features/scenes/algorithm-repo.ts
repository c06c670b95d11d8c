import type { AlgorithmStateHoi, SceneAlgorithmItem } from '@sentinel/contract';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { algorithm, camera, scene, sceneCamera, sceneCameraAlgorithm } from '../../db/schema/index.ts';

/** Read-only use of the scene-cameras tables: what runs on the cameras of a scene. */
async function algorithmsOf(db: Db, sceneCameraIds: number[]) {
  if (sceneCameraIds.length === 0) return [];
  return db
    .select({
      sceneCameraId: sceneCameraAlgorithm.sceneCameraId,
      id: sceneCameraAlgorithm.id,
      algorithmId: algorithm.id,
      code: algorithm.code,
      name: algorithm.name,
      level: sceneCameraAlgorithm.level,
      enabled: sceneCameraAlgorithm.enabled,
      catalogueEnabled: algorithm.enabled,
    })
    .from(sceneCameraAlgorithm)
    .innerJoin(algorithm, eq(algorithm.id, sceneCameraAlgorithm.algorithmId))
    .where(inArray(sceneCameraAlgorithm.sceneCameraId, sceneCameraIds))
    .orderBy(asc(algorithm.name), asc(sceneCameraAlgorithm.id));
}

/** Algorithms configured for one camera in one scene; undefined when the camera is not in the scene. */
export async function cameraAlgorithms(
  db: Db,
  sceneId: number,
  cameraId: number,
): Promise<SceneAlgorithmItem[] | undefined> {
  const [binding] = await db
    .select({ id: sceneCamera.id })
    .from(sceneCamera)
    .where(and(eq(sceneCamera.sceneId, sceneId), eq(sceneCamera.cameraId, cameraId)));
  if (!binding) return undefined;
  const rows = await algorithmsOf(db, [binding.id]);
  return rows.map(({ sceneCameraId: _s, catalogueEnabled: _c, ...item }) => item);
}

/**
 * Per camera of the scene, each algorithm and whether it runs: the scene, the camera in the scene,
 * the algorithm on the camera and the algorithm in the catalogue must all be enabled.
 */
export async function sceneAlgorithmStates(db: Db, sceneId: number): Promise<AlgorithmStateHoi | undefined> {
  const [row] = await db.select({ enabled: scene.enabled }).from(scene).where(eq(scene.id, sceneId));
  if (!row) return undefined;
  const cameras = await db
    .select({
      sceneCameraId: sceneCamera.id,
      cameraId: camera.id,
      cameraName: camera.name,
      enabled: sceneCamera.enabled,
      online: camera.online,
    })
    .from(sceneCamera)
    .innerJoin(camera, eq(camera.id, sceneCamera.cameraId))
    .where(eq(sceneCamera.sceneId, sceneId))
    .orderBy(asc(sceneCamera.sort), asc(sceneCamera.id));
  const algorithms = await algorithmsOf(
    db,
    cameras.map((c) => c.sceneCameraId),
  );
  return {
    sceneId,
    sceneEnabled: row.enabled,
    cameras: cameras.map((cam) => ({
      ...cam,
      algorithms: algorithms
        .filter((a) => a.sceneCameraId === cam.sceneCameraId)
        .map(({ sceneCameraId: _s, catalogueEnabled, ...item }) => ({
          ...item,
          running: row.enabled && cam.enabled && item.enabled && catalogueEnabled,
        })),
    })),
  };
}
