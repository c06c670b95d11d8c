import { createHash } from 'node:crypto';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './errors.ts';

/**
 * Request budgets (@fastify/rate-limit, one minute windows), keyed by who is calling rather than
 * where from: a logged-in call counts against its session (a control room behind one NAT address
 * does not share one budget), an engine's call against its key, and only anonymous calls against
 * their address. The hook runs after authentication (route-level onRequest), so the session and
 * the engine are known; a call refused there (401) never reaches a budget. `/healthz` has none:
 * a load balancer polling it must never see 429.
 */

export interface RateLimits {
  /** Per session (logged in) or per address (anonymous), a minute. */
  general: number;
  /** Per engine key, a minute: the 429 carries Retry-After for the engine to back off. */
  ingest: number;
}

const engineKeyOf = (request: FastifyRequest): string | undefined => {
  const header = request.headers['x-engine-key'];
  const key = Array.isArray(header) ? header[0] : header;
  return key ? createHash('sha256').update(key).digest('hex').slice(0, 32) : undefined;
};

/** The budget a request counts against. */
export function rateLimitKey(request: FastifyRequest): string {
  if (request.user) return `session:${request.user.tokenHash}`;
  const engine = engineKeyOf(request);
  if (engine) return `engine:${engine}`;
  return `address:${request.ip}`;
}

export async function installRateLimits(app: FastifyInstance, limits: RateLimits): Promise<void> {
  await app.register(rateLimit, {
    global: true,
    timeWindow: 60_000,
    keyGenerator: rateLimitKey,
    max: (_request, key) => (key.startsWith('engine:') ? limits.ingest : limits.general),
    errorResponseBuilder: () => new AppError(429, 'error.rateLimited'),
  });
}
