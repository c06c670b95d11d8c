import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** HTTP routes of the devices domain, mounted under /api/v2/backend. */
export const devicesRoutes: FastifyPluginAsyncZod = async () => {};
