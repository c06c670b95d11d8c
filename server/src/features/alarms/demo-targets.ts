import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { algorithm, camera, scene, sceneCamera, sceneCameraAlgorithm } from '../../db/schema/index.ts';

/**
 * Where the demo's alarms happen: every algorithm configured on a scene camera, with its camera,
 * scene and level (scene-cameras), in configuration order. `runningOnly`: only where the binding,
 * the configuration and the algorithm are all enabled (the live simulator; the seeded history
 * takes them all).
 */
export function demoAlarmTargets(
  db: Db,
  { runningOnly = false, limit }: { runningOnly?: boolean; limit?: number } = {},
) {
  const query = db
    .select({
      cameraId: camera.id,
      cameraCode: camera.code,
      cameraName: camera.name,
      snapshotPath: camera.snapshotPath,
      cameraAreaId: camera.areaId,
      sceneId: scene.id,
      sceneName: scene.name,
      sceneAreaId: scene.areaId,
      algorithmId: algorithm.id,
      algorithmCode: algorithm.code,
      algorithmName: algorithm.name,
      levels: algorithm.levels,
      level: sceneCameraAlgorithm.level,
    })
    .from(sceneCameraAlgorithm)
    .innerJoin(sceneCamera, eq(sceneCamera.id, sceneCameraAlgorithm.sceneCameraId))
    .innerJoin(scene, eq(scene.id, sceneCamera.sceneId))
    .innerJoin(camera, eq(camera.id, sceneCamera.cameraId))
    .innerJoin(algorithm, eq(algorithm.id, sceneCameraAlgorithm.algorithmId))
    .where(
      runningOnly
        ? and(
            eq(sceneCamera.enabled, true),
            eq(sceneCameraAlgorithm.enabled, true),
            eq(algorithm.enabled, true),
          )
        : undefined,
    )
    .orderBy(asc(sceneCameraAlgorithm.id))
    .$dynamic();
  return limit === undefined ? query : query.limit(limit);
}
