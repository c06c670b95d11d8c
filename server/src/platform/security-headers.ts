import type { OutgoingHttpHeaders } from 'node:http';
import helmet from '@fastify/helmet';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';

/**
 * Browser security headers on every answer — the app, the API, media and downloads — through
 * @fastify/helmet:
 * - Content-Security-Policy: scripts from this origin only (the built app has no inline script);
 *   styles from this origin plus 'unsafe-inline', because antd's CSS-in-JS inserts <style>
 *   elements at run time and the video players, charts and flowchart set style attributes (a
 *   nonce would cover the elements, not the attributes); images from this origin, data: and
 *   blob:; video and streams from this origin (ws/wss included), blob: (MSE) and the media
 *   servers the configuration names; no plugins, no framing (`frame-ancestors 'none'`).
 * - X-Frame-Options DENY, X-Content-Type-Options nosniff, Referrer-Policy
 *   strict-origin-when-cross-origin, Cross-Origin-Opener-Policy same-origin.
 * - Strict-Transport-Security only on answers to requests that arrived over TLS (with
 *   TRUST_PROXY, as the proxy reports in X-Forwarded-Proto): over plain http it would be ignored
 *   at best and would lock a console without a certificate out at worst.
 * Swagger UI (/api/docs) works under the same policy (its scripts are files, not inline).
 *
 * The headers do not depend on the request, so helmet computes them once, at start, on a probe
 * instance, and every answer gets the copy: @fastify/helmet builds helmet's middleware again for
 * every request (parsing the CSP directives each time), ~2.5 % of the alarm list's server time in a
 * profile (bench/README.md, 2026-11-27).
 */

/** `scheme://host[:port]` of a configured media URL, or undefined (unset, relative, or unreadable). */
export function originOf(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    // Placeholders ({stream}, {token}, {origin}) may appear in a template's path or query.
    const parsed = new URL(url.replace(/\{\w+\}/g, 'x'));
    return parsed.host ? `${parsed.protocol}//${parsed.host}` : undefined;
  } catch {
    return undefined;
  }
}

/** Media servers' origins as browsers reach them, with the websocket twin of an http origin. */
export function mediaOrigins(urls: (string | undefined)[]): string[] {
  const origins = new Set<string>();
  for (const url of urls) {
    const origin = originOf(url);
    if (!origin || origin.startsWith('x:')) continue;
    origins.add(origin);
    if (origin.startsWith('http')) origins.add(origin.replace(/^http/, 'ws'));
    if (origin.startsWith('ws')) origins.add(origin.replace(/^ws/, 'http'));
  }
  return [...origins];
}

/** Headers of the probe's answer that are not helmet's. */
const PROBE_OWN_HEADERS = new Set(['content-type', 'content-length', 'date', 'connection', 'keep-alive']);

export const HSTS = 'max-age=31536000; includeSubDomains';

export async function installSecurityHeaders(app: FastifyInstance): Promise<void> {
  const config = app.appConfig;
  const media = mediaOrigins([
    config.mediaStreamTemplate,
    config.mediaRecordingsPublicUrl ?? config.mediaRecordingsUrl,
  ]);
  const probe = Fastify();
  await probe.register(helmet, {
    global: true,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        mediaSrc: ["'self'", 'blob:', ...media],
        connectSrc: ["'self'", ...media],
        workerSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // Only over TLS (below): helmet would send it on every answer.
    strictTransportSecurity: false,
    // The app loads nothing cross-origin that would need CORP/COEP; media servers are not asked to.
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-origin' },
  });
  probe.get('/', async () => '');
  const answer = await probe.inject('/');
  await probe.close();
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(answer.headers)) {
    if (typeof value === 'string' && !PROBE_OWN_HEADERS.has(name)) headers[name] = value;
  }
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
  app.addHook('onSend', async (request, reply) => {
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
  });
}

/**
 * The headers set on a reply so far (the security headers among them), for a route that hijacks
 * the reply and writes its own head (event stream, live video): they would be lost otherwise.
 */
export function replyHeaders(reply: FastifyReply): OutgoingHttpHeaders {
  const headers: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(reply.getHeaders())) {
    if (value !== undefined) headers[name] = value;
  }
  return headers;
}
