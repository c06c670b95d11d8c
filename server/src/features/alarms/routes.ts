import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Alarm list, detail and handling (SPEC §7 "Alarms"), mounted under /api/v2/backend. */
export const alarmsRoutes: FastifyPluginAsyncZod = async () => {};
