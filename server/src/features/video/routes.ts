import type { FastifyPluginAsync } from 'fastify';
import { demoStreamRoutes } from './demo-stream/routes.ts';
import { streamAddressRoutes } from './stream-routes.ts';
import { videoWallRoutes } from './wall-routes.ts';

/** Live video (issue 5), mounted under /api/v2/video: stream addresses, media-server hooks, demo source. */
export const videoRoutes: FastifyPluginAsync = async (app) => {
  await app.register(streamAddressRoutes);
  await app.register(demoStreamRoutes);
  await app.register(videoWallRoutes);
};
