import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Self-check (issue 14): run-reports. */
export const runReportsRoutes: FastifyPluginAsyncZod = async () => {};
