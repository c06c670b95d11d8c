import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { cameraRoutes } from './camera-routes.ts';
import { cameraCatalogueRoutes } from './catalogue-routes.ts';
import { rotationRoutes } from './rotation-routes.ts';
import { virtualCameraRoutes } from './virtual-camera-routes.ts';

/**
 * HTTP routes of the devices domain, mounted under /api/v2/backend: camera types, cameras
 * (with snapshots), camera platforms, rotation groups and virtual cameras.
 */
export const devicesRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(cameraCatalogueRoutes);
  await app.register(cameraRoutes);
  await app.register(rotationRoutes);
  await app.register(virtualCameraRoutes);
};
