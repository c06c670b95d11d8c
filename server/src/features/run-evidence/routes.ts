import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Self-check (issue 14): run-evidence. */
export const runEvidenceRoutes: FastifyPluginAsyncZod = async () => {};
