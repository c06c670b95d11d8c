import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Self-check (issue 14): queue-monitor. */
export const queueMonitorRoutes: FastifyPluginAsyncZod = async () => {};
