import {
  ADMIN_ROLE,
  BUTTONS,
  MENU_TREE,
  type MenuNode,
  OPERATOR_BUTTONS,
  OPERATOR_MENU_CODES,
  OPERATOR_ROLE,
} from '@sentinel/contract';
import { count, eq, inArray, sql } from 'drizzle-orm';
import { generatePassword, hashPassword } from '../platform/passwords.ts';
import type { Db } from './client.ts';
import { account, accountRole, appSetting, menu, role, roleButton, roleMenu } from './schema/index.ts';

export interface SeedResult {
  /** Initial passwords of the accounts created by this run (empty on later starts). */
  initialPasswords: Record<string, string>;
}

/** Built-in small logo: a shield (SVG data URL). Replaceable through the app_setting table. */
export const DEFAULT_SMALL_LOGO = `data:image/svg+xml;utf8,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><path d="M16 2 4 7v8c0 7.5 5.1 13.4 12 15 6.9-1.6 12-7.5 12-15V7z" fill="#37f"/><circle cx="16" cy="15" r="5" fill="#fff"/><circle cx="16" cy="15" r="2.4" fill="#37f"/></svg>',
)}`;

export interface SeedMenu {
  id: number;
  parentId: number;
  code: string;
  nameEn: string;
  nameZh: string;
  type: number;
  url: string;
  sort: number;
}

/** Visible (non-hidden) nodes of the contract's menu tree, depth first, with parent ids and order. */
export function menuRows(nodes: MenuNode[] = MENU_TREE): SeedMenu[] {
  const rows: SeedMenu[] = [];
  const walk = (list: MenuNode[], parentId: number) => {
    for (const node of list) {
      if (node.hidden) continue;
      rows.push({
        id: node.id,
        parentId,
        code: node.code,
        nameEn: node.title.en,
        nameZh: node.title['zh-CN'],
        type: node.type,
        url: node.path,
        sort: rows.length + 1,
      });
      walk(node.children ?? [], node.id);
    }
  };
  walk(nodes, 0);
  return rows;
}

async function ensureRole(
  db: Db,
  name: string,
  displayName: string,
): Promise<{ id: number; created: boolean }> {
  const inserted = await db
    .insert(role)
    .values({ name, displayName })
    .onConflictDoNothing({ target: role.name })
    .returning({ id: role.id });
  if (inserted[0]) return { id: inserted[0].id, created: true };
  const [existing] = await db.select({ id: role.id }).from(role).where(eq(role.name, name));
  if (!existing) throw new Error(`role ${name} vanished during seed`);
  return { id: existing.id, created: false };
}

export interface SeedOptions {
  appName: string;
}

/** What every feature's demo seed gets (the demo plant is assembled by server/src/demo-seed.ts). */
export interface DemoSeedContext {
  /** Absolute media directory (DATA_DIR/media; snapshots of the demo cameras go there). */
  mediaDir: string;
}

/**
 * Idempotent seed, run at every start after migrations: menus follow the contract (upsert), the
 * two roles are created once with their grants, the demo accounts only when there is no account.
 * The demo plant (DEMO_DATA) is seeded after it by app.ts (demo-seed.ts).
 */

export async function seed(db: Db, options: SeedOptions): Promise<SeedResult> {
  const rows = menuRows();
  for (const row of rows) {
    await db
      .insert(menu)
      .values(row)
      .onConflictDoUpdate({
        target: menu.id,
        set: {
          parentId: row.parentId,
          code: row.code,
          nameEn: row.nameEn,
          nameZh: row.nameZh,
          type: row.type,
          url: row.url,
          sort: row.sort,
        },
      });
  }

  const admin = await ensureRole(db, ADMIN_ROLE, 'Administrator');
  if (admin.created) {
    await db
      .insert(roleMenu)
      .values(rows.map((row) => ({ roleId: admin.id, menuId: row.id })))
      .onConflictDoNothing();
    await db
      .insert(roleButton)
      .values(Object.values(BUTTONS).flatMap((codes) => codes.map((code) => ({ roleId: admin.id, code }))))
      .onConflictDoNothing();
  }
  const operator = await ensureRole(db, OPERATOR_ROLE, 'Operator');
  if (operator.created) {
    const granted = await db
      .select({ id: menu.id })
      .from(menu)
      .where(inArray(menu.code, OPERATOR_MENU_CODES));
    if (granted.length > 0) {
      await db
        .insert(roleMenu)
        .values(granted.map((row) => ({ roleId: operator.id, menuId: row.id })))
        .onConflictDoNothing();
    }
    await db
      .insert(roleButton)
      .values(OPERATOR_BUTTONS.map((code) => ({ roleId: operator.id, code })))
      .onConflictDoNothing();
  }

  await db
    .insert(appSetting)
    .values([
      { key: 'name', value: options.appName },
      { key: 'smallLogo', value: DEFAULT_SMALL_LOGO },
    ])
    .onConflictDoNothing();

  const initialPasswords: Record<string, string> = {};
  const [accounts] = await db.select({ n: count() }).from(account);
  if (Number(accounts?.n ?? 0) === 0) {
    const demo = [
      { name: 'admin', displayName: 'Administrator', roleId: admin.id },
      { name: 'operator', displayName: 'Operator', roleId: operator.id },
    ];
    for (const entry of demo) {
      const password = generatePassword();
      const [created] = await db
        .insert(account)
        .values({
          accountName: entry.name,
          displayName: entry.displayName,
          passwordHash: await hashPassword(password),
          mustChangePassword: true,
          updatedAt: sql`now()`,
        })
        .onConflictDoNothing({ target: account.accountName })
        .returning({ id: account.id });
      if (!created) continue;
      await db.insert(accountRole).values({ accountId: created.id, roleId: entry.roleId });
      initialPasswords[entry.name] = password;
    }
  }
  return { initialPasswords };
}
