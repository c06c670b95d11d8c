import type { RoleItem, RoleOption } from '@sentinel/contract';
import { BUILT_IN_ROLE } from '@sentinel/contract';
import { and, asc, count, desc, eq, gte, inArray, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { accountRole, auditLog, menu, role, roleButton, roleMenu } from '../../db/schema/index.ts';
import { keywordMatch, pageOffset } from '../../platform/sql.ts';

const holders = sql<number>`(select count(*)::int from ${accountRole} where ${accountRole.roleId} = ${role.id})`;

const itemColumns = {
  id: role.id,
  name: role.name,
  displayName: role.displayName,
  description: role.description,
  isGlobal: role.isGlobal,
  accountCount: holders,
  createdAt: role.createdAt,
  updatedAt: role.updatedAt,
};

type ItemRow = {
  id: number;
  name: string;
  displayName: string;
  description: string;
  isGlobal: boolean;
  accountCount: number;
  createdAt: Date;
  updatedAt: Date;
};

export const toRoleItem = (row: ItemRow): RoleItem => ({
  id: row.id,
  name: row.name,
  displayName: row.displayName,
  description: row.description,
  isGlobal: row.isGlobal,
  builtIn: row.name === BUILT_IN_ROLE,
  accountCount: Number(row.accountCount),
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

export async function findRole(db: Db, id: number): Promise<RoleItem | undefined> {
  const [row] = await db.select(itemColumns).from(role).where(eq(role.id, id));
  return row ? toRoleItem(row) : undefined;
}

export async function listRoles(
  db: Db,
  query: { page: number; limit: number; keyword?: string },
): Promise<{ list: RoleItem[]; count: number }> {
  const where = keywordMatch(query.keyword, [role.name, role.displayName]);
  const [rows, [total]] = await Promise.all([
    db
      .select(itemColumns)
      .from(role)
      .where(where)
      .orderBy(asc(role.id))
      .limit(query.limit)
      .offset(pageOffset(query.page, query.limit)),
    db.select({ n: count() }).from(role).where(where),
  ]);
  return { list: rows.map(toRoleItem), count: Number(total?.n ?? 0) };
}

export async function insertRole(
  db: Db,
  values: { name: string; displayName: string; description: string },
  now: Date,
): Promise<number> {
  const [row] = await db
    .insert(role)
    .values({ ...values, createdAt: now, updatedAt: now })
    .returning({ id: role.id });
  if (!row) throw new Error('role not created');
  return row.id;
}

export async function updateRole(
  db: Db,
  id: number,
  values: { name: string; displayName: string; description: string },
  now: Date,
): Promise<void> {
  await db
    .update(role)
    .set({ ...values, updatedAt: now })
    .where(eq(role.id, id));
}

/** Deletes the role unless an account holds it (checked in the same statement). */
export async function deleteUnheldRole(db: Db, id: number): Promise<boolean> {
  const rows = await db
    .delete(role)
    .where(
      and(
        eq(role.id, id),
        sql`not exists (select 1 from ${accountRole} where ${accountRole.roleId} = ${role.id})`,
      ),
    )
    .returning({ id: role.id });
  return rows.length > 0;
}

/** The role's granted menu codes (tree order) and button codes (sorted). */
export async function grantsOf(db: Db, roleId: number): Promise<{ menuCodes: string[]; buttons: string[] }> {
  const [menus, buttons] = await Promise.all([
    db
      .select({ code: menu.code })
      .from(roleMenu)
      .innerJoin(menu, eq(menu.id, roleMenu.menuId))
      .where(eq(roleMenu.roleId, roleId))
      .orderBy(asc(menu.sort), asc(menu.id)),
    db
      .select({ code: roleButton.code })
      .from(roleButton)
      .where(eq(roleButton.roleId, roleId))
      .orderBy(asc(roleButton.code)),
  ]);
  return { menuCodes: menus.map((m) => m.code), buttons: buttons.map((b) => b.code) };
}

/** Replaces a role's grants in one transaction. */
export async function replaceGrants(
  db: Db,
  roleId: number,
  menuCodes: string[],
  buttons: string[],
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(roleMenu).where(eq(roleMenu.roleId, roleId));
    await tx.delete(roleButton).where(eq(roleButton.roleId, roleId));
    if (menuCodes.length > 0) {
      const menus = await tx.select({ id: menu.id }).from(menu).where(inArray(menu.code, menuCodes));
      if (menus.length > 0) await tx.insert(roleMenu).values(menus.map((m) => ({ roleId, menuId: m.id })));
    }
    if (buttons.length > 0) await tx.insert(roleButton).values(buttons.map((code) => ({ roleId, code })));
    await tx.update(role).set({ updatedAt: now }).where(eq(role.id, roleId));
  });
}

/** Menu codes present in the menu table (the seed writes the visible nodes of MENU_TREE). */
export async function knownMenuCodes(db: Db): Promise<Set<string>> {
  const rows = await db.select({ code: menu.code }).from(menu);
  return new Set(rows.map((r) => r.code));
}

export async function currentGlobal(db: Db): Promise<RoleItem | undefined> {
  const [row] = await db.select(itemColumns).from(role).where(eq(role.isGlobal, true)).limit(1);
  return row ? toRoleItem(row) : undefined;
}

/** Makes `roleId` the only global role (null: none). */
export async function setGlobal(db: Db, roleId: number | null, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.update(role).set({ isGlobal: false, updatedAt: now }).where(eq(role.isGlobal, true));
    if (roleId !== null) {
      await tx.update(role).set({ isGlobal: true, updatedAt: now }).where(eq(role.id, roleId));
    }
  });
}

export const ROLE_LOG_ACTIONS = ['role.create', 'role.update', 'role.delete', 'role.auth', 'role.global'];

/** The role change log: role.* entries and account role assignments, newest first. */
export async function roleLog(
  db: Db,
  query: { page: number; limit: number; roleId?: number; start?: Date; end?: Date },
) {
  const conditions: (SQL | undefined)[] = [
    or(inArray(auditLog.action, ROLE_LOG_ACTIONS), eq(auditLog.action, 'account.role')),
    query.start ? gte(auditLog.createdAt, query.start) : undefined,
    query.end ? lte(auditLog.createdAt, query.end) : undefined,
  ];
  if (query.roleId !== undefined) {
    const roleName = sql`(select ${role.name} from ${role} where ${role.id} = ${query.roleId})`;
    conditions.push(
      or(
        eq(auditLog.target, `role:${query.roleId}`),
        sql`${auditLog.detail} @> ${JSON.stringify({ roleId: query.roleId })}::jsonb`,
        sql`${auditLog.detail} -> 'roleIds' @> ${JSON.stringify([query.roleId])}::jsonb`,
        sql`${auditLog.detail} -> 'before' -> 'roleIds' @> ${JSON.stringify([query.roleId])}::jsonb`,
        sql`${auditLog.detail} -> 'after' -> 'roleIds' @> ${JSON.stringify([query.roleId])}::jsonb`,
        // Account role assignments record role names ({ before: { roles }, after: { roles } }).
        sql`${auditLog.detail} -> 'before' -> 'roles' @> jsonb_build_array(${roleName})`,
        sql`${auditLog.detail} -> 'after' -> 'roles' @> jsonb_build_array(${roleName})`,
      ),
    );
  }
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(auditLog)
      .where(where)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(query.limit)
      .offset(pageOffset(query.page, query.limit)),
    db.select({ n: count() }).from(auditLog).where(where),
  ]);
  return { rows, count: Number(total?.n ?? 0) };
}

/** Every role for the account forms' pickers, by id. */
export async function roleOptions(db: Db): Promise<RoleOption[]> {
  const rows = await db
    .select({ id: role.id, name: role.name, displayName: role.displayName })
    .from(role)
    .orderBy(asc(role.id));
  return rows.map((row) => ({ ...row, builtIn: row.name === BUILT_IN_ROLE }));
}
