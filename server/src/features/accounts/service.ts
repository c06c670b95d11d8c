import {
  type AccountItem,
  type AccountPermission,
  ADMIN_ROLE,
  type accountCreateBody,
  type accountUpdateBody,
  BUTTONS,
  flattenMenuTree,
  type SceneAuthorityResponse,
} from '@sentinel/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { account } from '../../db/schema/index.ts';
import { auditChange } from '../../platform/audit.ts';
import { requireUser } from '../../platform/auth.ts';
import { guardWrite } from '../../platform/db-errors.ts';
import { AppError, badRequest, notFound } from '../../platform/errors.ts';
import { generatePassword, hashPassword } from '../../platform/passwords.ts';
import { ADMIN_ONLY_CODES, loadGrants, revokeAllSessions } from '../../platform/sessions.ts';
import * as repo from './repo.ts';

type CreateInput = z.output<typeof accountCreateBody>;
type UpdateInput = z.output<typeof accountUpdateBody>;

const lastAdmin = () => new AppError(409, 'account.lastAdmin');
const selfAdmin = () => new AppError(409, 'account.selfAdmin');

/** What the audit log keeps of an account: never a password or a hash. */
function snapshot(item: AccountItem) {
  return {
    accountName: item.accountName,
    displayName: item.displayName,
    phone: item.phone,
    email: item.email,
    roles: item.roles.map((r) => r.name),
    locked: item.locked,
    allScenes: item.allScenes,
    mustChangePassword: item.mustChangePassword,
    regionIds: item.regionIds,
  };
}

const targetOf = (item: { id: number; accountName: string }) => `${item.id} ${item.accountName}`;

export async function requireAccount(app: FastifyInstance, id: number): Promise<AccountItem> {
  const item = await repo.findAccountItem(app.db, id);
  if (!item) throw notFound('account.notFound');
  return item;
}

async function checkRoles(tx: repo.Tx, roleIds: number[]) {
  const unique = [...new Set(roleIds)];
  const roles = await repo.rolesByIds(tx, unique);
  if (roles.length !== unique.length) {
    throw badRequest('field.invalid', [{ field: 'roleIds', message: 'field.invalid' }]);
  }
  return { unique, isAdmin: roles.some((r) => r.name === ADMIN_ROLE) };
}

const isAdminItem = (item: AccountItem) => item.roles.some((r) => r.name === ADMIN_ROLE);

/**
 * The rules that protect admin rights, checked inside the transaction (admin role row locked):
 * nobody takes their own admin rights or locks / deletes themselves, and the last unlocked admin
 * stays an unlocked admin.
 */
async function guardAdminLoss(tx: repo.Tx, callerId: number, target: AccountItem, losesAccess: boolean) {
  if (!losesAccess) return;
  if (target.id === callerId) throw selfAdmin();
  if (!isAdminItem(target) || target.locked) return;
  const admins = await repo.lockAdminsAndCount(tx);
  if (admins <= 1) throw lastAdmin();
}

/** Every session of the account ends now (rows revoked, this instance's cache dropped). */
async function endSessions(app: FastifyInstance, accountId: number) {
  await revokeAllSessions(app.db, accountId, app.appConfig.now());
  app.sessionCache.dropAccount(accountId);
}

export async function createAccount(
  app: FastifyInstance,
  request: FastifyRequest,
  input: CreateInput,
): Promise<{ account: AccountItem; initialPassword?: string }> {
  const generated = input.password ? undefined : generatePassword();
  const password = input.password || (generated as string);
  const mustChangePassword = generated ? true : (input.mustChangePassword ?? true);
  const passwordHash = await hashPassword(password);
  const now = app.appConfig.now();
  const id = await guardWrite(
    () =>
      app.db.transaction(async (tx) => {
        const roles = await checkRoles(tx, input.roleIds);
        const [existing] = await tx
          .select({ id: account.id })
          .from(account)
          .where(eq(account.accountName, input.accountName));
        if (existing) throw new AppError(409, 'account.nameTaken');
        const [row] = await tx
          .insert(account)
          .values({
            accountName: input.accountName,
            displayName: input.displayName,
            phone: input.phone,
            email: input.email,
            passwordHash,
            mustChangePassword,
            createdAt: now,
            updatedAt: now,
          })
          .returning({ id: account.id });
        if (!row) throw new Error('account not inserted');
        await repo.replaceRoles(tx, row.id, roles.unique);
        return row.id;
      }),
    { duplicate: 'account.nameTaken' },
  );
  const created = await requireAccount(app, id);
  await auditChange(app, request, 'account.create', targetOf(created), {
    before: null,
    after: snapshot(created),
    generatedPassword: Boolean(generated),
  });
  return generated ? { account: created, initialPassword: generated } : { account: created };
}

export async function updateAccount(
  app: FastifyInstance,
  request: FastifyRequest,
  input: UpdateInput,
): Promise<AccountItem> {
  const caller = requireUser(request);
  const before = await requireAccount(app, input.id);
  const newPassword = input.password || undefined;
  const passwordHash = newPassword ? await hashPassword(newPassword) : undefined;
  const now = app.appConfig.now();
  await app.db.transaction(async (tx) => {
    const roles = await checkRoles(tx, input.roleIds);
    await guardAdminLoss(tx, caller.accountId, before, isAdminItem(before) && !roles.isAdmin);
    await tx
      .update(account)
      .set({
        displayName: input.displayName,
        phone: input.phone,
        email: input.email,
        updatedAt: now,
        ...(passwordHash
          ? {
              passwordHash,
              mustChangePassword: input.mustChangePassword ?? input.id !== caller.accountId,
            }
          : {}),
      })
      .where(eq(account.id, input.id));
    await repo.replaceRoles(tx, input.id, roles.unique);
  });
  if (passwordHash) await endSessions(app, input.id);
  else app.sessionCache.dropAccount(input.id);
  const after = await requireAccount(app, input.id);
  await auditChange(app, request, 'account.update', targetOf(after), {
    before: snapshot(before),
    after: snapshot(after),
    passwordChanged: Boolean(passwordHash),
  });
  return after;
}

export async function setRoles(
  app: FastifyInstance,
  request: FastifyRequest,
  accountId: number,
  roleIds: number[],
) {
  const caller = requireUser(request);
  const before = await requireAccount(app, accountId);
  await app.db.transaction(async (tx) => {
    const roles = await checkRoles(tx, roleIds);
    await guardAdminLoss(tx, caller.accountId, before, isAdminItem(before) && !roles.isAdmin);
    await repo.replaceRoles(tx, accountId, roles.unique);
  });
  app.sessionCache.dropAccount(accountId);
  const after = await requireAccount(app, accountId);
  await auditChange(app, request, 'account.role', targetOf(after), {
    before: { roles: before.roles.map((r) => r.name) },
    after: { roles: after.roles.map((r) => r.name) },
  });
  return after.roles;
}

export async function setLocked(
  app: FastifyInstance,
  request: FastifyRequest,
  id: number,
  locked: boolean,
): Promise<AccountItem> {
  const caller = requireUser(request);
  const before = await requireAccount(app, id);
  await app.db.transaction(async (tx) => {
    await guardAdminLoss(tx, caller.accountId, before, locked && !before.locked);
    await tx.update(account).set({ locked, updatedAt: app.appConfig.now() }).where(eq(account.id, id));
  });
  if (locked) await endSessions(app, id);
  else app.sessionCache.dropAccount(id);
  const after = await requireAccount(app, id);
  await auditChange(app, request, 'account.lock', targetOf(after), {
    before: { locked: before.locked },
    after: { locked: after.locked },
  });
  return after;
}

export async function resetPassword(
  app: FastifyInstance,
  request: FastifyRequest,
  id: number,
): Promise<{ initialPassword: string }> {
  const target = await requireAccount(app, id);
  const initialPassword = generatePassword();
  const passwordHash = await hashPassword(initialPassword);
  await app.db
    .update(account)
    .set({ passwordHash, mustChangePassword: true, updatedAt: app.appConfig.now() })
    .where(eq(account.id, id));
  await endSessions(app, id);
  await auditChange(app, request, 'account.resetPassword', targetOf(target), {
    before: { mustChangePassword: target.mustChangePassword },
    after: { mustChangePassword: true },
  });
  return { initialPassword };
}

export async function deleteAccount(
  app: FastifyInstance,
  request: FastifyRequest,
  id: number,
): Promise<void> {
  const caller = requireUser(request);
  const before = await requireAccount(app, id);
  if (id === caller.accountId) throw selfAdmin();
  await guardWrite(() =>
    app.db.transaction(async (tx) => {
      await guardAdminLoss(tx, caller.accountId, before, true);
      await tx.delete(account).where(eq(account.id, id));
    }),
  );
  app.sessionCache.dropAccount(id);
  await auditChange(app, request, 'account.delete', targetOf(before), {
    before: snapshot(before),
    after: null,
  });
}

const ALL_MENUS = flattenMenuTree().map((n) => n.code);
const ALL_BUTTONS = Object.values(BUTTONS).flat();

export async function permissionOf(app: FastifyInstance, id: number): Promise<AccountPermission> {
  const item = await requireAccount(app, id);
  const [grants, sceneIds] = await Promise.all([loadGrants(app.db, id), repo.sceneIdsOf(app.db, id)]);
  const isAdmin = grants.roles.includes(ADMIN_ROLE);
  const codes = [...grants.codes];
  const menus = isAdmin ? ALL_MENUS : codes.filter((c) => !c.includes(':') && !ADMIN_ONLY_CODES.has(c));
  const buttons = isAdmin ? ALL_BUTTONS : codes.filter((c) => c.includes(':'));
  return {
    isAdmin,
    menus: [...new Set(menus)].sort(),
    buttons: [...new Set(buttons)].sort(),
    allScenes: item.allScenes,
    sceneIds,
    regionIds: item.regionIds,
  };
}

// ---------------------------------------------------------------- scene and regional authority

async function checkScenes(tx: repo.Tx, sceneIds: number[]) {
  if ((await repo.missingScenes(tx, sceneIds)).length > 0) {
    throw badRequest('field.invalid', [{ field: 'sceneIds', message: 'field.invalid' }]);
  }
}

export async function setSceneAuthority(
  app: FastifyInstance,
  request: FastifyRequest,
  accountIds: number[],
  allScenes: boolean,
  sceneIds: number[],
  batch: boolean,
): Promise<SceneAuthorityResponse[]> {
  const ids = [...new Set(accountIds)];
  const missing = await repo.missingAccounts(app.db, ids);
  if (missing.length > 0) {
    if (!batch) throw notFound('account.notFound');
    throw badRequest('field.invalid', [{ field: 'accountIds', message: 'field.invalid' }]);
  }
  await checkScenes(app.db, sceneIds);
  const before = new Map<number, { allScenes: boolean; sceneIds: number[] }>();
  for (const id of ids) {
    const [row] = await app.db
      .select({ allScenes: account.allScenes })
      .from(account)
      .where(eq(account.id, id));
    before.set(id, { allScenes: row?.allScenes ?? false, sceneIds: await repo.sceneIdsOf(app.db, id) });
  }
  await guardWrite(() =>
    app.db.transaction(async (tx) => {
      for (const id of ids) await repo.replaceScenes(tx, id, allScenes, sceneIds);
    }),
  );
  const answers: SceneAuthorityResponse[] = [];
  for (const id of ids) {
    app.sessionCache.dropAccount(id);
    const after = { allScenes, sceneIds: await repo.sceneIdsOf(app.db, id) };
    answers.push({ accountId: id, ...after });
    const [row] = await app.db
      .select({ accountName: account.accountName })
      .from(account)
      .where(eq(account.id, id));
    await auditChange(app, request, 'account.sceneAuthority', `${id} ${row?.accountName ?? ''}`, {
      before: before.get(id) ?? null,
      after,
      batch,
    });
  }
  return answers;
}

export async function setRegions(
  app: FastifyInstance,
  request: FastifyRequest,
  accountId: number,
  regionIds: number[],
): Promise<{ accountId: number; regionIds: number[] }> {
  const target = await requireAccount(app, accountId);
  if ((await repo.missingNodes(app.db, regionIds)).length > 0) {
    throw badRequest('field.invalid', [{ field: 'regionIds', message: 'field.invalid' }]);
  }
  await guardWrite(() => app.db.transaction((tx) => repo.replaceRegions(tx, accountId, regionIds)));
  app.sessionCache.dropAccount(accountId);
  const after = await repo.regionIdsOf(app.db, accountId);
  await auditChange(app, request, 'account.region', targetOf(target), {
    before: { regionIds: target.regionIds },
    after: { regionIds: after },
  });
  return { accountId, regionIds: after };
}
