import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Self-check (issue 14): protocol-log. */
export const protocolLogRoutes: FastifyPluginAsyncZod = async () => {};
