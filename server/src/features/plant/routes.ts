import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** HTTP routes of the plant domain, mounted under /api/v2/backend. */
export const plantRoutes: FastifyPluginAsyncZod = async () => {};
