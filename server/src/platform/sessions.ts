import { createHash, randomBytes } from 'node:crypto';
import { ADMIN_ROLE, flattenMenuTree } from '@sentinel/contract';
import { and, eq, gt, inArray, isNull } from 'drizzle-orm';
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

/** The account of a live session (not revoked, within idle and absolute expiry), touching it. */
export async function resolveSession(
  db: Db,
  token: string,
  times: SessionTimes,
): Promise<{ accountId: number; tokenHash: string } | null> {
  if (!token || token.length > 128) return null;
  const tokenHash = hashToken(token);
  const idleLimit = new Date(times.now.getTime() - times.idleMs);
  const [row] = await db
    .update(session)
    .set({ lastSeenAt: times.now })
    .where(
      and(
        eq(session.tokenHash, tokenHash),
        isNull(session.revokedAt),
        gt(session.expiresAt, times.now),
        gt(session.lastSeenAt, idleLimit),
      ),
    )
    .returning({ accountId: session.accountId });
  return row ? { accountId: row.accountId, tokenHash } : null;
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

/** Role names and granted codes (menus + buttons) of an account. */
export async function loadGrants(
  db: Db,
  accountId: number,
): Promise<{ roles: string[]; codes: Set<string> }> {
  const roles = await db
    .select({ id: role.id, name: role.name })
    .from(accountRole)
    .innerJoin(role, eq(role.id, accountRole.roleId))
    .where(eq(accountRole.accountId, accountId))
    .orderBy(role.id);
  const roleIds = roles.map((r) => r.id);
  const codes = new Set<string>();
  if (roleIds.length > 0) {
    const menus = await db
      .select({ code: menu.code })
      .from(roleMenu)
      .innerJoin(menu, eq(menu.id, roleMenu.menuId))
      .where(inArray(roleMenu.roleId, roleIds));
    const buttons = await db
      .select({ code: roleButton.code })
      .from(roleButton)
      .where(inArray(roleButton.roleId, roleIds));
    for (const row of [...menus, ...buttons]) codes.add(row.code);
  }
  return { roles: roles.map((r) => r.name), codes };
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
    permissions: grants.codes,
    tokenHash,
  };
}

export function hasPermission(user: SessionUser, permission: string): boolean {
  if (user.isAdmin) return true;
  if (ADMIN_ONLY_CODES.has(permission)) return false;
  return user.permissions.has(permission);
}
