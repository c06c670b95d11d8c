import {
  type FixedOperationItem,
  fixedOperationDetail,
  fixedOperationItem,
  fixedOperationListQuery,
  idParams,
} from '@sentinel/contract';
import { and, count, desc, eq, ilike, type SQL } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { fixedOperation, jobType, scene, workflow } from '../../db/schema/index.ts';
import { requireUser } from '../../platform/auth.ts';
import { envelopeOf, ok } from '../../platform/envelope.ts';
import { notFound } from '../../platform/errors.ts';
import { canSeeScene, sceneIdCondition, visibleScenes } from '../../platform/scene-authority.ts';
import { likePattern } from '../../platform/sql.ts';
import { areaPaths, findScene, sceneCameras } from './repo.ts';

async function operations(db: Db, where: SQL | undefined, page?: { page: number; limit: number }) {
  let query = db
    .select({
      id: fixedOperation.id,
      sceneId: scene.id,
      sceneName: scene.name,
      enabled: scene.enabled,
      areaId: scene.areaId,
      jobTypeId: jobType.id,
      jobTypeName: jobType.name,
      workflowId: fixedOperation.workflowId,
      workflowName: workflow.name,
      chart: workflow.chart,
      updatedAt: fixedOperation.updatedAt,
    })
    .from(fixedOperation)
    .innerJoin(scene, eq(scene.id, fixedOperation.sceneId))
    .innerJoin(jobType, eq(jobType.id, fixedOperation.jobTypeId))
    .leftJoin(workflow, eq(workflow.id, fixedOperation.workflowId))
    .where(where)
    .orderBy(desc(fixedOperation.updatedAt), desc(fixedOperation.id))
    .$dynamic();
  if (page) query = query.limit(page.limit).offset((page.page - 1) * page.limit);
  const rows = await query;
  const paths = await areaPaths(db);
  return rows.map((r) => ({
    item: {
      id: r.id,
      sceneId: r.sceneId,
      sceneName: r.sceneName,
      enabled: r.enabled,
      areaId: r.areaId,
      areaName: paths.get(r.areaId)?.at(-1) ?? '',
      jobTypeId: r.jobTypeId,
      jobTypeName: r.jobTypeName,
      workflowId: r.workflowId,
      workflowName: r.workflowName,
      updatedAt: r.updatedAt.toISOString(),
    } satisfies FixedOperationItem,
    chart: r.chart ?? { nodes: [], edges: [] },
  }));
}

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
      const { page, limit, keyword, jobTypeId, enabled } = request.body;
      const scenes = await visibleScenes(app.db, requireUser(request));
      const where = and(
        sceneIdCondition(scenes, scene.id),
        keyword ? ilike(scene.name, likePattern(keyword)) : undefined,
        jobTypeId ? eq(fixedOperation.jobTypeId, jobTypeId) : undefined,
        enabled === undefined || enabled === null ? undefined : eq(scene.enabled, enabled),
      );
      const [total] = await app.db
        .select({ n: count() })
        .from(fixedOperation)
        .innerJoin(scene, eq(scene.id, fixedOperation.sceneId))
        .where(where);
      const rows = await operations(app.db, where, { page, limit });
      return ok(request, { list: rows.map((r) => r.item), count: Number(total?.n ?? 0) });
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
      const [row] = await operations(app.db, eq(fixedOperation.id, request.params.id));
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
