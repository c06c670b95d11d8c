import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { algorithmRoutes } from './algorithm-routes.ts';
import { typeRoutes } from './type-routes.ts';

/** HTTP routes of the algorithms domain, mounted under /api/v2/backend. */
export const algorithmsRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(typeRoutes);
  await app.register(algorithmRoutes);
};
