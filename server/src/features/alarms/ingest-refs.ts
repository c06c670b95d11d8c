import { asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { algorithm, camera, plantNode, scene, sceneCamera } from '../../db/schema/index.ts';
import { badRequest } from '../../platform/errors.ts';
import type { IngestFields } from './ingest-service.ts';

// Reference lookups of the ingest: camera, algorithm, scene, area and factory, cached briefly.

/** 400 'field.invalid' on one field. */
export const invalid = (field: string) => badRequest('field.invalid', [{ field, message: 'field.invalid' }]);

/** The top of a plant node's tree (the factory): id and name. */
async function rootOf(db: Db, nodeId: number): Promise<{ id: number; name: string } | undefined> {
  const result = await db.execute<{ id: number; name: string }>(sql`
    WITH RECURSIVE up(id, parent_id, name, depth) AS (
      SELECT id, parent_id, name, 0 FROM ${plantNode} WHERE id = ${nodeId}
      UNION ALL
      SELECT p.id, p.parent_id, p.name, up.depth + 1 FROM ${plantNode} p JOIN up ON p.id = up.parent_id
      WHERE up.depth < 32
    )
    SELECT id, name FROM up WHERE parent_id IS NULL LIMIT 1`);
  // Both drivers (pg and PGlite) answer `{ rows }`.
  const row = (result as unknown as { rows: { id: number; name: string }[] }).rows[0];
  return row ? { id: Number(row.id), name: String(row.name) } : undefined;
}

export interface Resolved {
  camera: { id: number; name: string; areaId: number | null };
  scene: { id: number; name: string; areaId: number | null } | undefined;
  algorithm: { id: number; name: string; defaultLevel: number };
  area: { id: number; name: string } | undefined;
  factory: { id: number; name: string } | undefined;
}

/** Looks up camera, scene, algorithm, area and factory; 400 when a given reference is unknown. */
async function resolveRefs(db: Db, input: IngestFields): Promise<Resolved> {
  const cameraWhere =
    input.cameraId !== undefined
      ? eq(camera.id, input.cameraId)
      : input.cameraCode
        ? eq(camera.code, input.cameraCode)
        : undefined;
  if (!cameraWhere) throw badRequest('field.required', [{ field: 'cameraId', message: 'field.required' }]);
  const [cam] = await db
    .select({ id: camera.id, name: camera.name, areaId: camera.areaId })
    .from(camera)
    .where(cameraWhere);
  if (!cam) throw invalid(input.cameraId !== undefined ? 'cameraId' : 'cameraCode');

  const algorithmWhere =
    input.algorithmId !== undefined
      ? eq(algorithm.id, input.algorithmId)
      : input.algorithmCode
        ? eq(algorithm.code, input.algorithmCode)
        : undefined;
  if (!algorithmWhere)
    throw badRequest('field.required', [{ field: 'algorithmCode', message: 'field.required' }]);
  const [alg] = await db
    .select({
      id: algorithm.id,
      name: algorithm.name,
      defaultLevel: algorithm.defaultLevel,
      draft: algorithm.draft,
    })
    .from(algorithm)
    .where(algorithmWhere);
  // An instance draft of the wizard (issue 13) is not an algorithm engines may report yet.
  if (!alg || alg.draft) throw invalid(input.algorithmId !== undefined ? 'algorithmId' : 'algorithmCode');

  const sceneColumns = { id: scene.id, name: scene.name, areaId: scene.areaId };
  let sc: Resolved['scene'];
  if (input.sceneId !== undefined) {
    [sc] = await db.select(sceneColumns).from(scene).where(eq(scene.id, input.sceneId));
    if (!sc) throw invalid('sceneId');
  } else {
    // Without a scene: the camera's first scene, if it belongs to one.
    [sc] = await db
      .select(sceneColumns)
      .from(sceneCamera)
      .innerJoin(scene, eq(scene.id, sceneCamera.sceneId))
      .where(eq(sceneCamera.cameraId, cam.id))
      .orderBy(asc(sceneCamera.id))
      .limit(1);
  }

  const areaId = cam.areaId ?? sc?.areaId ?? null;
  let area: Resolved['area'];
  let factory: Resolved['factory'];
  if (areaId !== null) {
    [area] = await db
      .select({ id: plantNode.id, name: plantNode.name })
      .from(plantNode)
      .where(eq(plantNode.id, areaId));
    if (area) factory = await rootOf(db, area.id);
  }
  return {
    camera: cam,
    scene: sc,
    algorithm: { id: alg.id, name: alg.name, defaultLevel: Number(alg.defaultLevel) },
    area,
    factory,
  };
}

/**
 * Resolved references, per app instance, for REF_CACHE_MS: at ingest rate an engine reports the
 * same few cameras and algorithms over and over, and each lookup is four or five queries. Only
 * found references are kept (an unknown camera created a moment later is found at once). The
 * price is staleness: a rename reaches new alarms within 10 s; a deleted camera, scene or
 * algorithm shows as a foreign-key violation, which clears the cache and looks up again.
 */
const REF_CACHE_MS = 10_000;
const REF_CACHE_MAX = 2_000;
const refCaches = new WeakMap<FastifyInstance, Map<string, { at: number; refs: Resolved }>>();

const refKey = (input: IngestFields) =>
  [
    input.cameraId ?? `c:${input.cameraCode ?? ''}`,
    input.algorithmId ?? `a:${input.algorithmCode ?? ''}`,
    input.sceneId ?? '-',
  ].join('|');

/** Forgets this instance's cached references (e.g. after a foreign-key violation). */
export function clearIngestRefCache(app: FastifyInstance): void {
  refCaches.get(app)?.clear();
}

export async function cachedRefs(app: FastifyInstance, input: IngestFields): Promise<Resolved> {
  let cache = refCaches.get(app);
  if (!cache) {
    cache = new Map();
    refCaches.set(app, cache);
  }
  const key = refKey(input);
  const now = Date.now();
  const hit = cache.get(key);
  if (hit && now - hit.at < REF_CACHE_MS) return hit.refs;
  const refs = await resolveRefs(app.db, input);
  if (cache.size >= REF_CACHE_MAX) cache.clear();
  cache.set(key, { at: now, refs });
  return refs;
}
