/** The analysis feature's public face (ARCHITECTURE.md, import rules): home figures and analyses. */
import type { FastifyPluginAsync } from 'fastify';
import { alarmAnalysisRoutes } from './alarm-analysis-routes.ts';
import { dashboardRoutes } from './dashboard-routes.ts';
import { handlingAnalysisRoutes } from './handling-analysis-routes.ts';

export const analysisRoutes: FastifyPluginAsync = async (app) => {
  await app.register(dashboardRoutes);
  await app.register(alarmAnalysisRoutes);
  await app.register(handlingAnalysisRoutes);
};
