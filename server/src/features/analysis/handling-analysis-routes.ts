import {
  ANALYSIS_API,
  type AnalysisQuery,
  analysisQuery,
  efficiencyAnalysis,
  myStatistics,
  myStatisticsQuery,
  safetyAnalysis,
} from '@sentinel/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../platform/auth.ts';
import { envelopeOf, ok } from '../../platform/envelope.ts';
import { badRequest, forbidden, notFound } from '../../platform/errors.ts';
import { canSeeScene, type VisibleScenes, visibleScenes } from '../../platform/scene-authority.ts';
import { efficiencyAnalysisOf } from './efficiency.ts';
import { sceneExists } from './handling-repo.ts';
import { findAccount, myStatisticsOf } from './my-statistics-repo.ts';
import { safetyAnalysisOf } from './safety-repo.ts';

/** Paths below the API prefix the feature is mounted under. */
const under = (path: string) => path.replace(/^\/api\/v2\/backend/, '');

/** Safety and efficiency analyses and My desk › Alarm statistics (issue 12), mounted under /api/v2/backend. */
export const handlingAnalysisRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['analysis'];

  /** The caller's scenes; 400 'analysis.unknownScene' when the asked scene is unknown or not theirs. */
  async function scenesFor(request: FastifyRequest, q: AnalysisQuery): Promise<VisibleScenes> {
    const scenes = await visibleScenes(app.db, requireUser(request));
    if (
      q.sceneId !== undefined &&
      (!canSeeScene(scenes, q.sceneId) || !(await sceneExists(app.db, q.sceneId)))
    ) {
      throw badRequest('analysis.unknownScene');
    }
    return scenes;
  }

  /** The answers change only with an ingest, a handling or a run report, which clear this cache. */
  const cacheKey = (kind: string, scenes: VisibleScenes, q: object) =>
    `${kind}:${scenes === 'all' ? 'all' : scenes.join(',')}:${JSON.stringify(q)}`;

  app.post(under(ANALYSIS_API.safety), {
    // Reads: no audit entry (the safety net would log every POST not named like a list).
    config: { access: 'user', audit: false },
    schema: {
      tags,
      summary:
        'Safety analysis: job runs started in the range (as History tasks) by outcome and scene, safety rates, alarms raised during runs by type, the riskiest scenes',
      body: analysisQuery,
      response: { 200: envelopeOf(safetyAnalysis) },
    },
    handler: async (request) => {
      const scenes = await scenesFor(request, request.body);
      // Runs and alarms change only with a run report, an ingest or a handling, which clear this cache.
      const answer = await app.alarmCounts.get(cacheKey('safety', scenes, request.body), () =>
        safetyAnalysisOf(app.db, request.body, scenes, {
          partials: app.dayPartials,
          now: app.appConfig.now().getTime(),
        }),
      );
      return ok(request, answer);
    },
  });

  app.post(under(ANALYSIS_API.efficiency), {
    // Reads: no audit entry (the safety net would log every POST not named like a list).
    config: { access: 'user', audit: false },
    schema: {
      tags,
      summary:
        'Efficiency analysis of the alarms raised in the range: time to handling (median, p90) by level, scene and handler, backlog, approval turnaround, false positives per algorithm',
      body: analysisQuery,
      response: { 200: envelopeOf(efficiencyAnalysis) },
    },
    handler: async (request) => {
      const scenes = await scenesFor(request, request.body);
      const answer = await app.alarmCounts.get(cacheKey('efficiency', scenes, request.body), () =>
        efficiencyAnalysisOf(app.db, request.body, scenes, {
          partials: app.dayPartials,
          now: app.appConfig.now().getTime(),
        }),
      );
      return ok(request, answer);
    },
  });

  app.post(under(ANALYSIS_API.mine), {
    // Reads: no audit entry (the safety net would log every POST not named like a list).
    config: { access: 'user', audit: false },
    schema: {
      tags,
      summary:
        "My desk › Alarm statistics: the account's deal, cancel, approve and noApprove actions in the range, trend, handling times, by level (another account: admins only)",
      body: myStatisticsQuery,
      response: { 200: envelopeOf(myStatistics) },
    },
    handler: async (request) => {
      const user = requireUser(request);
      const accountId = request.body.accountId ?? user.accountId;
      if (accountId !== user.accountId && !user.isAdmin) throw forbidden();
      const who = await findAccount(app.db, accountId);
      if (!who) throw notFound('account.notFound');
      const scenes = await visibleScenes(app.db, user);
      const answer = await app.alarmCounts.get(cacheKey(`mine:${accountId}`, scenes, request.body), () =>
        myStatisticsOf(app.db, who, request.body, scenes, {
          partials: app.dayPartials,
          now: app.appConfig.now().getTime(),
        }),
      );
      return ok(request, answer);
    },
  });
};
