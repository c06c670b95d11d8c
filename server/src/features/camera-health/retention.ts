import type { FastifyInstance } from 'fastify';
import { removeMedia } from '../../platform/media.ts';
import { retentionDaysOf } from '../scope/index.ts';
import { deleteChecks, oldChecks } from './probe-repo.ts';

/** Rows per retention batch, and batches per run (the rest waits for the next run). */
export const RETENTION_BATCH = 500;
const MAX_BATCHES = 20;

/**
 * Deletes camera checks older than CAMERA_CHECK_DAYS in bounded batches, their snapshot files
 * first (a file whose row is gone would be an orphan; a row whose file is gone shows "no image").
 * Answers how many rows went.
 */
export async function pruneChecks(app: FastifyInstance): Promise<number> {
  // The stored setting (System settings › Data scope), CAMERA_CHECK_DAYS by default.
  const days = await retentionDaysOf(app, 'cameraChecks');
  const before = new Date(app.appConfig.now().getTime() - days * 86_400_000);
  let removed = 0;
  for (let batch = 0; batch < MAX_BATCHES; batch++) {
    const rows = await oldChecks(app.db, before, RETENTION_BATCH);
    if (rows.length === 0) break;
    for (const row of rows) if (row.mediaPath) await removeMedia(app, row.mediaPath);
    await deleteChecks(
      app.db,
      rows.map((r) => r.id),
    );
    removed += rows.length;
    if (rows.length < RETENTION_BATCH) break;
  }
  return removed;
}
