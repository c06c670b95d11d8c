import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { camera, cameraRotationGroup, cameraRotationMember } from '../../db/schema/index.ts';
import { cameraCondition, type SceneAuthority } from '../../platform/scene-authority.ts';
import { tableRepo } from '../../platform/table-repo.ts';

/** The SQL of the camera rotation groups: a group (name, interval) and its cameras in order. */
export const rotationGroupRepo = tableRepo({
  table: cameraRotationGroup,
  search: [cameraRotationGroup.name],
  orderBy: [desc(cameraRotationGroup.createdAt), desc(cameraRotationGroup.id)],
});

export interface RotationMember {
  id: number;
  name: string;
  code: string;
  online: boolean;
}

/** Members of the groups, in order: only the cameras the caller's scene authority shows. */
export async function membersOf(
  db: Db,
  groupIds: number[],
  auth: SceneAuthority,
): Promise<Map<number, RotationMember[]>> {
  if (groupIds.length === 0) return new Map();
  const rows = await db
    .select({
      groupId: cameraRotationMember.groupId,
      id: camera.id,
      name: camera.name,
      code: camera.code,
      online: camera.online,
    })
    .from(cameraRotationMember)
    .innerJoin(camera, eq(camera.id, cameraRotationMember.cameraId))
    .where(and(inArray(cameraRotationMember.groupId, groupIds), cameraCondition(auth)))
    .orderBy(asc(cameraRotationMember.sort), asc(cameraRotationMember.id));
  const byGroup = new Map<number, RotationMember[]>();
  for (const { groupId, ...member } of rows) {
    const list = byGroup.get(groupId) ?? [];
    list.push(member);
    byGroup.set(groupId, list);
  }
  return byGroup;
}

/** Cameras the caller may not name count as unknown (scene authority). */
export async function unknownCameras(db: Db, ids: number[], auth: SceneAuthority): Promise<string[]> {
  if (ids.length === 0) return [];
  const found = await db
    .select({ id: camera.id })
    .from(camera)
    .where(and(inArray(camera.id, ids), cameraCondition(auth)));
  return found.length === new Set(ids).size ? [] : ['cameraIds'];
}

export interface RotationGroupValues {
  name: string;
  intervalSeconds: number;
  cameraIds: number[];
}

/** Adds a group with its cameras in the given order (one transaction); answers its id. */
export function createRotationGroup(db: Db, group: RotationGroupValues): Promise<number> {
  const { name, intervalSeconds, cameraIds } = group;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(cameraRotationGroup)
      .values({ name, intervalSeconds })
      .returning({ id: cameraRotationGroup.id });
    if (!row) throw new Error('rotation group not inserted');
    if (cameraIds.length > 0) {
      await tx
        .insert(cameraRotationMember)
        .values(cameraIds.map((cameraId, sort) => ({ groupId: row.id, cameraId, sort })));
    }
    return row.id;
  });
}

/** Changes a group and replaces its cameras (one transaction); false when the group is unknown. */
export function replaceRotationGroup(db: Db, id: number, group: RotationGroupValues): Promise<boolean> {
  const { name, intervalSeconds, cameraIds } = group;
  return db.transaction(async (tx) => {
    const updated = await tx
      .update(cameraRotationGroup)
      .set({ name, intervalSeconds })
      .where(eq(cameraRotationGroup.id, id))
      .returning({ id: cameraRotationGroup.id });
    if (updated.length === 0) return false;
    await tx.delete(cameraRotationMember).where(eq(cameraRotationMember.groupId, id));
    if (cameraIds.length > 0) {
      await tx
        .insert(cameraRotationMember)
        .values(cameraIds.map((cameraId, sort) => ({ groupId: id, cameraId, sort })));
    }
    return true;
  });
}
