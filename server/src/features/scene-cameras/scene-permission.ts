import { eq, inArray } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import { scene, sceneCamera, sceneCameraAlgorithm } from '../../db/schema/index.ts';
import { requireUser } from '../../platform/auth.ts';
import { forbidden, notFound } from '../../platform/errors.ts';
import { canSeeScene, type VisibleScenes } from '../../platform/scene-authority.ts';
import { hasPermission } from '../../platform/sessions.ts';
import type { Access } from '../../platform/types.ts';

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
 * The access of a write: either of the two codes (the platform's check answers 403 before the body
 * is read). The handler then calls `assertSceneWrite` with the scenes touched.
 */
export function sceneWriteAccess(permission: ScenePermission): Access {
  return { anyOf: [permission.any, permission.temporary] };
}

/** Where the touched scenes are found: scenes, scene cameras or scene camera algorithms. */
export type SceneTargets =
  | { sceneIds: number[] }
  | { sceneCameraIds: number[] }
  | { sceneCameraAlgorithmIds: number[] };

/** The (existing) scenes a write touches, with their kinds; unknown ids are left to the service's 404. */
async function scenesOf(db: Db, targets: SceneTargets): Promise<Array<{ id: number; kind: string }>> {
  const columns = { id: scene.id, kind: scene.kind };
  if ('sceneIds' in targets) {
    if (targets.sceneIds.length === 0) return [];
    return db.select(columns).from(scene).where(inArray(scene.id, targets.sceneIds));
  }
  if ('sceneCameraIds' in targets) {
    if (targets.sceneCameraIds.length === 0) return [];
    return db
      .select(columns)
      .from(sceneCamera)
      .innerJoin(scene, eq(scene.id, sceneCamera.sceneId))
      .where(inArray(sceneCamera.id, targets.sceneCameraIds));
  }
  if (targets.sceneCameraAlgorithmIds.length === 0) return [];
  return db
    .select(columns)
    .from(sceneCameraAlgorithm)
    .innerJoin(sceneCamera, eq(sceneCamera.id, sceneCameraAlgorithm.sceneCameraId))
    .innerJoin(scene, eq(scene.id, sceneCamera.sceneId))
    .where(inArray(sceneCameraAlgorithm.id, targets.sceneCameraAlgorithmIds));
}

/** The kinds of the (existing) scenes a write touches; unknown ids are left to the service's 404. */
export async function sceneKindsOf(db: Db, targets: SceneTargets): Promise<string[]> {
  return (await scenesOf(db, targets)).map((r) => r.kind);
}

/**
 * Scene authority: 404, as for unknown rows, when a touched scene is outside the caller's visible
 * scenes. Checked before the page permission so that a refusal does not reveal the scene's kind.
 */
export async function assertTargetsVisible(db: Db, scenes: VisibleScenes, targets: SceneTargets) {
  if (scenes === 'all') return;
  const touched = await scenesOf(db, targets);
  if (touched.some((s) => !canSeeScene(scenes, s.id))) throw notFound();
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
