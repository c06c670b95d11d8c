import type { FixedOperationItem } from '@sentinel/contract';
import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { fixedOperation, jobType, scene, workflow } from '../../db/schema/index.ts';
import { sceneIdCondition, type VisibleScenes } from '../../platform/scene-authority.ts';
import { keywordMatch, pageOffset } from '../../platform/sql.ts';
import { areaPaths } from './repo.ts';

/** Fixed operations as the API shows them, each with its workflow's flowchart (empty without one). */
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
  if (page) query = query.limit(page.limit).offset(pageOffset(page.page, page.limit));
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

export interface FixedOperationFilter {
  page: number;
  limit: number;
  keyword?: string;
  jobTypeId?: number | null;
  enabled?: boolean | null;
}

/** A page of the fixed operations of the `visible` scenes, latest change first, and their number. */
export async function listFixedOperations(
  db: Db,
  filter: FixedOperationFilter,
  visible: VisibleScenes,
): Promise<{ list: FixedOperationItem[]; count: number }> {
  const { page, limit, keyword, jobTypeId, enabled } = filter;
  const where = and(
    sceneIdCondition(visible, scene.id),
    keywordMatch(keyword, [scene.name]),
    jobTypeId ? eq(fixedOperation.jobTypeId, jobTypeId) : undefined,
    enabled === undefined || enabled === null ? undefined : eq(scene.enabled, enabled),
  );
  const [total] = await db
    .select({ n: count() })
    .from(fixedOperation)
    .innerJoin(scene, eq(scene.id, fixedOperation.sceneId))
    .where(where);
  const rows = await operations(db, where, { page, limit });
  return { list: rows.map((r) => r.item), count: Number(total?.n ?? 0) };
}

/** One fixed operation with its flowchart. */
export async function findFixedOperation(db: Db, id: number) {
  const [row] = await operations(db, eq(fixedOperation.id, id));
  return row;
}
