import type { FastifyInstance } from 'fastify';
import { retentionDaysOf } from '../scope/index.ts';
import { deleteOlderThan } from './repo.ts';

/** Rows deleted per statement, and statements per run (a run deletes at most 50,000 rows). */
export const RETENTION_BATCH = 5_000;
const RETENTION_BATCHES_PER_RUN = 10;

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

/**
 * The retention plan task `protocolLogRetention`, every 10 minutes by default (also when recording
 * is off: old rows still go).
 */
export function registerRetention(app: FastifyInstance): void {
  app.planTasks.register({
    code: 'protocolLogRetention',
    defaultCron: '*/10 * * * *',
    timeLimitMs: 5 * 60_000,
    run: async () => ({ deleted: await pruneProtocolLog(app) }),
  });
}
