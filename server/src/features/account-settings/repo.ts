import type { MyProfile, MyProfileBody } from '@sentinel/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { account, accountRole, role } from '../../db/schema/index.ts';

/** The caller's own profile (no hash, no lock state). */
export async function findProfile(db: Db, accountId: number): Promise<MyProfile | undefined> {
  const [row] = await db
    .select({
      id: account.id,
      accountName: account.accountName,
      displayName: account.displayName,
      phone: account.phone,
      email: account.email,
      avatar: account.avatar,
      language: account.language,
      lastSignTime: account.lastSignTime,
    })
    .from(account)
    .where(eq(account.id, accountId));
  if (!row) return undefined;
  const roles = await db
    .select({ name: role.name })
    .from(accountRole)
    .innerJoin(role, eq(role.id, accountRole.roleId))
    .where(eq(accountRole.accountId, accountId))
    .orderBy(role.name);
  const language = row.language === 'en' || row.language === 'zh-CN' ? row.language : '';
  return {
    ...row,
    language,
    roles: roles.map((r) => r.name),
    lastSignTime: row.lastSignTime?.toISOString() ?? null,
  };
}

export async function updateProfile(
  db: Db,
  accountId: number,
  body: Required<Pick<MyProfileBody, 'displayName' | 'phone' | 'email' | 'language'>>,
  now: Date,
): Promise<void> {
  await db
    .update(account)
    .set({ ...body, updatedAt: now })
    .where(eq(account.id, accountId));
}

/** Sets the avatar URL; answers the previous one (its file can go). */
export async function setAvatar(db: Db, accountId: number, avatar: string, now: Date): Promise<string> {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ avatar: account.avatar })
      .from(account)
      .where(eq(account.id, accountId))
      .for('update');
    await tx.update(account).set({ avatar, updatedAt: now }).where(eq(account.id, accountId));
    return before?.avatar ?? '';
  });
}
