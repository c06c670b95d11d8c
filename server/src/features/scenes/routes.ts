import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** HTTP routes of the scenes domain, mounted under /api/v2/backend. */
export const scenesRoutes: FastifyPluginAsyncZod = async () => {};
