import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Self-check (issue 14): system-status. */
export const systemStatusRoutes: FastifyPluginAsyncZod = async () => {};
