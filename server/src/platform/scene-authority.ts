import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { account, accountScene } from '../db/schema/index.ts';
import type { SessionUser } from './types.ts';

/**
 * Scene authority (ARCHITECTURE "Auth and permissions"): the scenes whose cameras, alarms, events
 * and jobs an account may see. 'all' for admins and accounts whose `all_scenes` flag is on (the
 * default); otherwise the granted scene ids (possibly none). Records without a scene are visible
 * to 'all' accounts only.
 */
export type VisibleScenes = 'all' | number[];

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
  const grants = await db
    .select({ sceneId: accountScene.sceneId })
    .from(accountScene)
    .where(eq(accountScene.accountId, user.accountId));
  return grants.map((g) => g.sceneId);
}

/** Whether a record of `sceneId` is visible under `scenes`. */
export function canSeeScene(scenes: VisibleScenes, sceneId: number | null | undefined): boolean {
  if (scenes === 'all') return true;
  return sceneId !== null && sceneId !== undefined && scenes.includes(sceneId);
}
