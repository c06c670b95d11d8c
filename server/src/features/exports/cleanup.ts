import { EXPORT_API } from '@sentinel/contract';
import type { FastifyInstance } from 'fastify';
import { removeMedia } from '../../platform/media.ts';
import { EXPORT_SUBDIR } from './alarm-export-service.ts';
import { deleteFinishedExportsBefore } from './repo.ts';

/** Exports deleted per statement, and statements per run (a run deletes at most 5,000). */
export const CLEANUP_BATCH = 250;
const CLEANUP_BATCHES_PER_RUN = 20;

/**
 * Deletes finished exports (completed or failed) older than EXPORT_KEEP_DAYS together with their
 * files, in bounded batches; stops between batches when aborted. Exports still generating stay.
 */
export async function cleanUpExports(
  app: FastifyInstance,
  signal?: AbortSignal,
  batch = CLEANUP_BATCH,
): Promise<{ deleted: number; files: number }> {
  const cutoff = new Date(app.appConfig.now().getTime() - app.appConfig.exportKeepDays * 86_400_000);
  let deleted = 0;
  let files = 0;
  for (let i = 0; i < CLEANUP_BATCHES_PER_RUN && !signal?.aborted; i++) {
    const rows = await deleteFinishedExportsBefore(app.db, cutoff, batch);
    deleted += rows.length;
    for (const row of rows) {
      if (!row.fileUrl?.startsWith(EXPORT_API.filePrefix)) continue;
      await removeMedia(app, `${EXPORT_SUBDIR}/${row.fileUrl.slice(EXPORT_API.filePrefix.length)}`);
      files++;
    }
    if (rows.length < batch) break;
  }
  return { deleted, files };
}

/** The plan task `exportCleanup` (System settings › Plan tasks), daily at 04:10 by default. */
export function registerExportCleanup(app: FastifyInstance): void {
  app.planTasks.register({
    code: 'exportCleanup',
    defaultCron: '10 4 * * *',
    timeLimitMs: 10 * 60_000,
    run: (signal) => cleanUpExports(app, signal),
  });
}
