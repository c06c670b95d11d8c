import { ANALYSIS_API, alarmAnalysis, analysisQuery } from '@sentinel/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeOf, ok } from '../../platform/envelope.ts';
import { alarmAnalysisOf } from './alarm-analysis.ts';
import { analysisScope, cacheKey, requireScene, under } from './scope.ts';

/** Alarm analysis (issue 12 §2): counts of a range by time, level, type, area, scene and camera. */
export const alarmAnalysisRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(under(ANALYSIS_API.alarm), {
    // Reads: no audit entry (the safety net would log every POST not named like a list).
    config: { access: 'user', audit: false },
    schema: {
      tags: ['analysis'],
      summary: 'Alarm analysis of a range: totals, trend, by level, type, area, scene, top cameras',
      body: analysisQuery,
      response: { 200: envelopeOf(alarmAnalysis) },
    },
    handler: async (request) => {
      const query = request.body;
      const filters = await analysisScope(app, request, query);
      // Shared by every console asking the same; cleared by every ingest and state change.
      const answer = await app.alarmCounts.get(cacheKey('alarmAnalysis', filters, query), async () => {
        await requireScene(app, filters);
        const now = app.appConfig.now().getTime();
        return alarmAnalysisOf(app.db, query, filters, now, { partials: app.dayPartials, now });
      });
      return ok(request, answer);
    },
  });
};
