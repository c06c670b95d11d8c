import { stat } from 'node:fs/promises';
import {
  RETENTION_CATEGORIES,
  type RetentionCategory,
  type RetentionPreview,
  type RetentionSettings,
  type RetentionSummary,
  retentionSettings,
} from '@sentinel/contract';
import type { Table } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { alarmAction, historyAssignment, videoAlarm } from '../../db/schema/index.ts';
import { mediaRoot, removeMedia, resolveMediaPath } from '../../platform/media.ts';
import { applyBatch, type Cutoffs, categoryFiles, countCategory, nextBatch, readRetention } from './repo.ts';

/** Rows per statement, and statements per category and run: a run removes at most 10,000 rows each. */
export const RETENTION_LIMITS = { batch: 500, batchesPerRun: 20 };
/** The preview states at most this many files per category for its byte count (the rest by average). */
const PREVIEW_STAT_MAX = 2_000;

/**
 * The settings the retention run reads: the stored ones, else the defaults — the protocol log and
 * camera checks default to PROTOCOL_LOG_DAYS / CAMERA_CHECK_DAYS, the others to a year for
 * records and less for the bulky files.
 */
export async function retentionSettingsOf(app: FastifyInstance): Promise<RetentionSettings> {
  const defaults: RetentionSettings = {
    alarms: 365,
    alarmImages: 180,
    alarmClips: 90,
    events: 180,
    jobRuns: 365,
    auditLog: 365,
    protocolLog: app.appConfig.protocolLog.retentionDays,
    cameraChecks: app.appConfig.cameraProbe.retentionDays,
  };
  const stored = await readRetention(app.db);
  const parsed = retentionSettings.safeParse({ ...defaults, ...(typeof stored === 'object' ? stored : {}) });
  return parsed.success ? parsed.data : defaults;
}

/** The days one category is kept (what the protocol-log and camera-check pruning read). */
export async function retentionDaysOf(app: FastifyInstance, category: RetentionCategory): Promise<number> {
  return (await retentionSettingsOf(app))[category];
}

export function cutoffsOf(now: Date, settings: RetentionSettings): Cutoffs {
  return Object.fromEntries(
    RETENTION_CATEGORIES.map((c) => [c, new Date(now.getTime() - settings[c] * 86_400_000)]),
  ) as Cutoffs;
}

async function bytesOf(app: FastifyInstance, paths: string[]): Promise<number> {
  const root = mediaRoot(app);
  let bytes = 0;
  for (const path of paths) {
    const file = resolveMediaPath(root, path);
    if (!file) continue;
    bytes += await stat(file).then(
      (s) => s.size,
      () => 0,
    );
  }
  return bytes;
}

/** What a run with these settings would remove now, per category (the run's own WHERE clauses). */
export async function previewRetention(
  app: FastifyInstance,
  settings: RetentionSettings,
): Promise<RetentionPreview> {
  const cutoffs = cutoffsOf(app.appConfig.now(), settings);
  const list = [];
  for (const category of RETENTION_CATEGORIES) {
    const { rows, files } = await countCategory(app.db, category, cutoffs);
    let bytes = 0;
    if (files > 0) {
      const sample = await categoryFiles(app.db, category, cutoffs, PREVIEW_STAT_MAX);
      const sampled = await bytesOf(app, sample);
      bytes = sample.length >= files ? sampled : Math.round((sampled / Math.max(sample.length, 1)) * files);
    }
    list.push({
      category,
      days: settings[category],
      cutoff: cutoffs[category].toISOString(),
      rows,
      files,
      bytes,
    });
  }
  return { list, perRunLimit: RETENTION_LIMITS.batch * RETENTION_LIMITS.batchesPerRun };
}

/** Internal bus event: a retention batch deleted alarms (with their timelines) or job runs. */
export const RETENTION_DELETED = 'retention.deleted';
/**
 * The categories whose deleted rows the analyses count (past days change), with the tables those
 * rows leave (platform/day-partials.ts sources): alarms go with their timelines (alarm_action, by
 * cascade) while their counters (alarm_rollup_*) stay, so the list's total keeps its days; job
 * runs matter to the safety analysis alone. The other categories delete what no analysis reads,
 * or empty file columns.
 */
const ANALYSED: Partial<Record<RetentionCategory, readonly Table[]>> = {
  alarms: [videoAlarm, alarmAction],
  jobRuns: [historyAssignment],
};

/**
 * The day-partial sources a RETENTION_DELETED event (`{ category }`) changed, for the other
 * instances' handler (app.ts); undefined when its category is not known (clear everything).
 */
export function retentionSourcesOf(data: unknown): readonly Table[] | undefined {
  const category = (data as { category?: unknown } | null)?.category;
  if (typeof category !== 'string' || !Object.hasOwn(ANALYSED, category)) return undefined;
  return ANALYSED[category as RetentionCategory];
}

/**
 * Past days of the analyses reading the deleted rows changed (alarms and their actions, or job
 * runs, are gone): the kept day partials of the kinds reading them and the cached answers, on this
 * instance at once, on the others through the bus. A failed publication is logged: the rows are
 * deleted either way (the others' cache entries expire).
 */
async function analysedRowsDeleted(
  app: FastifyInstance,
  category: RetentionCategory,
  sources: readonly Table[],
): Promise<void> {
  app.dayPartials.clearSource(...sources);
  app.alarmCounts.clear();
  try {
    await app.bus.publish({ type: RETENTION_DELETED, data: { category }, internal: true });
  } catch (error) {
    app.log.error({ err: error, category }, 'retention.deleted publication failed');
  }
}

/**
 * The retention plan task: per category, in bounded batches (one short statement each, so that
 * ingest never waits behind a long delete), the files first and then the rows — a file whose row
 * is gone would be an orphan, a row whose file is gone shows "no image". Stops between batches when
 * the signal aborts. A batch that deleted alarms or job runs clears the kept days of the analyses
 * reading them and the cached answers (on every instance: RETENTION_DELETED). Alarm rollups
 * (alarm_rollup_*) are not touched: the analysis figures of past months stay although their alarm
 * records are gone.
 */
export async function runDataRetention(
  app: FastifyInstance,
  signal?: AbortSignal,
  limits = RETENTION_LIMITS,
): Promise<RetentionSummary> {
  const cutoffs = cutoffsOf(app.appConfig.now(), await retentionSettingsOf(app));
  const summary = { files: 0 } as RetentionSummary;
  for (const category of RETENTION_CATEGORIES) {
    summary[category] = 0;
    for (let i = 0; i < limits.batchesPerRun && !signal?.aborted; i++) {
      const batch = await nextBatch(app.db, category, cutoffs, limits.batch);
      if (batch.length === 0) break;
      for (const row of batch) {
        for (const path of row.paths) await removeMedia(app, path);
        summary.files += row.paths.length;
      }
      const deleted = await applyBatch(
        app.db,
        category,
        cutoffs,
        batch.map((r) => r.id),
      );
      summary[category] += deleted;
      const sources = ANALYSED[category];
      if (deleted > 0 && sources) await analysedRowsDeleted(app, category, sources);
      if (batch.length < limits.batch) break;
    }
  }
  return summary;
}

/** The plan task `dataRetention` (registered by scopeRoutes on the scheduler, platform/plan-tasks.ts). */
export const dataRetentionTask = (app: FastifyInstance) => ({
  code: 'dataRetention',
  defaultCron: '30 3 * * *',
  timeLimitMs: 30 * 60_000,
  run: (signal: AbortSignal) => runDataRetention(app, signal),
});
