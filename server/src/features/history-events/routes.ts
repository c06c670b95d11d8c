import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Events and DCS alarms: ingest, lists (issue 4 §7). */
export const historyEventsRoutes: FastifyPluginAsyncZod = async () => {};
