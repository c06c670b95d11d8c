import type { VideoWallCamera } from '@sentinel/contract';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { camera, plantNode, scene, sceneCamera } from '../../db/schema/index.ts';
import { cameraCondition, type SceneAuthority } from '../../platform/scene-authority.ts';

interface PlantRow {
  id: number;
  parentId: number | null;
  kind: string;
  name: string;
}

/** The factory and plant names above an area (walking up the plant tree). */
function ancestry(nodes: Map<number, PlantRow>, areaId: number | null) {
  let factoryName = '';
  let plantName = '';
  const seen = new Set<number>();
  let current = areaId === null ? undefined : nodes.get(areaId);
  while (current && !seen.has(current.id)) {
    seen.add(current.id);
    if (current.kind === 'factory' && !factoryName) factoryName = current.name;
    if (current.kind === 'plant' && !plantName) plantName = current.name;
    current = current.parentId === null ? undefined : nodes.get(current.parentId);
  }
  return { factoryName, plantName };
}

/**
 * Enabled cameras and scenes the caller may watch on the video wall: the visible scenes, and the
 * cameras bound to them or in a region the account manages (the camera list's rule).
 */
export async function wallCameras(db: Db, auth: SceneAuthority) {
  const scenes = auth.scenes;
  const sceneFilter =
    scenes === 'all' ? eq(scene.enabled, true) : and(eq(scene.enabled, true), inArray(scene.id, scenes));
  const visible =
    scenes !== 'all' && scenes.length === 0
      ? []
      : await db
          .select({ id: scene.id, name: scene.name })
          .from(scene)
          .where(sceneFilter)
          .orderBy(asc(scene.name), asc(scene.id));
  const sceneIds = visible.map((s) => s.id);
  const bindings =
    sceneIds.length === 0
      ? []
      : await db
          .select({ sceneId: sceneCamera.sceneId, cameraId: sceneCamera.cameraId })
          .from(sceneCamera)
          .where(inArray(sceneCamera.sceneId, sceneIds));
  const scenesOf = new Map<number, number[]>();
  for (const b of bindings) scenesOf.set(b.cameraId, [...(scenesOf.get(b.cameraId) ?? []), b.sceneId]);

  const cameraFilter = and(eq(camera.enabled, true), cameraCondition(auth));
  const rows = await db
    .select({
      id: camera.id,
      name: camera.name,
      code: camera.code,
      online: camera.online,
      areaId: camera.areaId,
    })
    .from(camera)
    .where(cameraFilter)
    .orderBy(asc(camera.id));
  const nodes = new Map<number, PlantRow>();
  for (const n of await db
    .select({ id: plantNode.id, parentId: plantNode.parentId, kind: plantNode.kind, name: plantNode.name })
    .from(plantNode)) {
    nodes.set(n.id, n);
  }
  const cameras: VideoWallCamera[] = rows.map((row) => ({
    ...row,
    areaName: row.areaId === null ? '' : (nodes.get(row.areaId)?.name ?? ''),
    ...ancestry(nodes, row.areaId),
    sceneIds: scenesOf.get(row.id) ?? [],
  }));
  return { scenes: visible, cameras };
}
