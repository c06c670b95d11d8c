import { randomUUID } from 'node:crypto';
import { mkdir, readdir, rename, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { type AlarmExportBody, EXPORT_API, EXPORT_STATE, type Lang } from '@sentinel/contract';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { exportFile } from '../../db/schema/index.ts';
import { keepLease, leaseUntil } from '../../platform/job-lease.ts';
import { mediaRoot } from '../../platform/media.ts';
import type { VisibleScenes } from '../../platform/scene-authority.ts';
import { alarmConditions } from '../alarms/index.ts';
import { failAbandonedExports, generatingExportIds, renewExportLease } from './repo.ts';
import { writeAlarmWorkbook } from './xlsx-writer.ts';

export type ExportFileRow = typeof exportFile.$inferSelect;

/** Export files live in DATA_DIR/media/exports/<uuid>.xlsx (served by the export routes only). */
export const EXPORT_SUBDIR = 'exports';
/** Exports produced at once per process; more wait their turn (the row stays "generating"). */
const CONCURRENT_EXPORTS = 2;
/** The file an export writes until it is complete (named by its row, so leftovers can be told). */
const partialName = (id: number) => `export-${id}.xlsx.part`;
const PARTIAL = /^export-(\d+)\.xlsx\.part$/;

/** Removes the partial files of exports no longer generating (left by a process that died). */
async function removeLeftoverPartials(app: FastifyInstance): Promise<void> {
  const dir = join(mediaRoot(app), EXPORT_SUBDIR);
  const names = await readdir(dir).catch(() => [] as string[]);
  const partials = names.filter((n) => PARTIAL.test(n) || n.endsWith('.xlsx.part'));
  if (partials.length === 0) return;
  const running = await generatingExportIds(app.db);
  for (const name of partials) {
    const id = Number(PARTIAL.exec(name)?.[1] ?? Number.NaN);
    if (!running.has(id)) await unlink(join(dir, name)).catch(() => undefined);
  }
}

/** The alarm list's conditions (scene authority included) for export filters (no paging). */
export function exportWhere(filters: AlarmExportBody, scenes: VisibleScenes) {
  return alarmConditions({ ...filters, page: 1, limit: 10 }, scenes);
}

/** 'YYYYMMDD-HHmmss' of `date` in `timeZone`. */
function stamp(date: Date, timeZone?: string): string {
  const p: Record<string, string> = {};
  const format = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  });
  for (const part of format.formatToParts(date)) p[part.type] = part.value;
  return `${p.year}${p.month}${p.day}-${p.hour}${p.minute}${p.second}`;
}

/** A tiny semaphore: at most `limit` tasks run at once, the others wait in order. */
function limiter(limit: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async <T>(task: () => Promise<T>): Promise<T> => {
    if (running >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    running++;
    try {
      return await task();
    } finally {
      running--;
      waiting.shift()?.();
    }
  };
}

export interface ExportRequest {
  accountId: number;
  accountName: string;
  lang: Lang;
  filters: AlarmExportBody;
  scenes: VisibleScenes;
  ip?: string;
}

/**
 * Background alarm exports of one app instance: `start` records the export file (state 0) and
 * answers at once; the xlsx is written in the background, then the row is completed (state 1,
 * fileUrl) and `export.ready` goes to the owner, or marked failed (state 2).
 */
export function createAlarmExports(app: FastifyInstance) {
  const inFlight = new Set<Promise<void>>();
  const run = limiter(CONCURRENT_EXPORTS);
  const shutdown = new AbortController();

  async function produce(row: ExportFileRow, request: ExportRequest): Promise<void> {
    const name = `${randomUUID()}.xlsx`;
    const dir = join(mediaRoot(app), EXPORT_SUBDIR);
    const file = join(dir, name);
    const partial = join(dir, partialName(row.id));
    try {
      await mkdir(dir, { recursive: true });
      const started = Date.now();
      const rows = await writeAlarmWorkbook(app.db, {
        filename: partial,
        where: exportWhere(request.filters, request.scenes),
        lang: request.lang,
        timeZone: request.filters.timeZone,
        signal: shutdown.signal,
        delayMs: app.appConfig.testExportDelayMs,
      });
      await rename(partial, file);
      const fileUrl = EXPORT_API.filePrefix + name;
      const [done] = await app.db
        .update(exportFile)
        .set({ state: EXPORT_STATE.completed, fileUrl, finishedAt: new Date() })
        .where(and(eq(exportFile.id, row.id), eq(exportFile.state, EXPORT_STATE.generating)))
        .returning();
      if (!done) {
        // deleted by its owner while it was being generated
        await unlink(file).catch(() => undefined);
        return;
      }
      app.log.info({ exportId: row.id, rows, ms: Date.now() - started }, 'alarm export completed');
      await app.bus.publish({
        type: 'export.ready',
        data: { id: done.id, fileName: done.fileName, fileUrl, state: done.state },
        audience: { accountId: row.accountId },
      });
    } catch (error) {
      app.log.error({ err: error, exportId: row.id }, 'alarm export failed');
      await unlink(partial).catch(() => undefined);
      await app.db
        .update(exportFile)
        .set({
          state: EXPORT_STATE.failed,
          fileUrl: null,
          leaseUntil: null,
          finishedAt: new Date(),
          failure: shutdown.signal.aborted ? 'export.interrupted' : 'export.failed',
        })
        .where(eq(exportFile.id, row.id))
        .catch((e: unknown) => app.log.error({ err: e, exportId: row.id }, 'export state not saved'));
      await app.bus
        .publish({
          type: 'export.failed',
          data: { id: row.id, fileName: row.fileName, state: EXPORT_STATE.failed },
          audience: { accountId: row.accountId },
        })
        .catch(() => undefined);
    }
  }

  const audit = (action: string, row: ExportFileRow, request: ExportRequest) =>
    app.audit.write({
      accountId: request.accountId,
      accountName: request.accountName,
      action,
      target: String(row.id),
      detail: { filters: request.filters },
      ip: request.ip,
    });

  /** Queues the production of a recorded export; its claim is renewed from now on (waiting counts). */
  function launch(row: ExportFileRow, request: ExportRequest): void {
    const stopLease = keepLease(app, () =>
      renewExportLease(app.db, row.id, app.appConfig.instanceId, leaseUntil(app)),
    );
    const job = run(() => produce(row, request)).finally(() => {
      stopLease();
      inFlight.delete(job);
    });
    inFlight.add(job);
  }

  return {
    async start(request: ExportRequest): Promise<ExportFileRow> {
      const now = app.appConfig.now();
      const [row] = await app.db
        .insert(exportFile)
        .values({
          accountId: request.accountId,
          fileName: `video-alarms-${stamp(now, request.filters.timeZone)}.xlsx`,
          fileUrl: null,
          state: EXPORT_STATE.generating,
          gmtCreate: now,
          owner: app.appConfig.instanceId,
          leaseUntil: leaseUntil(app),
          filters: request.filters,
        })
        .returning();
      if (!row) throw new Error('export file not recorded');
      await audit('export.videoAlarms', row, request);
      launch(row, request);
      return row;
    },
    /**
     * Runs a failed export again with the filters it was asked for (the caller's scene authority
     * as it is now): back to generating, then completed or failed like a new one. Undefined when
     * it is not failed any more (another click was faster).
     */
    async retry(row: ExportFileRow, request: ExportRequest): Promise<ExportFileRow | undefined> {
      const [again] = await app.db
        .update(exportFile)
        .set({
          state: EXPORT_STATE.generating,
          failure: '',
          fileUrl: null,
          finishedAt: null,
          owner: app.appConfig.instanceId,
          leaseUntil: leaseUntil(app),
        })
        .where(and(eq(exportFile.id, row.id), eq(exportFile.state, EXPORT_STATE.failed)))
        .returning();
      if (!again) return undefined;
      await audit('export.retry', row, request);
      launch(again, request);
      return again;
    },
    /** Server shutdown: exports under way stop at their next batch and are marked failed. */
    async stop(): Promise<void> {
      shutdown.abort();
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },
    /**
     * Marks failed, with a reason the download center shows, the exports whose process died
     * (their claim ran out; at start also every one this instance claimed in its previous life),
     * tells their owners, and removes partial files no running export is writing.
     */
    async sweep({ atStart }: { atStart: boolean }): Promise<void> {
      const failed = await failAbandonedExports(app.db, {
        now: app.appConfig.now(),
        owner: atStart ? app.appConfig.instanceId : undefined,
        failure: 'export.interrupted',
      });
      for (const row of failed) {
        app.log.warn({ exportId: row.id, owner: row.owner }, 'export abandoned by a stopped process: failed');
        await app.bus.publish({
          type: 'export.failed',
          data: { id: row.id, fileName: row.fileName, state: EXPORT_STATE.failed },
          audience: { accountId: row.accountId },
        });
      }
      await removeLeftoverPartials(app);
    },
  };
}

export type AlarmExports = ReturnType<typeof createAlarmExports>;
