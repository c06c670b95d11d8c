import type { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { Access, RouteAccessRecord } from '../platform/types.ts';

/**
 * The permission matrix's table (permission-matrix.test.ts): every route the app registered, as
 * `app.routeAccess` records it, so a route added later is covered without touching the test.
 */

export interface MatrixRow extends RouteAccessRecord {
  /** "<METHOD> <url> (<access>)", the test case's name. */
  name: string;
}

export interface SkippedRoute {
  method: string;
  url: string;
  reason: string;
}

export function accessLabel(access: Access): string {
  if (typeof access === 'string') return access;
  if ('permission' in access) return `permission ${access.permission}`;
  if ('anyOf' in access) return `any of ${access.anyOf.join(', ')}`;
  return `all of ${access.allOf.join(', ')}`;
}

/** The permission codes a declaration names (none for 'public' and 'user'). */
export function accessCodes(access: Access): readonly string[] {
  if (typeof access === 'string') return [];
  if ('permission' in access) return [access.permission];
  return 'anyOf' in access ? access.anyOf : access.allOf;
}

/**
 * Whether a logged-in caller holding the codes `holds` accepts meets a declaration, read from the
 * declaration alone (the matrix's own reading, not platform/auth.ts's).
 */
export function meets(access: Access, holds: (code: string) => boolean): boolean {
  if (typeof access === 'string') return true;
  if ('permission' in access) return holds(access.permission);
  return 'anyOf' in access ? access.anyOf.some(holds) : access.allOf.every(holds);
}

/** Routes left out of the matrix, each with the reason (checked first to last). */
const SKIP_RULES: { test: (r: RouteAccessRecord, all: RouteAccessRecord[]) => boolean; reason: string }[] = [
  {
    test: (r, all) => r.method === 'HEAD' && all.some((o) => o.method === 'GET' && o.url === r.url),
    reason: "Fastify's automatic HEAD twin of a GET route (same handler and hooks as the GET row)",
  },
  {
    test: (r) => r.method === 'OPTIONS',
    reason: 'CORS preflight, not an API operation',
  },
  {
    test: (r) => r.url === '/api/docs' || r.url.startsWith('/api/docs/'),
    reason: 'swagger-ui (infrastructure, whitelisted public in platform/auth.ts)',
  },
  {
    test: (r) => r.url === '/*',
    reason: "@fastify/static's SPA wildcard (infrastructure, whitelisted public in platform/auth.ts)",
  },
];

export function matrixRows(app: FastifyInstance): { rows: MatrixRow[]; skipped: SkippedRoute[] } {
  const rows: MatrixRow[] = [];
  const skipped: SkippedRoute[] = [];
  const seen = new Set<string>();
  for (const route of app.routeAccess) {
    const key = `${route.method} ${route.url}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const rule = SKIP_RULES.find((r) => r.test(route, app.routeAccess));
    if (rule) {
      skipped.push({ method: route.method, url: route.url, reason: rule.reason });
      continue;
    }
    rows.push({ ...route, name: `${key} (${accessLabel(route.access)})` });
  }
  return { rows, skipped };
}

type ParamKind = 'integer' | 'string';

interface OpenApiDoc {
  paths?: Record<
    string,
    Record<string, { parameters?: { in?: string; name?: string; schema?: { type?: string } }[] }>
  >;
}

/** Path parameter kinds of every route, read from the OpenAPI document the app generates. */
export function pathParamKinds(app: FastifyInstance): Map<string, Record<string, ParamKind>> {
  const doc = app.swagger() as OpenApiDoc;
  const kinds = new Map<string, Record<string, ParamKind>>();
  for (const [path, operations] of Object.entries(doc.paths ?? {})) {
    for (const [method, operation] of Object.entries(operations)) {
      const params: Record<string, ParamKind> = {};
      for (const p of operation.parameters ?? []) {
        if (p.in !== 'path' || !p.name) continue;
        params[p.name] = p.schema?.type === 'integer' || p.schema?.type === 'number' ? 'integer' : 'string';
      }
      kinds.set(`${method.toUpperCase()} ${path}`, params);
    }
  }
  return kinds;
}

/** Fastify's `/a/:id/b` as OpenAPI's `/a/{id}/b`. */
const openApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

/** Harmless values: nothing in the matrix's database has id 999999. */
export const HARMLESS_INTEGER = '999999';
export const HARMLESS_STRING = 'x';
/** A value no integer or pattern-checked param accepts (used where the request must be refused first). */
export const INVALID_PARAM = 'not-valid!';

/**
 * A URL for the route. `valid`: each param gets a harmless value of its kind (integer 999999,
 * string 'x'; `overrides[name]` wins, for params with a pattern); `invalid`: each param gets a
 * value its schema refuses, so a 400 would show that validation ran before the access check.
 */
export function fillUrl(
  row: RouteAccessRecord,
  kinds: Map<string, Record<string, ParamKind>>,
  mode: 'valid' | 'invalid',
  overrides: Record<string, string> = {},
): string {
  const params = kinds.get(`${row.method} ${openApiPath(row.url)}`) ?? {};
  const value = (name: string) => {
    if (mode === 'invalid') return encodeURIComponent(INVALID_PARAM);
    if (overrides[name] !== undefined) return encodeURIComponent(overrides[name]);
    const kind = params[name] ?? (/(^id$|Id$)/.test(name) ? 'integer' : 'string');
    return kind === 'integer' ? HARMLESS_INTEGER : HARMLESS_STRING;
  };
  return row.url
    .replace(/:(\w+)/g, (_, name: string) => value(name))
    .replace(/\*$/, () => (mode === 'invalid' ? encodeURIComponent(INVALID_PARAM) : HARMLESS_STRING));
}

export interface Answer {
  status: number;
  /** The first bytes of the body (a streamed answer is cut after STREAM_WAIT_MS). */
  body: string;
}

/** How long a streamed answer (server-sent events, live video) is read before it is abandoned. */
const STREAM_WAIT_MS = 300;
const BODY_LIMIT = 400;

/** The first bytes of an answer: up to its end, or what came within `waitMs` (a stream that never ends). */
export function readSome(stream: Readable, waitMs = STREAM_WAIT_MS): Promise<string> {
  return new Promise((resolve) => {
    let text = '';
    const done = () => {
      clearTimeout(timer);
      stream.removeAllListeners('data');
      resolve(text.slice(0, BODY_LIMIT));
    };
    const timer = setTimeout(done, waitMs);
    stream.on('data', (chunk: Buffer) => {
      if (text.length < BODY_LIMIT) text += chunk.toString('utf8');
    });
    stream.once('end', done);
    stream.once('error', done);
  });
}

/**
 * One request through app.inject. The answer is taken as soon as its head is written
 * (payloadAsStream), so a route that streams forever (the event stream) answers like any other.
 */
export async function send(
  app: FastifyInstance,
  request: {
    method: string;
    url: string;
    token?: string;
    body?: 'empty' | 'broken';
    /** Also send the token as `?token=` and as the `user_token` cookie (the other sources auth reads). */
    tokenEverywhere?: boolean;
  },
): Promise<Answer> {
  const controller = new AbortController();
  const headers: Record<string, string> = { lang: 'en' };
  let url = request.url;
  if (request.token) headers.token = request.token;
  if (request.token && request.tokenEverywhere) {
    const token = encodeURIComponent(request.token);
    url += `${url.includes('?') ? '&' : '?'}token=${token}`;
    headers.cookie = `user_token=${token}`;
  }
  let payload: string | undefined;
  if (request.body && request.method !== 'GET' && request.method !== 'HEAD') {
    headers['content-type'] = 'application/json';
    payload = request.body === 'empty' ? '{}' : '{"broken';
  }
  const res = await app.inject({
    method: request.method as 'GET',
    url,
    headers,
    payload,
    payloadAsStream: true,
    signal: controller.signal,
  });
  const stream = res.stream();
  stream.on('error', () => undefined);
  const body = await readSome(stream);
  controller.abort();
  return { status: res.statusCode, body };
}
