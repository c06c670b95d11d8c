import { and, asc, eq, inArray, lt, max, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { camera } from '../../db/schema/index.ts';
import { cameraCheck, cameraHealth } from '../../db/schema/self-check.ts';

/** A camera the probes look at. */
export interface ProbedCamera {
  id: number;
  code: string;
  mainStreamUrl: string;
}

/** Enabled cameras (or the one asked for), by id. */
export async function probedCameras(db: Db, cameraId?: number): Promise<ProbedCamera[]> {
  const where = cameraId === undefined ? eq(camera.enabled, true) : eq(camera.id, cameraId);
  return db
    .select({ id: camera.id, code: camera.code, mainStreamUrl: camera.mainStreamUrl })
    .from(camera)
    .where(where)
    .orderBy(asc(camera.id));
}

export interface CheckRow {
  cameraId: number;
  kind: 'stream' | 'snapshot';
  ok: boolean;
  latencyMs: number | null;
  error: string | null;
  detail: Record<string, unknown>;
  mediaPath?: string | null;
}

/** Writes one check; returns the stored row. */
export async function insertCheck(db: Db, row: CheckRow, at: Date) {
  const [stored] = await db
    .insert(cameraCheck)
    .values({ ...row, mediaPath: row.mediaPath ?? null, checkedAt: at })
    .returning();
  if (!stored) throw new Error('camera check not stored');
  return stored;
}

/**
 * A probe's evidence in camera_health (a row is created for a camera probed the first time): good
 * advances last_evidence_at (kind stream), a failure records last_failure_at and the error. The
 * monitor pass derives online/offline from these.
 */
export async function recordProbeEvidence(
  db: Db,
  cameraId: number,
  ok: boolean,
  error: string | null,
  at: Date,
): Promise<void> {
  const good = { lastEvidenceAt: at, lastEvidenceKind: 'stream' };
  const bad = { lastFailureAt: at, lastError: error };
  await db
    .insert(cameraHealth)
    .values({ cameraId, online: false, since: at, ...(ok ? good : bad) })
    .onConflictDoUpdate({ target: cameraHealth.cameraId, set: ok ? good : bad });
}

/** The latest stream probe of any instance (the server rule: were this server's passes running?). */
export async function lastProbeAt(db: Db): Promise<Date | null> {
  const [row] = await db
    .select({ at: max(cameraCheck.checkedAt) })
    .from(cameraCheck)
    .where(eq(cameraCheck.kind, 'stream'));
  const at = row?.at ?? null;
  return at === null ? null : new Date(at);
}

/**
 * Runs `work` while holding the probe lock: on PostgreSQL a transaction-scoped advisory lock taken
 * without waiting (another instance holding it: `work` is skipped, answer false); PGlite is one
 * instance, so no lock there.
 */
export async function withProbeLock(app: FastifyInstance, work: () => Promise<void>): Promise<boolean> {
  if (app.database.kind === 'pglite') {
    await work();
    return true;
  }
  return app.db.transaction(async (tx) => {
    const result = await tx.execute(sql`select pg_try_advisory_xact_lock(${PROBE_LOCK}::bigint) as got`);
    const got = (result as unknown as { rows: { got: boolean }[] }).rows[0]?.got === true;
    if (got) await work();
    return got;
  });
}
/** Advisory lock key of the camera probe passes. */
const PROBE_LOCK = 73_614_014;

/** A bounded batch of checks older than `before` (retention): their ids and snapshot files. */
export async function oldChecks(db: Db, before: Date, limit: number) {
  return db
    .select({ id: cameraCheck.id, mediaPath: cameraCheck.mediaPath })
    .from(cameraCheck)
    .where(lt(cameraCheck.checkedAt, before))
    .orderBy(asc(cameraCheck.checkedAt))
    .limit(limit);
}

export async function deleteChecks(db: Db, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await db.delete(cameraCheck).where(inArray(cameraCheck.id, ids));
}

/** Of these media paths, those a check still holds (the media sweep). */
export async function referencedSnapshots(db: Db, paths: string[]): Promise<Set<string>> {
  if (paths.length === 0) return new Set();
  const rows = await db
    .select({ path: cameraCheck.mediaPath })
    .from(cameraCheck)
    .where(and(eq(cameraCheck.kind, 'snapshot'), inArray(cameraCheck.mediaPath, paths)));
  return new Set(rows.flatMap((r) => (r.path ? [r.path] : [])));
}

/** The camera a snapshot file belongs to (media reads). */
export async function cameraOfSnapshot(db: Db, path: string): Promise<number | null> {
  const [row] = await db
    .select({ cameraId: cameraCheck.cameraId })
    .from(cameraCheck)
    .where(eq(cameraCheck.mediaPath, path))
    .limit(1);
  return row?.cameraId ?? null;
}
