import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Job runs (historyAssignment): ingest, history tasks, task details, safety rate (issue 4 §7). */
export const jobRunsRoutes: FastifyPluginAsyncZod = async () => {};
