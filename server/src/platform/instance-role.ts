import type { FastifyInstance } from 'fastify';
import { AppError } from './errors.ts';
import { detectLang } from './i18n.ts';

/**
 * What an instance serves (ROLE, default `all`): `ingest` the engines' ingest API
 * (`/api/v2/backend/ingest/…`: alarms, events, DCS alarms) and `/healthz` only; `web` everything
 * else (the console, its API, media, event streams); `all` both. Behind nginx, the ingest path goes
 * to ingest instances and the rest to web instances (deploy/nginx/sentinel.conf, README
 * "Deployment"), so that consoles listing alarms never take CPU or database connections from the
 * engines (issue 17 §3).
 *
 * A call the instance does not serve is answered 421 Misdirected Request with a message naming
 * the role, before authentication: the sender (or the proxy's routing) is at fault, not the call.
 * Background work (plan tasks, job queues, samplers) runs on every role.
 */
export type InstanceRole = 'all' | 'web' | 'ingest';
export const INSTANCE_ROLES = ['all', 'web', 'ingest'] as const;

/** The engines' ingest API (paths under the API prefix). */
export const INGEST_PATH = '/ingest/';

/** Whether an instance of `role` serves the route `url` (its pattern, as registered). */
export function servesRoute(role: InstanceRole, url: string, apiPrefix: string): boolean {
  if (role === 'all' || url === '/healthz') return true;
  const ingest = url.startsWith(`${apiPrefix}${INGEST_PATH}`);
  return role === 'ingest' ? ingest : !ingest;
}

/** Must be installed before the auth plugin: a misdirected call is refused before its credentials. */
export function installInstanceRole(app: FastifyInstance, role: InstanceRole, apiPrefix: string): void {
  if (role === 'all') return;
  const code = role === 'ingest' ? 'instance.ingestOnly' : 'instance.webOnly';
  app.addHook('onRequest', async (request) => {
    // Unmatched paths (404, the web app's fallback) have no route pattern: judge the raw path.
    const url = request.routeOptions.url ?? request.url.split('?')[0] ?? '';
    if (servesRoute(role, url, apiPrefix)) return;
    request.lang = detectLang(request); // the auth hook, which sets it, has not run yet
    throw new AppError(421, code);
  });
}
