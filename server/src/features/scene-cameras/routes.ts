import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** HTTP routes of the scene-cameras domain, mounted under /api/v2/backend. */
export const sceneCamerasRoutes: FastifyPluginAsyncZod = async () => {};
