import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Signed live stream addresses, getCameraVideoPath and the media-server play hooks (issue 5 §2). */
export const streamAddressRoutes: FastifyPluginAsyncZod = async () => {};
