import { type AnyColumn, and, asc, count, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import {
  account,
  accountRegion,
  accountScene,
  camera,
  plantNode,
  scene,
  sceneCamera,
} from '../db/schema/index.ts';
import type { SessionUser } from './types.ts';

/**
 * Scene authority (ARCHITECTURE "Auth and permissions"): the scenes whose cameras, alarms, events
 * and jobs an account may see. 'all' for admins and accounts whose `all_scenes` flag is on (the
 * default); otherwise the scenes granted one by one (account_scene) together with every scene
 * whose area is a region the account manages (account_region) or lies below one in the plant tree
 * (possibly none). Records without a scene are visible to 'all' accounts only.
 */
export type VisibleScenes = 'all' | number[];

/** SQL: the plant node ids of the regions `accountId` manages and every node below them. */
export function regionNodesSql(accountId: number) {
  return sql`(with recursive region_sub(id) as (
    select ${accountRegion.plantNodeId} from ${accountRegion} where ${accountRegion.accountId} = ${accountId}
    union
    select n.id from ${plantNode} n join region_sub r on n.parent_id = r.id
  ) select id from region_sub)`;
}

/** The scene ids an account without `all_scenes` sees: granted scenes ∪ scenes of its regions. */
export async function grantedSceneIds(db: Db, accountId: number): Promise<number[]> {
  const rows = await db
    .select({ id: scene.id })
    .from(scene)
    .where(
      or(
        inArray(
          scene.id,
          db
            .select({ id: accountScene.sceneId })
            .from(accountScene)
            .where(eq(accountScene.accountId, accountId)),
        ),
        sql`${scene.areaId} in ${regionNodesSql(accountId)}`,
      ),
    )
    .orderBy(asc(scene.id));
  return rows.map((r) => r.id);
}

export async function visibleScenes(
  db: Db,
  user: Pick<SessionUser, 'accountId' | 'isAdmin'> & { allScenes?: boolean },
): Promise<VisibleScenes> {
  if (user.isAdmin) return 'all';
  let allScenes = user.allScenes;
  if (allScenes === undefined) {
    const [row] = await db
      .select({ allScenes: account.allScenes })
      .from(account)
      .where(eq(account.id, user.accountId));
    allScenes = row ? row.allScenes : false;
  }
  if (allScenes) return 'all';
  return grantedSceneIds(db, user.accountId);
}

/** Whether a record of `sceneId` is visible under `scenes`. */
export function canSeeScene(scenes: VisibleScenes, sceneId: number | null | undefined): boolean {
  if (scenes === 'all') return true;
  return sceneId !== null && sceneId !== undefined && scenes.includes(sceneId);
}

/**
 * What an account may see, resolved once per request: its visible scenes and, for a limited
 * account, its id (its regions decide which cameras and areas are its own).
 */
export interface SceneAuthority {
  accountId: number;
  scenes: VisibleScenes;
}

export async function sceneAuthority(
  db: Db,
  user: Pick<SessionUser, 'accountId' | 'isAdmin'> & { allScenes?: boolean },
): Promise<SceneAuthority> {
  return { accountId: user.accountId, scenes: await visibleScenes(db, user) };
}

/** SQL: `sceneId` (a scene id column) names a visible scene; undefined (no condition) for 'all'. */
export function sceneIdCondition(scenes: VisibleScenes, sceneId: AnyColumn): SQL | undefined {
  return scenes === 'all' ? undefined : inArray(sceneId, scenes);
}

/**
 * SQL on the `camera` table: the camera is visible — bound to a visible scene, or in a region the
 * account manages (or below one). Undefined (no condition) for 'all' accounts.
 */
export function cameraCondition(auth: SceneAuthority): SQL | undefined {
  if (auth.scenes === 'all') return undefined;
  const bound =
    auth.scenes.length === 0
      ? sql`false`
      : sql`exists (select 1 from ${sceneCamera} where ${sceneCamera.cameraId} = ${camera.id} and ${inArray(sceneCamera.sceneId, auth.scenes)})`;
  return or(bound, sql`${camera.areaId} in ${regionNodesSql(auth.accountId)}`);
}

/** Whether every camera of `ids` exists and is visible (one query). */
export async function canSeeCameras(db: Db, auth: SceneAuthority, ids: number[]): Promise<boolean> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return true;
  const [row] = await db
    .select({ n: count() })
    .from(camera)
    .where(and(inArray(camera.id, wanted), cameraCondition(auth)));
  return Number(row?.n ?? 0) === wanted.length;
}

/**
 * Whether the account may place a scene or camera in `areaId`: always for 'all' accounts, else
 * only when the area is a region it manages or lies below one.
 */
export async function managesArea(db: Db, auth: SceneAuthority, areaId: number | null | undefined) {
  if (auth.scenes === 'all') return true;
  if (areaId === null || areaId === undefined) return false;
  const [row] = await db
    .select({ id: plantNode.id })
    .from(plantNode)
    .where(and(eq(plantNode.id, areaId), sql`${plantNode.id} in ${regionNodesSql(auth.accountId)}`));
  return row !== undefined;
}
