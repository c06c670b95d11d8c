/**
 * The one-key export reads every self-check area's log (and the audit log): the export is the
 * one place that gathers them all, so it reads those tables here, batch by batch (keyset paging,
 * never a whole table in memory), rather than through six features' public faces.
 */
import { EXPORT_STATE } from '@sentinel/contract';
import { and, asc, count, eq, gt, gte, lt, or, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import {
  auditLog,
  cameraCheck,
  cameraOutage,
  engineMessage,
  exportFile,
  imageCheck,
  queuePileup,
  queueSample,
  serverInstance,
} from '../../db/schema/index.ts';

export type Row = Record<string, unknown>;
export interface Range {
  from: Date;
  to: Date;
}

/** One exported log: its rows in the range, counted, and read in batches after a cursor. */
export interface LogSource {
  name: string;
  count(db: Db, range: Range): Promise<number>;
  /** The batch after `cursor` (undefined: from the start); answers the rows and the next cursor. */
  batch(db: Db, range: Range, cursor: unknown, size: number): Promise<{ rows: Row[]; cursor: unknown }>;
}

/** A log with a numeric id, selected by one time column. */
function byId(name: string, table: PgTable, id: PgColumn, time: PgColumn): LogSource {
  const inRange = (range: Range) => and(gte(time, range.from), lt(time, range.to));
  return {
    name,
    async count(db, range) {
      const [row] = await db.select({ n: count() }).from(table).where(inRange(range));
      return Number(row?.n ?? 0);
    },
    async batch(db, range, cursor, size) {
      const after = typeof cursor === 'number' ? gt(id, cursor) : undefined;
      const rows = (await db
        .select()
        .from(table)
        .where(and(inRange(range), after))
        .orderBy(asc(id))
        .limit(size)) as Row[];
      const last = rows.at(-1);
      return { rows, cursor: last ? last.id : cursor };
    },
  };
}

/** queue_sample: keyed by (at, queue). */
const queueSamples: LogSource = {
  name: 'queue_sample',
  async count(db, range) {
    const [row] = await db
      .select({ n: count() })
      .from(queueSample)
      .where(and(gte(queueSample.at, range.from), lt(queueSample.at, range.to)));
    return Number(row?.n ?? 0);
  },
  async batch(db, range, cursor, size) {
    const c = cursor as { at: Date; queue: string } | undefined;
    const after: SQL | undefined = c
      ? or(gt(queueSample.at, c.at), and(eq(queueSample.at, c.at), gt(queueSample.queue, c.queue)))
      : undefined;
    const rows = await db
      .select()
      .from(queueSample)
      .where(and(gte(queueSample.at, range.from), lt(queueSample.at, range.to), after))
      .orderBy(asc(queueSample.at), asc(queueSample.queue))
      .limit(size);
    const last = rows.at(-1);
    return { rows, cursor: last ? { at: last.at, queue: last.queue } : c };
  },
};

/** The logs a one-key export holds, in file order. */
export const LOG_SOURCES: LogSource[] = [
  byId('engine_message', engineMessage, engineMessage.id, engineMessage.receivedAt),
  byId('camera_check', cameraCheck, cameraCheck.id, cameraCheck.checkedAt),
  byId('camera_outage', cameraOutage, cameraOutage.id, cameraOutage.startedAt),
  byId('image_check', imageCheck, imageCheck.id, imageCheck.checkedAt),
  queueSamples,
  byId('queue_pileup', queuePileup, queuePileup.id, queuePileup.openedAt),
  byId('audit_log', auditLog, auditLog.id, auditLog.createdAt),
];

/** Every instance's status row. */
export async function instanceRows(db: Db) {
  return db.select().from(serverInstance).orderBy(serverInstance.id);
}

/** Records a one-key export in the download centre (state generating, claimed by this instance). */
export async function insertExportFile(
  db: Db,
  values: { accountId: number; fileName: string; now: Date; owner: string; leaseUntil: Date },
) {
  const [row] = await db
    .insert(exportFile)
    .values({
      accountId: values.accountId,
      fileName: values.fileName,
      fileUrl: null,
      state: EXPORT_STATE.generating,
      gmtCreate: values.now,
      owner: values.owner,
      leaseUntil: values.leaseUntil,
      filters: null,
    })
    .returning();
  if (!row) throw new Error('export file not recorded');
  return row;
}

export async function renewLease(db: Db, id: number, owner: string, until: Date) {
  await db
    .update(exportFile)
    .set({ leaseUntil: until })
    .where(
      and(eq(exportFile.id, id), eq(exportFile.owner, owner), eq(exportFile.state, EXPORT_STATE.generating)),
    );
}

/** Completed (undefined when its owner deleted it meanwhile). */
export async function completeExportFile(db: Db, id: number, fileUrl: string) {
  const [row] = await db
    .update(exportFile)
    .set({ state: EXPORT_STATE.completed, fileUrl, leaseUntil: null, finishedAt: new Date() })
    .where(and(eq(exportFile.id, id), eq(exportFile.state, EXPORT_STATE.generating)))
    .returning();
  return row;
}

export async function failExportFile(db: Db, id: number, failure: string) {
  await db
    .update(exportFile)
    .set({ state: EXPORT_STATE.failed, fileUrl: null, leaseUntil: null, failure, finishedAt: new Date() })
    .where(eq(exportFile.id, id));
}

/** The ids of the exports still being generated (their partial files must stay). */
export async function generatingExportIds(db: Db): Promise<Set<number>> {
  const rows = await db
    .select({ id: exportFile.id })
    .from(exportFile)
    .where(eq(exportFile.state, EXPORT_STATE.generating));
  return new Set(rows.map((r) => r.id));
}
