import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Self-check (issue 14): camera-health. */
export const cameraHealthRoutes: FastifyPluginAsyncZod = async () => {};
