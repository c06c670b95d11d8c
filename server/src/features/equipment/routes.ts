import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dcsRoutes } from './dcs-routes.ts';
import { iotRoutes } from './iot-routes.ts';
import { mailRoutes } from './mail-routes.ts';
import { sensorRoutes } from './sensor-routes.ts';
import { serverRoutes } from './server-routes.ts';

/** HTTP routes of the equipment domain, mounted under /api/v2/backend. */
export const equipmentRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(iotRoutes);
  await app.register(sensorRoutes);
  await app.register(dcsRoutes);
  await app.register(serverRoutes);
  await app.register(mailRoutes);
};
