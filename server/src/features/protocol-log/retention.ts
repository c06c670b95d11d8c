import type { FastifyInstance } from 'fastify';
import { type RepeatingTask, repeatEvery } from '../../platform/repeating-task.ts';
import { retentionDaysOf } from '../scope/index.ts';
import { deleteOlderThan } from './repo.ts';

/** Rows deleted per statement, and statements per run (a run deletes at most 50,000 rows). */
export const RETENTION_BATCH = 5_000;
const RETENTION_BATCHES_PER_RUN = 10;
const RETENTION_EVERY_MS = 10 * 60_000;

/**
 * Deletes engine messages older than PROTOCOL_LOG_DAYS in bounded batches (each a short
 * statement on the time index, so ingest never waits behind one long delete); answers how many.
 */
export async function pruneProtocolLog(app: FastifyInstance, batch = RETENTION_BATCH): Promise<number> {
  // The stored setting (System settings › Data scope), PROTOCOL_LOG_DAYS by default.
  const days = await retentionDaysOf(app, 'protocolLog');
  const cutoff = new Date(app.appConfig.now().getTime() - days * 86_400_000);
  let total = 0;
  for (let i = 0; i < RETENTION_BATCHES_PER_RUN; i++) {
    const deleted = await deleteOlderThan(app.db, cutoff, batch);
    total += deleted;
    if (deleted < batch) break;
  }
  return total;
}

/** The retention task, from ready to close (also when recording is off: old rows still go). */
export function scheduleRetention(app: FastifyInstance): void {
  let task: RepeatingTask<number> | undefined;
  app.addHook('onReady', async () => {
    task = repeatEvery(app.log, 'protocol log retention failed', RETENTION_EVERY_MS, () =>
      pruneProtocolLog(app),
    );
  });
  app.addHook('preClose', async () => {
    await task?.stop();
  });
}
