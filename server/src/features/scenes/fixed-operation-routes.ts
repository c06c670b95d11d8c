import {
  fixedOperationDetail,
  fixedOperationItem,
  fixedOperationListQuery,
  idParams,
} from '@sentinel/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../platform/auth.ts';
import { envelopeOf, ok } from '../../platform/envelope.ts';
import { notFound } from '../../platform/errors.ts';
import { canSeeScene, visibleScenes } from '../../platform/scene-authority.ts';
import { findFixedOperation, listFixedOperations } from './fixed-operation-repo.ts';
import { findScene, sceneCameras } from './repo.ts';

/**
 * Fixed operations (SPEC §7 "Other"): the job type and flowchart of each job scene; only those of
 * the caller's visible scenes (scene authority), others answer 404.
 */
export const fixedOperationRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['fixed operations'];

  app.post('/fixedOperation/list', {
    config: { access: 'user' },
    schema: {
      tags,
      summary: 'Fixed operations (page size up to 1000, SPEC §9)',
      body: fixedOperationListQuery,
      response: { 200: envelopeOf(z.object({ list: z.array(fixedOperationItem), count: z.number() })) },
    },
    handler: async (request) => {
      const scenes = await visibleScenes(app.db, requireUser(request));
      return ok(request, await listFixedOperations(app.db, request.body, scenes));
    },
  });

  app.get('/fixedOperation/:id', {
    config: { access: 'user' },
    schema: {
      tags,
      summary: 'A fixed operation with its flowchart and its scene (cameras included)',
      params: idParams,
      response: { 200: envelopeOf(fixedOperationDetail) },
    },
    handler: async (request) => {
      const row = await findFixedOperation(app.db, request.params.id);
      if (!row || !canSeeScene(await visibleScenes(app.db, requireUser(request)), row.item.sceneId)) {
        throw notFound();
      }
      const found = await findScene(app.db, row.item.sceneId);
      if (!found) throw notFound();
      const scene = { ...found, cameras: await sceneCameras(app.db, found.id) };
      return ok(request, { ...row.item, chart: row.chart, scene });
    },
  });
};
