import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/client.ts';
import { auditLog } from '../db/schema/index.ts';
import { requireUser } from './auth.ts';

export interface AuditEntry {
  /** Defaults to the request's caller when `request` is given. */
  accountId?: number | null;
  accountName?: string;
  /** e.g. login.success, login.failure, logout, password.change, role.update */
  action: string;
  /** The record concerned, e.g. `role:3`. */
  target?: string;
  /** Facts of the change; by convention `{ before, after }` for edits. Secrets are removed. */
  detail?: Record<string, unknown>;
  /** The caller's address (defaults to `request.ip`). */
  ip?: string;
  /**
   * The request that made the change: marks it as audited, so that the safety net
   * (`auditSafetyNet`) does not write a second, generic entry for it.
   */
  request?: FastifyRequest;
}

export interface AuditLog {
  write(entry: AuditEntry): Promise<void>;
  /** Whether an entry was written with this request during it. */
  wasWritten(request: FastifyRequest): boolean;
}

/**
 * The request being handled, for writes that do not pass `request` (domain services that only
 * receive the caller's name and address): they still mark their request as audited.
 */
const currentRequest = new AsyncLocalStorage<FastifyRequest>();

/** Field names never stored in an entry's detail (any depth, case-insensitive). */
const SECRET_KEY = /password|^token$|tokenhash|secret|apikey|enginekey/i;
/** A detail larger than this (as JSON) is replaced by its top-level keys. */
export const AUDIT_DETAIL_MAX_CHARS = 16_000;

/** A copy of `value` without secret fields (password, newpassword, token, …). */
export function redactSecrets(value: unknown, depth = 0): unknown {
  if (depth > 8) return '[…]';
  if (Array.isArray(value)) return value.map((item) => redactSecrets(item, depth + 1));
  if (value instanceof Date) return value.toISOString();
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      if (SECRET_KEY.test(key)) continue;
      out[key] = redactSecrets(item, depth + 1);
    }
    return out;
  }
  return value;
}

function boundedDetail(detail: Record<string, unknown>): Record<string, unknown> {
  const clean = redactSecrets(detail) as Record<string, unknown>;
  const json = JSON.stringify(clean);
  if (json.length <= AUDIT_DETAIL_MAX_CHARS) return clean;
  return { truncated: true, keys: Object.keys(clean) };
}

/** The audit log (bizLog): who, what, when, from where. A failed write is logged, never thrown. */
export function createAuditLog(db: Db, now: () => Date, log: FastifyBaseLogger): AuditLog {
  const written = new WeakSet<FastifyRequest>();
  return {
    async write(entry) {
      const request = entry.request ?? currentRequest.getStore();
      if (request) written.add(request);
      const user = request?.user ?? null;
      try {
        await db.insert(auditLog).values({
          accountId: entry.accountId !== undefined ? entry.accountId : (user?.accountId ?? null),
          accountName: entry.accountName ?? user?.accountName ?? '',
          action: entry.action,
          target: entry.target ?? '',
          detail: boundedDetail(entry.detail ?? {}),
          ip: (entry.ip ?? request?.ip ?? '').slice(0, 64),
          createdAt: now(),
        });
      } catch (error) {
        log.error({ err: error, action: entry.action }, 'audit log write failed');
      }
    },
    wasWritten(request) {
      return written.has(request);
    },
  };
}

/**
 * Writes one change made by the request's logged-in caller (who, from where) into the audit log:
 * the one way a route handler records what it changed.
 */
export async function auditChange(
  app: FastifyInstance,
  request: FastifyRequest,
  action: string,
  target: number | string,
  detail: Record<string, unknown> = {},
): Promise<void> {
  const user = requireUser(request);
  await app.audit.write({
    accountId: user.accountId,
    accountName: user.accountName,
    action,
    target: String(target),
    detail,
    ip: request.ip,
    request,
  });
}

/** Methods that change something. */
const CHANGE_METHODS = new Set(['POST', 'PUT', 'DELETE', 'PATCH']);

/**
 * POSTs that only read (lists, counts, searches, polls, engine claims). The rule: the route url's
 * last segment — or last two for `/list/all` — is one of these. Any other POST is a change.
 */
export const READ_ONLY_POST_SEGMENTS = new Set([
  'list',
  'all',
  'count',
  'sceneCount',
  'query',
  'poll',
  'claim',
  'bindable',
  'cameras',
]);

/** Whether a successful request with this method and route url is a change the safety net logs. */
export function isAuditedChange(method: string, routeUrl: string): boolean {
  if (!CHANGE_METHODS.has(method)) return false;
  if (method !== 'POST') return true;
  const segments = routeUrl.split('/').filter(Boolean);
  const last = segments.at(-1) ?? '';
  return !READ_ONLY_POST_SEGMENTS.has(last);
}

/** `id=5&accountId=2` from a route's params. */
function paramsTarget(params: unknown): string {
  if (!params || typeof params !== 'object') return '';
  return Object.entries(params as Record<string, unknown>)
    .map(([key, value]) => `${key}=${String(value)}`)
    .join('&')
    .slice(0, 500);
}

async function safetyNet(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const user = request.user;
  if (!user) return;
  if (reply.statusCode < 200 || reply.statusCode >= 300) return;
  const routeUrl = request.routeOptions.url;
  if (!routeUrl || !isAuditedChange(request.method, routeUrl)) return;
  if (request.routeOptions.config.audit === false) return;
  if (app.audit.wasWritten(request)) return;
  const detail: Record<string, unknown> = {};
  if (request.params && Object.keys(request.params as object).length > 0) detail.params = request.params;
  if (request.query && Object.keys(request.query as object).length > 0) detail.query = request.query;
  if (request.body !== undefined && request.body !== null && !request.isMultipart()) {
    detail.after = request.body;
  }
  await app.audit.write({
    request,
    action: `${request.method} ${routeUrl}`,
    target: paramsTarget(request.params),
    detail,
  });
}

/**
 * The audit safety net: every successful (2xx) POST/PUT/DELETE/PATCH of a logged-in user that did
 * not write an entry itself gets a generic one (`<METHOD> <route url>`, the params as target, the
 * body without secrets as `after`). Written in onSend — before the answer leaves — so that the
 * entry exists when the client sees the success. Read-only POSTs: `isAuditedChange`.
 */
export const auditSafetyNet = fp(
  async (app: FastifyInstance) => {
    // Every later hook and the handler run with the request in `currentRequest`.
    app.addHook('onRequest', (request, _reply, done) => {
      currentRequest.run(request, done);
    });
    app.addHook('onSend', async (request, reply, payload) => {
      await safetyNet(app, request, reply);
      return payload;
    });
  },
  { name: 'audit-safety-net', dependencies: ['services'] },
);

/**
 * A time filter value: ISO 8601, or a number string — 10 digits or fewer as epoch seconds
 * (SPEC §9), more as epoch milliseconds. Undefined when absent or unreadable.
 */
export function parseTimeFilter(value: string | undefined): Date | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  const text = value.trim();
  // Epoch seconds (≤ 10 digits) or milliseconds; past JavaScript's date range: no date (invalid).
  const date = /^\d+$/.test(text)
    ? new Date(text.length <= 10 ? Number(text) * 1000 : Number(text))
    : new Date(text);
  return Number.isNaN(date.getTime()) ? undefined : date;
}
