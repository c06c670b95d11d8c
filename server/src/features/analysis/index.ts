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

// For System settings › Running effect (issue 15 §3): the analyses' own computations, not a copy.
export { alarmAnalysisOf } from './alarm-analysis.ts';
export { efficiencyAnalysisOf } from './efficiency.ts';
export type { RangeFilters } from './range-counts-repo.ts';
// For report sending (issue 16): the safety analysis as the analysis page computes it.
export { safetyAnalysisOf } from './safety-repo.ts';
