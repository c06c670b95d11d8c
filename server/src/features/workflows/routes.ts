import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** HTTP routes of the workflows domain, mounted under /api/v2/backend. */
export const workflowsRoutes: FastifyPluginAsyncZod = async () => {};
