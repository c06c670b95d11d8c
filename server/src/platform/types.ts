import type { Lang } from '@sentinel/contract';
import type { AppConfig } from '../config.ts';
import type { Database, Db } from '../db/client.ts';
import type { SeedResult } from '../db/seed.ts';
import type { AuditLog } from './audit.ts';
import type { DayPartials } from './day-partials.ts';
import type { EventBus } from './event-bus.ts';
import type { LoginLimiter } from './login-limiter.ts';
import type { ReadLimiter } from './read-limiter.ts';
import type { ResultCache } from './result-cache.ts';
import type { SessionCache } from './session-cache.ts';

/**
 * What a route needs: anyone, any logged-in user, a permission (a menu code or a button code; the
 * `admin` role holds every permission), any one of several permissions (`anyOf`: e.g. either of two
 * pages that manage the same rows), or every one of several (`allOf`: a page and one of its
 * buttons). Every route must declare one; the check runs before the body is read (403).
 */
export type Access =
  | 'public'
  | 'user'
  | { permission: string }
  | { anyOf: readonly string[] }
  | { allOf: readonly string[] };

export interface SessionUser {
  accountId: number;
  accountName: string;
  roles: string[];
  isAdmin: boolean;
  mustChangePassword: boolean;
  /** Scene authority: sees every scene (else only the scenes granted in account_scene). */
  allScenes: boolean;
  /** Granted menu codes and button codes (admin: see isAdmin). */
  permissions: Set<string>;
  tokenHash: string;
}

export interface RouteAccessRecord {
  method: string;
  url: string;
  access: Access;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /** May be called by an account that still has to change its initial password. */
    allowBeforePasswordChange?: boolean;
    /** Also accept the token as `?token=` (EventSource cannot set headers). */
    tokenInQuery?: boolean;
    /** Also accept the web app's `user_token` cookie (GET of media for <img src>). */
    tokenInCookie?: boolean;
    /** `false`: the route changes nothing a user did (a report of the browser's own errors); the audit safety net skips it. */
    audit?: false;
  }
  interface FastifyRequest {
    lang: Lang;
    user: SessionUser | null;
  }
  interface FastifyInstance {
    appConfig: AppConfig;
    database: Database;
    db: Db;
    bus: EventBus;
    audit: AuditLog;
    loginLimiter: LoginLimiter;
    seedResult: SeedResult;
    /** Resolved sessions reused for a few seconds (platform/session-cache.ts). */
    sessionCache: SessionCache;
    /** The alarm list's totals and the analyses, cleared by every alarm and job run change (platform/result-cache.ts). */
    alarmCounts: ResultCache;
    /** The analyses' partials of closed days (platform/day-partials.ts), dropped by the alarm changes of their day. */
    dayPartials: DayPartials;
    /** Bound on the heavy reads running at once (alarm list, counts, poll; platform/read-limiter.ts). */
    heavyReads: ReadLimiter;
    /** Every registered route with its declared access (filled by the onRoute check). */
    routeAccess: RouteAccessRecord[];
  }
}
