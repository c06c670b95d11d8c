import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** HTTP routes of the equipment domain, mounted under /api/v2/backend. */
export const equipmentRoutes: FastifyPluginAsyncZod = async () => {};
