import { createHash, randomBytes } from 'node:crypto';
import { ADMIN_ROLE, flattenMenuTree } from '@sentinel/contract';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.ts';
import { account, accountRole, menu, role, roleButton, roleMenu, session } from '../db/schema/index.ts';
import type { SessionUser } from './types.ts';

export interface SessionTimes {
  now: Date;
  idleMs: number;
  absoluteMs: number;
}

/** Menu codes only the admin role may hold, whatever a role was granted (SPEC §2, §6). */
export const ADMIN_ONLY_CODES = new Set(
  flattenMenuTree()
    .filter((node) => node.adminOnly)
    .map((node) => node.code),
);

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Random 32-byte token; only its sha256 is stored. */
export async function createSession(
  db: Db,
  accountId: number,
  meta: { ip: string; userAgent: string },
  times: SessionTimes,
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(session).values({
    tokenHash: hashToken(token),
    accountId,
    createdAt: times.now,
    lastSeenAt: times.now,
    expiresAt: new Date(times.now.getTime() + times.absoluteMs),
    ip: meta.ip.slice(0, 64),
    userAgent: meta.userAgent.slice(0, 512),
  });
  return token;
}

/**
 * How stale a session's last-seen time may get before a request writes it again. Touching on every
 * request cost a write and a commit per call (bench/README.md); idle expiry is two hours, so a
 * minute of slack does not matter.
 */
export const SESSION_TOUCH_MS = 60_000;

/** The account of a live session (not revoked, within idle and absolute expiry), touching it. */
export async function resolveSession(
  db: Db,
  token: string,
  times: SessionTimes,
): Promise<{ accountId: number; tokenHash: string } | null> {
  if (!token || token.length > 128) return null;
  const tokenHash = hashToken(token);
  const idleLimit = new Date(times.now.getTime() - times.idleMs);
  const live = and(
    eq(session.tokenHash, tokenHash),
    isNull(session.revokedAt),
    gt(session.expiresAt, times.now),
    gt(session.lastSeenAt, idleLimit),
  );
  const [row] = await db
    .select({ accountId: session.accountId, lastSeenAt: session.lastSeenAt })
    .from(session)
    .where(live);
  if (!row) return null;
  if (times.now.getTime() - row.lastSeenAt.getTime() >= SESSION_TOUCH_MS) {
    await db.update(session).set({ lastSeenAt: times.now }).where(live);
  }
  return { accountId: row.accountId, tokenHash };
}

export async function revokeSession(db: Db, tokenHash: string, now: Date): Promise<void> {
  await db
    .update(session)
    .set({ revokedAt: now })
    .where(and(eq(session.tokenHash, tokenHash), isNull(session.revokedAt)));
}

export async function revokeAllSessions(db: Db, accountId: number, now: Date): Promise<void> {
  await db
    .update(session)
    .set({ revokedAt: now })
    .where(and(eq(session.accountId, accountId), isNull(session.revokedAt)));
}

/**
 * Role names and granted codes (menus + buttons) of an account, in one round trip. The codes of
 * the global role (`role.is_global`, at most one) are granted to every account in addition to its
 * own roles; its name is not added to the account's roles (so it never makes anyone `admin`).
 */
export async function loadGrants(
  db: Db,
  accountId: number,
): Promise<{ roles: string[]; codes: Set<string> }> {
  const grantingRoles = sql`(select ${accountRole.roleId} from ${accountRole} where ${accountRole.accountId} = ${accountId} union select ${role.id} from ${role} where ${role.isGlobal})`;
  const roles = db
    .select({ kind: sql<string>`'role'`.as('kind'), code: role.name, ord: role.id })
    .from(accountRole)
    .innerJoin(role, eq(role.id, accountRole.roleId))
    .where(eq(accountRole.accountId, accountId));
  const menus = db
    .select({ kind: sql<string>`'code'`.as('kind'), code: menu.code, ord: menu.id })
    .from(roleMenu)
    .innerJoin(menu, eq(menu.id, roleMenu.menuId))
    .where(sql`${roleMenu.roleId} in ${grantingRoles}`);
  const buttons = db
    .select({ kind: sql<string>`'code'`.as('kind'), code: roleButton.code, ord: roleButton.roleId })
    .from(roleButton)
    .where(sql`${roleButton.roleId} in ${grantingRoles}`);
  const rows = await unionAll(roles, menus, buttons);
  const roleRows = rows.filter((r) => r.kind === 'role').sort((a, b) => a.ord - b.ord);
  const codes = new Set(rows.filter((r) => r.kind === 'code').map((r) => r.code));
  return { roles: roleRows.map((r) => r.code), codes };
}

/** The caller as the request sees it, or null when the account is gone or locked. */
export async function loadSessionUser(
  db: Db,
  accountId: number,
  tokenHash: string,
): Promise<SessionUser | null> {
  const [row] = await db
    .select({
      accountName: account.accountName,
      locked: account.locked,
      mustChangePassword: account.mustChangePassword,
      allScenes: account.allScenes,
    })
    .from(account)
    .where(eq(account.id, accountId));
  if (!row || row.locked) return null;
  const grants = await loadGrants(db, accountId);
  return {
    accountId,
    accountName: row.accountName,
    roles: grants.roles,
    isAdmin: grants.roles.includes(ADMIN_ROLE),
    mustChangePassword: row.mustChangePassword,
    allScenes: row.allScenes,
    permissions: grants.codes,
    tokenHash,
  };
}

export function hasPermission(user: SessionUser, permission: string): boolean {
  if (user.isAdmin) return true;
  if (ADMIN_ONLY_CODES.has(permission)) return false;
  return user.permissions.has(permission);
}
