import type { JobStateValue, SceneItem, SceneKind, TemporaryJobItem } from '@sentinel/contract';
import { and, asc, count, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  camera,
  fixedOperation,
  jobType,
  plantNode,
  scene,
  sceneCamera,
  temporaryJob,
  workflow,
} from '../../db/schema/index.ts';
import { sceneIdCondition, type VisibleScenes } from '../../platform/scene-authority.ts';
import { likePattern, pageOffset } from '../../platform/sql.ts';

/** Media url of a stored path (platform/media.ts serves it to logged-in users). */
export const snapshotUrl = (path: string | null) =>
  path ? `/api/v2/backend/media/${path.split('/').map(encodeURIComponent).join('/')}` : null;

/** Names from the root down to each node (the plant tree is small: read it whole). */
export async function areaPaths(db: Db): Promise<Map<number, string[]>> {
  const nodes = await db
    .select({ id: plantNode.id, parentId: plantNode.parentId, name: plantNode.name })
    .from(plantNode);
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const paths = new Map<number, string[]>();
  for (const node of nodes) {
    const names: string[] = [];
    const seen = new Set<number>();
    let current: typeof node | undefined = node;
    while (current && !seen.has(current.id)) {
      seen.add(current.id);
      names.unshift(current.name);
      current = current.parentId === null ? undefined : byId.get(current.parentId);
    }
    paths.set(node.id, names);
  }
  return paths;
}

export interface SceneFilter {
  kind: SceneKind;
  keyword?: string;
  areaId?: number | null;
  enabled?: boolean | null;
  ids?: number[];
  /** Temporary jobs: where the job stands at `now` (see contract JOB_STATES). */
  jobState?: JobStateValue | null;
  now?: Date;
  /** Scene authority of the caller (omitted: every scene). */
  visible?: VisibleScenes;
}

/** Temporary job scenes whose job stands at `state` at `now` (before start / running / after end). */
function jobStateWhere(state: JobStateValue, now: Date): SQL {
  const at = sql`${now.toISOString()}::timestamptz`;
  const started = sql`(${temporaryJob.startTime} is null or ${temporaryJob.startTime} <= ${at})`;
  const ended = sql`(${temporaryJob.endTime} is not null and ${temporaryJob.endTime} <= ${at})`;
  const cond =
    state === 'notStarted'
      ? sql`not ${started}`
      : state === 'ended'
        ? sql`${started} and ${ended}`
        : sql`${started} and not ${ended}`;
  return sql`exists (select 1 from ${temporaryJob} where ${temporaryJob.sceneId} = ${scene.id} and ${cond})`;
}

function sceneWhere(filter: SceneFilter): SQL | undefined {
  const parts: Array<SQL | undefined> = [eq(scene.kind, filter.kind)];
  const keyword = filter.keyword?.trim();
  if (keyword) {
    const pattern = likePattern(keyword);
    parts.push(
      or(
        ilike(scene.name, pattern),
        ilike(scene.description, pattern),
        // temporary jobs: their number and name too
        sql`exists (select 1 from ${temporaryJob} where ${temporaryJob.sceneId} = ${scene.id}
          and (${temporaryJob.number} ilike ${pattern} or ${temporaryJob.name} ilike ${pattern}))`,
      ),
    );
  }
  if (filter.areaId) parts.push(eq(scene.areaId, filter.areaId));
  if (filter.enabled !== undefined && filter.enabled !== null) parts.push(eq(scene.enabled, filter.enabled));
  if (filter.ids) parts.push(inArray(scene.id, filter.ids));
  if (filter.jobState) parts.push(jobStateWhere(filter.jobState, filter.now ?? new Date()));
  if (filter.visible) parts.push(sceneIdCondition(filter.visible, scene.id));
  return and(...parts);
}

const iso = (value: Date | null) => (value ? value.toISOString() : null);

/** Scene rows with everything a list shows (area path, job type, fixed operation / temporary job, camera counts). */
async function hydrate(db: Db, rows: Array<typeof scene.$inferSelect>): Promise<SceneItem[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [paths, types, operations, jobs, cameraCounts] = await Promise.all([
    areaPaths(db),
    db.select({ id: jobType.id, name: jobType.name }).from(jobType),
    db
      .select({
        id: fixedOperation.id,
        sceneId: fixedOperation.sceneId,
        workflowId: fixedOperation.workflowId,
        workflowName: workflow.name,
      })
      .from(fixedOperation)
      .leftJoin(workflow, eq(workflow.id, fixedOperation.workflowId))
      .where(inArray(fixedOperation.sceneId, ids)),
    db.select().from(temporaryJob).where(inArray(temporaryJob.sceneId, ids)),
    db
      .select({
        sceneId: sceneCamera.sceneId,
        total: count(),
        enabled: sql<number>`count(*) filter (where ${sceneCamera.enabled})`,
      })
      .from(sceneCamera)
      .where(inArray(sceneCamera.sceneId, ids))
      .groupBy(sceneCamera.sceneId),
  ]);
  const typeName = new Map(types.map((t) => [t.id, t.name]));
  const opBy = new Map(operations.map((o) => [o.sceneId, o]));
  const jobBy = new Map(jobs.map((j) => [j.sceneId, j]));
  const camBy = new Map(cameraCounts.map((c) => [c.sceneId, c]));
  return rows.map((row) => {
    const path = paths.get(row.areaId) ?? [];
    const op = opBy.get(row.id);
    const job = jobBy.get(row.id);
    const cams = camBy.get(row.id);
    const temporary: TemporaryJobItem | null = job
      ? {
          id: job.id,
          number: job.number,
          name: job.name,
          operator: job.operator,
          teamLeader: job.teamLeader,
          guardian: job.guardian,
          address: job.address,
          startTime: iso(job.startTime),
          endTime: iso(job.endTime),
        }
      : null;
    return {
      id: row.id,
      name: row.name,
      kind: row.kind as SceneKind,
      areaId: row.areaId,
      areaName: path.at(-1) ?? '',
      areaPath: path,
      jobTypeId: row.jobTypeId,
      jobTypeName: row.jobTypeId === null ? null : (typeName.get(row.jobTypeId) ?? null),
      enabled: row.enabled,
      description: row.description,
      cameraCount: Number(cams?.total ?? 0),
      enabledCameraCount: Number(cams?.enabled ?? 0),
      fixedOperation: op
        ? { id: op.id, workflowId: op.workflowId, workflowName: op.workflowName ?? null }
        : null,
      temporaryJob: temporary,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    };
  });
}

export async function listScenes(db: Db, filter: SceneFilter, page?: { page: number; limit: number }) {
  const where = sceneWhere(filter);
  let query = db.select().from(scene).where(where).orderBy(desc(scene.createdAt), desc(scene.id)).$dynamic();
  if (page) query = query.limit(page.limit).offset(pageOffset(page.page, page.limit));
  const rows = await query;
  const [total] = page ? await db.select({ n: count() }).from(scene).where(where) : [{ n: rows.length }];
  return { list: await hydrate(db, rows), count: Number(total?.n ?? 0) };
}

/** All scenes of a kind for the menus: by name (stable), then id. */
export async function listAllScenes(db: Db, filter: SceneFilter) {
  const rows = await db
    .select()
    .from(scene)
    .where(sceneWhere(filter))
    .orderBy(asc(scene.name), asc(scene.id));
  return hydrate(db, rows);
}

export async function findScene(db: Db, id: number): Promise<SceneItem | undefined> {
  const rows = await db.select().from(scene).where(eq(scene.id, id));
  return (await hydrate(db, rows))[0];
}

export async function sceneCameras(db: Db, sceneId: number) {
  const rows = await db
    .select({
      sceneCameraId: sceneCamera.id,
      cameraId: camera.id,
      name: camera.name,
      code: camera.code,
      online: camera.online,
      enabled: sceneCamera.enabled,
      snapshotPath: camera.snapshotPath,
    })
    .from(sceneCamera)
    .innerJoin(camera, eq(camera.id, sceneCamera.cameraId))
    .where(eq(sceneCamera.sceneId, sceneId))
    .orderBy(asc(sceneCamera.sort), asc(sceneCamera.id));
  return rows.map(({ snapshotPath, ...rest }) => ({ ...rest, snapshotUrl: snapshotUrl(snapshotPath) }));
}
