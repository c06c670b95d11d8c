import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireUser } from '../../platform/auth.ts';
import { badRequest } from '../../platform/errors.ts';
import { canSeeScene, visibleScenes } from '../../platform/scene-authority.ts';
import { sceneExists } from './alarm-analysis-repo.ts';
import type { RangeFilters } from './range-counts-repo.ts';

/** The API paths of ANALYSIS_API below the backend prefix the feature is mounted under. */
const API_PREFIX = '/api/v2/backend';
export const under = (path: string) => path.slice(API_PREFIX.length);

const unknownScene = () =>
  badRequest('analysis.unknownScene', [{ field: 'sceneId', message: 'analysis.unknownScene' }]);

/**
 * The caller's scene authority and the plant / area / scene filters of an analysis. A scene the
 * caller cannot see answers 400 'analysis.unknownScene' here; one that does not exist answers the
 * same from `requireScene` (the same answer for both, so an account learns nothing of scenes it
 * does not see).
 */
export async function analysisScope(
  app: FastifyInstance,
  request: FastifyRequest,
  query: { factoryId?: number; areaId?: number; sceneId?: number } = {},
): Promise<RangeFilters> {
  const scenes = await visibleScenes(app.db, requireUser(request));
  if (query.sceneId !== undefined && !canSeeScene(scenes, query.sceneId)) throw unknownScene();
  return { scenes, factoryId: query.factoryId, areaId: query.areaId, sceneId: query.sceneId };
}

/**
 * 400 'analysis.unknownScene' when the filter's scene does not exist. Called inside the cached
 * computation: callers with the same scene set and filters share its answer (a refusal is not kept).
 */
export async function requireScene(app: FastifyInstance, filters: RangeFilters): Promise<void> {
  if (filters.sceneId !== undefined && !(await sceneExists(app.db, filters.sceneId))) throw unknownScene();
}

/** Cache key of an answer: the scene set and the query (filters included). */
export const cacheKey = (kind: string, filters: RangeFilters, query: unknown) =>
  `${kind}:${JSON.stringify([filters, query])}`;
