import { eq, inArray } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import { scene, sceneCamera, sceneCameraAlgorithm } from '../../db/schema/index.ts';
import { requireUser } from '../../platform/auth.ts';
import { forbidden } from '../../platform/errors.ts';
import { hasPermission } from '../../platform/sessions.ts';

/**
 * Who may write cameras in scenes. Each kind of write has a managing page for every scene
 * (`any`) and one limited to temporary job scenes (`temporary`), e.g. binding: cameraManagement
 * or temporaryOperationScene; algorithms and zones: controlAlgorithm or temporaryAlgorithm.
 * A caller holding only the temporary page's code may write only rows of temporary scenes.
 */
export interface ScenePermission {
  any: string;
  temporary: string;
}

export const BIND_PERMISSION: ScenePermission = {
  any: 'cameraManagement',
  temporary: 'temporaryOperationScene',
};
export const CONTROL_PERMISSION: ScenePermission = {
  any: 'controlAlgorithm',
  temporary: 'temporaryAlgorithm',
};

/**
 * Route options for a write: the route is 'user' for the access table, and a route-level
 * onRequest hook (after authentication, before the body is read) answers 403 unless the caller
 * holds one of the two codes. The handler then calls `assertSceneWrite` with the scenes touched.
 */
export function sceneWriteAccess(permission: ScenePermission) {
  return {
    config: { access: 'user' as const },
    onRequest: async (request: FastifyRequest) => {
      const user = requireUser(request);
      if (!hasPermission(user, permission.any) && !hasPermission(user, permission.temporary)) {
        throw forbidden();
      }
    },
  };
}

/** Where the touched scenes are found: scenes, scene cameras or scene camera algorithms. */
export type SceneTargets =
  | { sceneIds: number[] }
  | { sceneCameraIds: number[] }
  | { sceneCameraAlgorithmIds: number[] };

/** The kinds of the (existing) scenes a write touches; unknown ids are left to the service's 404. */
export async function sceneKindsOf(db: Db, targets: SceneTargets): Promise<string[]> {
  if ('sceneIds' in targets) {
    if (targets.sceneIds.length === 0) return [];
    const rows = await db.select({ kind: scene.kind }).from(scene).where(inArray(scene.id, targets.sceneIds));
    return rows.map((r) => r.kind);
  }
  if ('sceneCameraIds' in targets) {
    if (targets.sceneCameraIds.length === 0) return [];
    const rows = await db
      .select({ kind: scene.kind })
      .from(sceneCamera)
      .innerJoin(scene, eq(scene.id, sceneCamera.sceneId))
      .where(inArray(sceneCamera.id, targets.sceneCameraIds));
    return rows.map((r) => r.kind);
  }
  if (targets.sceneCameraAlgorithmIds.length === 0) return [];
  const rows = await db
    .select({ kind: scene.kind })
    .from(sceneCameraAlgorithm)
    .innerJoin(sceneCamera, eq(sceneCamera.id, sceneCameraAlgorithm.sceneCameraId))
    .innerJoin(scene, eq(scene.id, sceneCamera.sceneId))
    .where(inArray(sceneCameraAlgorithm.id, targets.sceneCameraAlgorithmIds));
  return rows.map((r) => r.kind);
}

/**
 * 403 unless the caller may write every touched scene: the `any` code allows all of them, the
 * `temporary` code only temporary job scenes. Checked before the write, so a refusal changes nothing.
 */
export async function assertSceneWrite(
  db: Db,
  request: FastifyRequest,
  permission: ScenePermission,
  targets: SceneTargets,
): Promise<void> {
  const user = requireUser(request);
  if (hasPermission(user, permission.any)) return;
  if (!hasPermission(user, permission.temporary)) throw forbidden();
  const kinds = await sceneKindsOf(db, targets);
  if (kinds.some((kind) => kind !== 'temporary')) throw forbidden();
}
