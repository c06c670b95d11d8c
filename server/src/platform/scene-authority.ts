import { asc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { account, accountRegion, accountScene, plantNode, scene } from '../db/schema/index.ts';
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
