import { eq, inArray, or } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { camera, engine } from '../../db/schema/index.ts';
import { cameraHealth } from '../../db/schema/self-check.ts';

/** The heartbeat's evidence for one known camera. */
export interface CameraEvidence {
  cameraId: number;
  ok: boolean;
  error: string | null;
}

/** Records an engine as seen now (a heartbeat always writes it). */
export async function markEngineSeen(app: FastifyInstance, engineId: number, at: Date): Promise<void> {
  await app.db.update(engine).set({ lastSeenAt: at }).where(eq(engine.id, engineId));
}

/** The ids of the cameras named by id or code (unknown names are dropped). */
export async function resolveCameras(
  app: FastifyInstance,
  ids: number[],
  codes: string[],
): Promise<{ id: number; code: string }[]> {
  if (ids.length === 0 && codes.length === 0) return [];
  const conditions = [];
  if (ids.length > 0) conditions.push(inArray(camera.id, ids));
  if (codes.length > 0) conditions.push(inArray(camera.code, codes));
  return app.db
    .select({ id: camera.id, code: camera.code })
    .from(camera)
    .where(or(...conditions));
}

/**
 * Stores an engine's evidence for its cameras in camera_health (the engine becomes their parent).
 * Good evidence advances last_evidence_at; a failure only records last_failure_at and the error —
 * the monitor pass derives online/offline from these (a single failure does not flip a camera).
 */
export async function recordEngineEvidence(
  app: FastifyInstance,
  engineId: number,
  evidence: CameraEvidence[],
  at: Date,
): Promise<void> {
  for (const item of evidence) {
    const good = { lastEvidenceAt: at, lastEvidenceKind: 'heartbeat', engineId };
    const bad = { lastFailureAt: at, lastError: item.error, engineId };
    await app.db
      .insert(cameraHealth)
      .values({ cameraId: item.cameraId, online: false, since: at, ...(item.ok ? good : bad) })
      .onConflictDoUpdate({ target: cameraHealth.cameraId, set: item.ok ? good : bad });
  }
}
