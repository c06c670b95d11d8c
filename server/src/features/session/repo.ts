import { asc, eq, inArray, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { account, accountRole, appSetting, menu, role, roleMenu } from '../../db/schema/index.ts';

export function findAccountByName(db: Db, accountName: string) {
  return db
    .select({
      id: account.id,
      accountName: account.accountName,
      passwordHash: account.passwordHash,
      locked: account.locked,
      mustChangePassword: account.mustChangePassword,
    })
    .from(account)
    .where(eq(account.accountName, accountName))
    .then((rows) => rows[0]);
}

export function findAccountById(db: Db, id: number) {
  return db
    .select()
    .from(account)
    .where(eq(account.id, id))
    .then((rows) => rows[0]);
}

export async function touchLastSign(db: Db, id: number, now: Date): Promise<void> {
  await db.update(account).set({ lastSignTime: now }).where(eq(account.id, id));
}

export async function setPasswordHash(db: Db, id: number, passwordHash: string, now: Date): Promise<void> {
  await db
    .update(account)
    .set({ passwordHash, mustChangePassword: false, updatedAt: now })
    .where(eq(account.id, id));
}

const menuColumns = {
  id: menu.id,
  parentId: menu.parentId,
  code: menu.code,
  nameEn: menu.nameEn,
  nameZh: menu.nameZh,
  type: menu.type,
  url: menu.url,
  data: menu.data,
};

export function allMenus(db: Db) {
  return db.select(menuColumns).from(menu).orderBy(asc(menu.sort), asc(menu.id));
}

export function menusOfAccount(db: Db, accountId: number) {
  return db
    .selectDistinct({ ...menuColumns, sort: menu.sort })
    .from(menu)
    .innerJoin(roleMenu, eq(roleMenu.menuId, menu.id))
    .where(
      or(
        inArray(
          roleMenu.roleId,
          db
            .select({ roleId: accountRole.roleId })
            .from(accountRole)
            .where(eq(accountRole.accountId, accountId)),
        ),
        // The global role's menus reach every account (issue 6).
        inArray(roleMenu.roleId, db.select({ roleId: role.id }).from(role).where(eq(role.isGlobal, true))),
      ),
    )
    .orderBy(asc(menu.sort), asc(menu.id));
}

export async function appSettings(db: Db): Promise<Map<string, string>> {
  const rows = await db.select().from(appSetting);
  return new Map(rows.map((row) => [row.key, row.value]));
}
