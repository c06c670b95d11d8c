import type { AccountItem, AccountRoleRef, AuthorityScene } from '@sentinel/contract';
import { ADMIN_ROLE } from '@sentinel/contract';
import { and, asc, count, desc, eq, exists, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  account,
  accountRegion,
  accountRole,
  accountScene,
  plantNode,
  role,
  scene,
} from '../../db/schema/index.ts';
import { regionNodesSql } from '../../platform/scene-authority.ts';
import { inPlantSubtree, keywordMatch, pageOffset } from '../../platform/sql.ts';

/** Db or a transaction of it. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;

const accountColumns = {
  id: account.id,
  accountName: account.accountName,
  displayName: account.displayName,
  phone: account.phone,
  email: account.email,
  locked: account.locked,
  lastSignTime: account.lastSignTime,
  allScenes: account.allScenes,
  mustChangePassword: account.mustChangePassword,
  createdAt: account.createdAt,
};
interface AccountRow {
  id: number;
  accountName: string;
  displayName: string;
  phone: string;
  email: string;
  locked: boolean;
  lastSignTime: Date | null;
  allScenes: boolean;
  mustChangePassword: boolean;
  createdAt: Date;
}

/** Roles, scene counts and regions of the given accounts, in three queries. */
async function decorate(db: Tx, rows: AccountRow[]): Promise<AccountItem[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [roles, scenes, regions] = await Promise.all([
    db
      .select({
        accountId: accountRole.accountId,
        id: role.id,
        name: role.name,
        displayName: role.displayName,
      })
      .from(accountRole)
      .innerJoin(role, eq(role.id, accountRole.roleId))
      .where(inArray(accountRole.accountId, ids))
      .orderBy(asc(role.id)),
    db
      .select({ accountId: accountScene.accountId, n: count() })
      .from(accountScene)
      .where(inArray(accountScene.accountId, ids))
      .groupBy(accountScene.accountId),
    db
      .select({ accountId: accountRegion.accountId, id: accountRegion.plantNodeId })
      .from(accountRegion)
      .where(inArray(accountRegion.accountId, ids))
      .orderBy(asc(accountRegion.plantNodeId)),
  ]);
  return rows.map((r) => ({
    ...r,
    lastSignTime: r.lastSignTime ? r.lastSignTime.toISOString() : null,
    createdAt: r.createdAt.toISOString(),
    roles: roles
      .filter((x) => x.accountId === r.id)
      .map(({ id, name, displayName }) => ({ id, name, displayName })),
    sceneCount: Number(scenes.find((x) => x.accountId === r.id)?.n ?? 0),
    regionIds: regions.filter((x) => x.accountId === r.id).map((x) => x.id),
  }));
}

export interface ListFilter {
  keyword: string;
  roleId?: number;
  locked?: boolean;
}

export async function listAccounts(
  db: Db,
  filter: ListFilter,
  paging: { page: number; limit: number },
): Promise<{ list: AccountItem[]; count: number }> {
  const where: SQL[] = [];
  const match = keywordMatch(filter.keyword, [
    account.accountName,
    account.displayName,
    account.phone,
    account.email,
  ]);
  if (match) where.push(match);
  if (filter.roleId !== undefined) {
    where.push(
      exists(
        db
          .select({ one: sql`1` })
          .from(accountRole)
          .where(and(eq(accountRole.accountId, account.id), eq(accountRole.roleId, filter.roleId))),
      ),
    );
  }
  if (filter.locked !== undefined) where.push(eq(account.locked, filter.locked));
  const condition = where.length > 0 ? and(...where) : undefined;
  const [rows, total] = await Promise.all([
    db
      .select(accountColumns)
      .from(account)
      .where(condition)
      .orderBy(desc(account.createdAt), desc(account.id))
      .limit(paging.limit)
      .offset(pageOffset(paging.page, paging.limit)),
    db.select({ n: count() }).from(account).where(condition),
  ]);
  return { list: await decorate(db, rows), count: Number(total[0]?.n ?? 0) };
}

export async function findAccountItem(db: Tx, id: number): Promise<AccountItem | undefined> {
  const rows = await db.select(accountColumns).from(account).where(eq(account.id, id));
  const [item] = await decorate(db, rows);
  return item;
}

/** Id and last sign-in time of an account. */
export async function lastSignTimeOf(db: Db, id: number) {
  const [row] = await db
    .select({ id: account.id, lastSignTime: account.lastSignTime })
    .from(account)
    .where(eq(account.id, id));
  return row;
}

/** Id, account name and display name of an account. */
export async function findAccountSimple(db: Db, id: number) {
  const [row] = await db
    .select({ id: account.id, accountName: account.accountName, displayName: account.displayName })
    .from(account)
    .where(eq(account.id, id));
  return row;
}

export async function rolesOf(db: Tx, accountId: number): Promise<AccountRoleRef[]> {
  return db
    .select({ id: role.id, name: role.name, displayName: role.displayName })
    .from(accountRole)
    .innerJoin(role, eq(role.id, accountRole.roleId))
    .where(eq(accountRole.accountId, accountId))
    .orderBy(asc(role.id));
}

export async function rolesByIds(db: Tx, ids: number[]): Promise<AccountRoleRef[]> {
  if (ids.length === 0) return [];
  return db
    .select({ id: role.id, name: role.name, displayName: role.displayName })
    .from(role)
    .where(inArray(role.id, ids));
}

export async function replaceRoles(db: Tx, accountId: number, roleIds: number[]): Promise<void> {
  await db.delete(accountRole).where(eq(accountRole.accountId, accountId));
  if (roleIds.length > 0)
    await db.insert(accountRole).values(roleIds.map((roleId) => ({ accountId, roleId })));
}

/**
 * Serialises changes that can take admin rights away (row lock on the admin role), then answers
 * how many unlocked accounts hold the admin role.
 */
export async function lockAdminsAndCount(db: Tx): Promise<number> {
  await db.select({ id: role.id }).from(role).where(eq(role.name, ADMIN_ROLE)).for('update');
  const [row] = await db
    .select({ n: count() })
    .from(accountRole)
    .innerJoin(role, eq(role.id, accountRole.roleId))
    .innerJoin(account, eq(account.id, accountRole.accountId))
    .where(and(eq(role.name, ADMIN_ROLE), eq(account.locked, false)));
  return Number(row?.n ?? 0);
}

export async function sceneIdsOf(db: Tx, accountId: number): Promise<number[]> {
  const rows = await db
    .select({ id: accountScene.sceneId })
    .from(accountScene)
    .where(eq(accountScene.accountId, accountId))
    .orderBy(asc(accountScene.sceneId));
  return rows.map((r) => r.id);
}

export async function regionIdsOf(db: Tx, accountId: number): Promise<number[]> {
  const rows = await db
    .select({ id: accountRegion.plantNodeId })
    .from(accountRegion)
    .where(eq(accountRegion.accountId, accountId))
    .orderBy(asc(accountRegion.plantNodeId));
  return rows.map((r) => r.id);
}

/** Which of `ids` do not exist in the table (by its id column). */
async function missing(db: Tx, ids: number[], table: 'scene' | 'plantNode' | 'account'): Promise<number[]> {
  if (ids.length === 0) return [];
  const unique = [...new Set(ids)];
  const col = table === 'scene' ? scene.id : table === 'plantNode' ? plantNode.id : account.id;
  const src = table === 'scene' ? scene : table === 'plantNode' ? plantNode : account;
  const rows = await db.select({ id: col }).from(src).where(inArray(col, unique));
  const found = new Set(rows.map((r) => r.id));
  return unique.filter((id) => !found.has(id));
}
export const missingScenes = (db: Tx, ids: number[]) => missing(db, ids, 'scene');
export const missingNodes = (db: Tx, ids: number[]) => missing(db, ids, 'plantNode');
export const missingAccounts = (db: Tx, ids: number[]) => missing(db, ids, 'account');

export async function replaceScenes(db: Tx, accountId: number, allScenes: boolean, sceneIds: number[]) {
  await db.update(account).set({ allScenes }).where(eq(account.id, accountId));
  await db.delete(accountScene).where(eq(accountScene.accountId, accountId));
  const unique = [...new Set(sceneIds)];
  if (unique.length > 0)
    await db.insert(accountScene).values(unique.map((sceneId) => ({ accountId, sceneId })));
}

export async function replaceRegions(db: Tx, accountId: number, regionIds: number[]) {
  await db.delete(accountRegion).where(eq(accountRegion.accountId, accountId));
  const unique = [...new Set(regionIds)];
  if (unique.length > 0)
    await db.insert(accountRegion).values(unique.map((plantNodeId) => ({ accountId, plantNodeId })));
}

/** Scenes under a plant node (0: all), with the account's direct grant and region visibility. */
export async function authorityScenes(db: Db, accountId: number, nodeId: number): Promise<AuthorityScene[]> {
  const granted = sql<boolean>`exists (select 1 from ${accountScene} where ${accountScene.accountId} = ${accountId} and ${accountScene.sceneId} = ${scene.id})`;
  const viaRegion = sql<boolean>`(${scene.areaId} in ${regionNodesSql(accountId)})`;
  const rows = await db
    .select({
      id: scene.id,
      name: scene.name,
      kind: scene.kind,
      areaId: scene.areaId,
      areaName: plantNode.name,
      enabled: scene.enabled,
      granted,
      viaRegion,
    })
    .from(scene)
    .innerJoin(plantNode, eq(plantNode.id, scene.areaId))
    .where(nodeId === 0 ? undefined : inPlantSubtree(scene.areaId, nodeId))
    .orderBy(asc(scene.name), asc(scene.id));
  return rows.map((r) => ({ ...r, granted: Boolean(r.granted), viaRegion: Boolean(r.viaRegion) }));
}
