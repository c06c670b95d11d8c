import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Self-check (issue 14): image-checks. */
export const imageChecksRoutes: FastifyPluginAsyncZod = async () => {};
