import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Engine keys and the engines' ingest API, mounted under /api/v2/backend. */
export const ingestRoutes: FastifyPluginAsyncZod = async () => {};
