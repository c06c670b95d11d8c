import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** TODO(issue 12): being built. */
export const dashboardRoutes: FastifyPluginAsyncZod = async () => {};
