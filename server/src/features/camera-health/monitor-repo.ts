import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { camera, engine } from '../../db/schema/index.ts';
import { cameraHealth, cameraOutage } from '../../db/schema/self-check.ts';

/** A camera's health with its parent engine's last-seen time and whether an outage is open. */
export interface HealthRow {
  cameraId: number;
  online: boolean;
  since: Date;
  lastEvidenceAt: Date | null;
  /** stream | snapshot | heartbeat … (monitor.ts: the server rule applies to probed evidence). */
  lastEvidenceKind: string | null;
  lastError: string | null;
  engineId: number | null;
  engineLastSeenAt: Date | null;
  hasOpenOutage: boolean;
  /** camera.last_seen_at as written by the last pass (unchanged: no write). */
  cameraLastSeenAt: Date | null;
}

/** Every enabled camera that has health evidence. */
export async function healthRows(app: FastifyInstance): Promise<HealthRow[]> {
  const rows = await app.db
    .select({
      cameraId: cameraHealth.cameraId,
      online: cameraHealth.online,
      since: cameraHealth.since,
      lastEvidenceAt: cameraHealth.lastEvidenceAt,
      lastEvidenceKind: cameraHealth.lastEvidenceKind,
      lastError: cameraHealth.lastError,
      engineId: cameraHealth.engineId,
      engineLastSeenAt: engine.lastSeenAt,
      cameraLastSeenAt: camera.lastSeenAt,
      cameraOnline: camera.online,
      openOutage: cameraOutage.id,
    })
    .from(cameraHealth)
    .innerJoin(camera, eq(camera.id, cameraHealth.cameraId))
    .leftJoin(engine, eq(engine.id, cameraHealth.engineId))
    .leftJoin(
      cameraOutage,
      and(eq(cameraOutage.cameraId, cameraHealth.cameraId), isNull(cameraOutage.endedAt)),
    )
    .where(eq(camera.enabled, true));
  return rows.map(({ openOutage, cameraOnline, ...row }) => ({
    ...row,
    // A camera row out of step with its health (set elsewhere) counts as changed.
    cameraLastSeenAt: cameraOnline === row.online ? row.cameraLastSeenAt : null,
    hasOpenOutage: openOutage !== null,
  }));
}

/** Opens an outage unless one is open (at most one per camera). */
export async function openOutage(
  app: FastifyInstance,
  cameraId: number,
  startedAt: Date,
  cause: string,
  error: string | null,
  detectedAt: Date,
): Promise<void> {
  await app.db
    .insert(cameraOutage)
    .values({ cameraId, startedAt, cause, error, detectedAt })
    .onConflictDoNothing({ target: cameraOutage.cameraId, where: sql`ended_at is null` });
}

/** Closes a camera's open outage at its first good evidence (the recovery entry). */
export async function closeOutage(app: FastifyInstance, cameraId: number, endedAt: Date): Promise<void> {
  await app.db
    .update(cameraOutage)
    .set({
      endedAt,
      durationSeconds: sql<number>`greatest(0, floor(extract(epoch from (${endedAt.toISOString()}::timestamptz - ${cameraOutage.startedAt}))))::int`,
    })
    .where(and(eq(cameraOutage.cameraId, cameraId), isNull(cameraOutage.endedAt)));
}

/** Keeps camera_health and camera.online / last_seen_at in agreement. */
export async function setCameraState(
  app: FastifyInstance,
  cameraId: number,
  online: boolean,
  since: Date,
  lastSeenAt: Date | null,
): Promise<void> {
  await app.db.update(cameraHealth).set({ online, since }).where(eq(cameraHealth.cameraId, cameraId));
  await app.db.update(camera).set({ online, lastSeenAt }).where(eq(camera.id, cameraId));
}
