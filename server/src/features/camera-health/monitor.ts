import type { FastifyInstance } from 'fastify';
import { closeOutage, type HealthRow, healthRows, openOutage, setCameraState } from './monitor-repo.ts';
import { lastProbeAt } from './probe-repo.ts';

/** Good evidence older than this takes a camera offline (issue 14 §1: OFFLINE_AFTER_SECONDS). */
export const OFFLINE_AFTER_SECONDS = 60;

export type OutageCause = 'stream' | 'engine' | 'server';

/**
 * What a camera should be now, from its evidence (pure: the flap filter). `probesStale`: this
 * server's probe passes stopped for longer than the offline limit (the server was down or
 * stalled) — a camera whose evidence came from those probes then goes offline with cause server.
 */
export function derive(
  row: HealthRow,
  now: Date,
  offlineAfterMs = OFFLINE_AFTER_SECONDS * 1000,
  probesStale = false,
): { online: boolean; cause: OutageCause; startedAt: Date | null } {
  const fresh = (at: Date | null) => at !== null && now.getTime() - at.getTime() < offlineAfterMs;
  // A parent going down takes its children: a silent engine makes its cameras offline (cause engine).
  if (row.engineId !== null && !fresh(row.engineLastSeenAt)) {
    return { online: false, cause: 'engine', startedAt: row.engineLastSeenAt ?? row.lastEvidenceAt };
  }
  // While good evidence is fresh, a failed probe does not flip the camera.
  if (fresh(row.lastEvidenceAt)) return { online: true, cause: 'stream', startedAt: null };
  const probed = row.lastEvidenceKind === 'stream' || row.lastEvidenceKind === 'snapshot';
  return { online: false, cause: probed && probesStale ? 'server' : 'stream', startedAt: row.lastEvidenceAt };
}

/** One monitor pass: derives every camera's state, opens and closes outages, syncs camera.online. */
export async function runMonitorPass(app: FastifyInstance): Promise<void> {
  const now = app.appConfig.now();
  const offlineAfterMs = OFFLINE_AFTER_SECONDS * 1000;
  const lastProbe = await lastProbeAt(app.db);
  const probesStale = lastProbe !== null && now.getTime() - lastProbe.getTime() >= offlineAfterMs;
  for (const row of await healthRows(app)) {
    const next = derive(row, now, offlineAfterMs, probesStale);
    if (next.online) {
      if (!row.online) await closeOutage(app, row.cameraId, row.lastEvidenceAt ?? now);
      // Still online with the same evidence: nothing to write (passes run every few seconds).
      const unchanged = row.online && row.cameraLastSeenAt?.getTime() === row.lastEvidenceAt?.getTime();
      if (unchanged) continue;
      await setCameraState(app, row.cameraId, true, row.online ? row.since : now, row.lastEvidenceAt);
    } else if (row.online || !row.hasOpenOutage) {
      await openOutage(app, row.cameraId, next.startedAt ?? now, next.cause, row.lastError, now);
      await setCameraState(app, row.cameraId, false, row.online ? now : row.since, row.lastEvidenceAt);
    }
  }
}
