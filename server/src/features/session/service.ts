import { BUTTONS, type LoginBody, type MenuItem, type UserInfo } from '@sentinel/contract';
import type { FastifyInstance } from 'fastify';
import { consumeCaptcha } from '../../platform/captcha.ts';
import { AppError, badRequest, forbidden, tooManyRequests } from '../../platform/errors.ts';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../../platform/passwords.ts';
import { ADMIN_ONLY_CODES, createSession, revokeAllSessions } from '../../platform/sessions.ts';
import type { SessionUser } from '../../platform/types.ts';
import * as repo from './repo.ts';

export interface ClientMeta {
  ip: string;
  userAgent: string;
}

/**
 * Login, in this order: (schema validation) → captcha → rate limit → credentials → lock →
 * session. Every failure after the captcha counts towards the per-account and per-address limits.
 */
export async function login(app: FastifyInstance, body: LoginBody, meta: ClientMeta) {
  const now = app.appConfig.now();
  if (!(await consumeCaptcha(app.db, body.key, body.code, now))) throw badRequest('login.captchaWrong');
  const username = body.username.trim();
  if (app.loginLimiter.isLimited(username, meta.ip)) {
    await app.audit.write({ accountName: username, action: 'login.rateLimited', ip: meta.ip });
    throw tooManyRequests('login.rateLimited');
  }
  const found = await repo.findAccountByName(app.db, username);
  const valid = await verifyPassword(found?.passwordHash ?? (await dummyPasswordHash()), body.password);
  if (!found || !valid) {
    app.loginLimiter.recordFailure(username, meta.ip);
    await app.audit.write({
      accountId: found?.id ?? null,
      accountName: username,
      action: 'login.failure',
      detail: { reason: found ? 'badPassword' : 'unknownAccount' },
      ip: meta.ip,
    });
    throw badRequest('login.badCredentials');
  }
  if (found.locked) {
    await app.audit.write({
      accountId: found.id,
      accountName: username,
      action: 'login.locked',
      ip: meta.ip,
    });
    throw forbidden('login.locked');
  }
  const cfg = app.appConfig;
  const token = await createSession(app.db, found.id, meta, {
    now,
    idleMs: cfg.sessionIdleMs,
    absoluteMs: cfg.sessionAbsoluteMs,
  });
  app.loginLimiter.resetAccount(username);
  await repo.touchLastSign(app.db, found.id, now);
  await app.audit.write({
    accountId: found.id,
    accountName: found.accountName,
    action: 'login.success',
    ip: meta.ip,
  });
  return { token, mustChangePassword: found.mustChangePassword };
}

export async function userInfo(app: FastifyInstance, user: SessionUser): Promise<UserInfo> {
  const row = await repo.findAccountById(app.db, user.accountId);
  if (!row) throw new AppError(401, 'user.verifyFailed');
  if (user.roles.length === 0) throw forbidden('user.rolesEmpty');
  return {
    id: row.id,
    name: row.displayName || row.accountName,
    avatar: row.avatar,
    introduction: row.introduction,
    roles: user.roles,
    mustChangePassword: row.mustChangePassword,
    language: row.language,
  };
}

/** Granted menus in tree order; admin-only menus never reach other roles. */
export async function menuOf(
  app: FastifyInstance,
  user: SessionUser,
  lang: 'en' | 'zh-CN',
): Promise<MenuItem[]> {
  const rows = user.isAdmin
    ? await repo.allMenus(app.db)
    : (await repo.menusOfAccount(app.db, user.accountId)).filter((row) => !ADMIN_ONLY_CODES.has(row.code));
  return rows.map((row) => ({
    id: row.id,
    parentId: row.parentId,
    code: row.code,
    name: lang === 'zh-CN' ? row.nameZh : row.nameEn,
    type: row.type === 4 ? 4 : row.type === -1 ? -1 : 1,
    url: row.url,
    data: row.data,
  }));
}

/** Button codes (`<name>:<action>`) the caller holds for a route name. */
export function subResource(user: SessionUser, name: string): string[] {
  const prefix = `${name}:`;
  const granted = [...user.permissions].filter((code) => code.startsWith(prefix));
  const codes = user.isAdmin ? [...(BUTTONS[name] ?? []), ...granted] : granted;
  return [...new Set(codes)].sort();
}

export async function changePassword(
  app: FastifyInstance,
  user: SessionUser,
  body: { password: string; newpassword: string },
  meta: ClientMeta,
): Promise<void> {
  const row = await repo.findAccountById(app.db, user.accountId);
  if (!row) throw new AppError(401, 'auth.pleaseLogin');
  if (!(await verifyPassword(row.passwordHash, body.password))) {
    await app.audit.write({
      accountId: row.id,
      accountName: row.accountName,
      action: 'password.change.failure',
      ip: meta.ip,
    });
    throw badRequest('password.wrongOld', [{ field: 'password', message: 'password.wrongOld' }]);
  }
  if (body.newpassword === body.password) {
    throw badRequest('password.sameAsOld', [{ field: 'newpassword', message: 'password.sameAsOld' }]);
  }
  const now = app.appConfig.now();
  await setPassword(app, row.id, body.newpassword, now);
  await app.audit.write({
    accountId: row.id,
    accountName: row.accountName,
    action: 'password.change',
    ip: meta.ip,
  });
}

async function setPassword(app: FastifyInstance, accountId: number, password: string, now: Date) {
  await repo.setPasswordHash(app.db, accountId, await hashPassword(password), now);
  await revokeAllSessions(app.db, accountId, now);
  app.sessionCache.dropAccount(accountId);
}

export async function application(app: FastifyInstance) {
  const settings = await repo.appSettings(app.db);
  return {
    name: settings.get('name') ?? app.appConfig.appName,
    smallLogo: settings.get('smallLogo') ?? '',
    supportPhone: app.appConfig.supportPhone,
  };
}
