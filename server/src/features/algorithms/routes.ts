import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** HTTP routes of the algorithms domain, mounted under /api/v2/backend. */
export const algorithmsRoutes: FastifyPluginAsyncZod = async () => {};
