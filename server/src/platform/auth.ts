import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { AppError, forbidden, unauthorized } from './errors.ts';
import { detectLang } from './i18n.ts';
import {
  createSessionCache,
  SESSION_CACHE_MS,
  SESSIONS_CHANGED,
  type SessionsChanged,
  sharedSessionCache,
} from './session-cache.ts';
import { hashToken, hasPermission, loadSessionUser, resolveSession } from './sessions.ts';
import type { Access, SessionUser } from './types.ts';

/**
 * Routes registered by infrastructure plugins that carry no access declaration: swagger-ui under
 * /api/docs and @fastify/static's wildcard. They are public. Anything else without `access`
 * makes registration (and so buildApp) fail.
 */
function isWhitelisted(url: string): boolean {
  return url === '/api/docs' || url.startsWith('/api/docs/') || url === '/*';
}

const isCodeList = (value: unknown): boolean =>
  Array.isArray(value) && value.length > 0 && value.every((code) => typeof code === 'string' && code !== '');

function isAccess(value: unknown): value is Access {
  if (value === 'public' || value === 'user') return true;
  if (typeof value !== 'object' || value === null) return false;
  const keys = Object.keys(value);
  if (keys.length !== 1) return false;
  const declared = value as { permission?: unknown; anyOf?: unknown; allOf?: unknown };
  if (keys[0] === 'permission') return typeof declared.permission === 'string';
  if (keys[0] === 'anyOf') return isCodeList(declared.anyOf);
  if (keys[0] === 'allOf') return isCodeList(declared.allOf);
  return false;
}

/** Whether a logged-in caller meets a route's declared access. */
export function meetsAccess(user: SessionUser, access: Access): boolean {
  if (access === 'public' || access === 'user') return true;
  if ('permission' in access) return hasPermission(user, access.permission);
  if ('anyOf' in access) return access.anyOf.some((code) => hasPermission(user, code));
  return access.allOf.every((code) => hasPermission(user, code));
}

/** Must be registered before any route so that every route passes through the check. */
export function installAccessCheck(app: FastifyInstance): void {
  app.decorate('routeAccess', []);
  app.addHook('onRoute', (route: RouteOptions) => {
    const declared = route.config?.access;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    let access: Access;
    if (declared !== undefined) {
      if (!isAccess(declared))
        throw new Error(`Route ${methods.join(',')} ${route.url} declares an invalid access`);
      access = declared;
    } else if (isWhitelisted(route.url)) {
      access = 'public';
      route.config = { ...(route.config ?? {}), access };
    } else {
      throw new Error(
        `Route ${methods.join(',')} ${route.url} declares no access: add config.access ('public', 'user', { permission }, { anyOf } or { allOf })`,
      );
    }
    for (const method of methods) app.routeAccess.push({ method, url: route.url, access });
  });
}

function headerToken(request: FastifyRequest): string | undefined {
  const value = request.headers.token;
  const token = Array.isArray(value) ? value[0] : value;
  return token?.trim() || undefined;
}

function queryToken(request: FastifyRequest): string | undefined {
  const query = request.query as Record<string, unknown> | undefined;
  const token = query?.token;
  return typeof token === 'string' && token ? token : undefined;
}

/** The web app keeps its token in the `user_token` cookie (used where headers cannot be set: <img>). */
function cookieToken(request: FastifyRequest): string | undefined {
  const header = request.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name !== 'user_token') continue;
    try {
      return decodeURIComponent(rest.join('=')).trim() || undefined;
    } catch {
      return undefined;
    }
  }
  return undefined;
}

export interface AuthOptions {
  /** How long a resolved session is reused on this instance (default SESSION_CACHE_MS; 0: off). */
  sessionCacheMs?: number;
}

/** The caller of a token: from this instance's short cache, else from the database. */
async function sessionUser(app: FastifyInstance, token: string) {
  if (token.length > 128) return null;
  const cached = app.sessionCache.get(hashToken(token));
  if (cached) return cached;
  const cfg = app.appConfig;
  const live = await resolveSession(app.db, token, {
    now: cfg.now(),
    idleMs: cfg.sessionIdleMs,
    absoluteMs: cfg.sessionAbsoluteMs,
  });
  if (!live) return null;
  const user = await loadSessionUser(app.db, live.accountId, live.tokenHash);
  if (user) app.sessionCache.set(user);
  return user;
}

/** Language and authentication of every request (before body parsing: 401 wins over 400). */
export const authPlugin = fp<AuthOptions>(
  async (app, options) => {
    const cache = sharedSessionCache(
      createSessionCache(options.sessionCacheMs ?? SESSION_CACHE_MS, () => app.appConfig.now().getTime()),
      (change) => app.bus.publish({ type: SESSIONS_CHANGED, data: change, internal: true }),
      (error) => app.log.warn({ err: error }, 'session change not published'),
    );
    app.decorate('sessionCache', cache);
    app.bus.subscribe((event) => {
      if (event.type === SESSIONS_CHANGED) cache.applyRemote(event.data as SessionsChanged);
    });
    app.decorateRequest('lang', 'en');
    app.decorateRequest('user', null);
    app.addHook('onRequest', async (request) => {
      request.lang = detectLang(request);
      const config = request.routeOptions.config;
      const access = config?.access;
      if (access === undefined || access === 'public') return;

      const token =
        headerToken(request) ??
        (config.tokenInQuery ? queryToken(request) : undefined) ??
        (config.tokenInCookie ? cookieToken(request) : undefined);
      if (!token) throw unauthorized();
      const user = await sessionUser(app, token);
      if (!user) throw unauthorized();
      request.user = user;

      if (user.mustChangePassword && !config.allowBeforePasswordChange) {
        throw forbidden('auth.mustChangePassword');
      }
      if (!meetsAccess(user, access)) throw forbidden();
    });
  },
  { name: 'auth', dependencies: ['database', 'services'] },
);

/** The logged-in caller (for routes with access other than public). */
export function requireUser(request: FastifyRequest) {
  if (!request.user) throw new AppError(401, 'auth.pleaseLogin');
  return request.user;
}
