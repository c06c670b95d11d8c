import {
  MATRIX_MAX_CELLS,
  matrixQuery,
  matrixResult,
  RUN_EVIDENCE_ROUTES,
  RUN_LOG_DEFAULT_HOURS,
  runLogQuery,
  runLogResult,
} from '@sentinel/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../platform/auth.ts';
import { envelopeOf, ok } from '../../platform/envelope.ts';
import { notFound } from '../../platform/errors.ts';
import { visibleScenes } from '../../platform/scene-authority.ts';
import { pageOffset } from '../../platform/sql.ts';
import { bindingEvidence, type EvidenceWindow, missingFilter } from './repo.ts';
import { matrixCellOf, runLogRowOf } from './rules.ts';

const HOUR_MS = 3_600_000;

/** The range asked for, or the last 24 h; the silence's reference is its end (now at the latest). */
export function windowOf(startTime: string | undefined, endTime: string | undefined, now: Date) {
  const end = endTime ? new Date(endTime) : now;
  const start = startTime ? new Date(startTime) : new Date(end.getTime() - RUN_LOG_DEFAULT_HOURS * HOUR_MS);
  const reference = end.getTime() < now.getTime() ? end : now;
  return { start, end, reference, now } satisfies EvidenceWindow;
}

/** Self-check (issue 14): run-evidence — alarmRunLog and the sceneCameraAlgorithms matrix. */
export const runEvidenceRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['self-check'];

  /** 404 when a filter names a scene, camera or algorithm that does not exist. */
  const checkFilters = async (f: { sceneId?: number; cameraId?: number; algorithmId?: number }) => {
    const missing = await missingFilter(app.db, f);
    if (missing) throw notFound(`runEvidence.${missing}NotFound`);
  };

  app.post(RUN_EVIDENCE_ROUTES.runLog, {
    config: { access: { permission: 'alarmRunLog' } },
    schema: {
      tags,
      summary:
        'Per scene × camera × algorithm binding: last alarm, alarms in range, rate, silence and the silent flag',
      body: runLogQuery,
      response: { 200: envelopeOf(runLogResult) },
    },
    handler: async (request) => {
      const q = request.body;
      await checkFilters(q);
      const w = windowOf(q.startTime, q.endTime, app.appConfig.now());
      const scenes = await visibleScenes(app.db, requireUser(request));
      const rows = await bindingEvidence(
        app.db,
        { sceneId: q.sceneId, cameraId: q.cameraId, algorithmId: q.algorithmId, scenes },
        w,
        { limit: q.limit, offset: pageOffset(q.page, q.limit) },
      );
      return ok(request, {
        total: rows[0]?.total ?? 0,
        startTime: w.start.toISOString(),
        endTime: w.end.toISOString(),
        referenceTime: w.reference.toISOString(),
        rows: rows.map((r) => runLogRowOf(r, w)),
      });
    },
  });

  app.post(RUN_EVIDENCE_ROUTES.matrix, {
    config: { access: { permission: 'sceneCameraAlgorithms' } },
    schema: {
      tags,
      summary: 'Every scene × camera × algorithm binding coloured by its last 24 h of evidence',
      body: matrixQuery,
      response: { 200: envelopeOf(matrixResult) },
    },
    handler: async (request) => {
      const q = request.body ?? {};
      await checkFilters(q);
      const w = windowOf(undefined, undefined, app.appConfig.now());
      const scenes = await visibleScenes(app.db, requireUser(request));
      const rows = await bindingEvidence(
        app.db,
        { sceneId: q.sceneId, cameraId: q.cameraId, algorithmId: q.algorithmId, scenes },
        w,
        { limit: MATRIX_MAX_CELLS, offset: 0 },
      );
      return ok(request, {
        startTime: w.start.toISOString(),
        endTime: w.end.toISOString(),
        cells: rows.map((r) => matrixCellOf(r, w)),
        truncated: (rows[0]?.total ?? 0) > rows.length,
      });
    },
  });
};
