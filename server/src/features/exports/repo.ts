import { EXPORT_STATE } from '@sentinel/contract';
import { and, count, desc, eq, inArray, isNotNull, isNull, lt, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { exportFile } from '../../db/schema/index.ts';
import { keywordMatch, pageOffset } from '../../platform/sql.ts';

export async function listExports(
  db: Db,
  accountId: number,
  query: { pageIndex: number; pageSize: number; keyword: string },
) {
  const where = and(
    eq(exportFile.accountId, accountId),
    keywordMatch(query.keyword.trim(), [exportFile.fileName]),
  );
  const [total] = await db.select({ n: count() }).from(exportFile).where(where);
  const rows = await db
    .select()
    .from(exportFile)
    .where(where)
    .orderBy(desc(exportFile.gmtCreate), desc(exportFile.id))
    .limit(query.pageSize)
    .offset(pageOffset(query.pageIndex, query.pageSize));
  return { rows, count: Number(total?.n ?? 0) };
}

/** Deletes the caller's own file; answers the deleted row, undefined when there is none with this id. */
export async function deleteExport(db: Db, accountId: number, id: number) {
  const [deleted] = await db
    .delete(exportFile)
    .where(and(eq(exportFile.id, id), eq(exportFile.accountId, accountId)))
    .returning();
  return deleted;
}

/** One of the caller's export files by id. */
export async function findOwnExport(db: Db, accountId: number, id: number) {
  const [row] = await db
    .select()
    .from(exportFile)
    .where(and(eq(exportFile.id, id), eq(exportFile.accountId, accountId)));
  return row;
}

/** One of the caller's export files by its file URL. */
export async function findOwnExportByUrl(db: Db, accountId: number, fileUrl: string) {
  const [row] = await db
    .select()
    .from(exportFile)
    .where(and(eq(exportFile.fileUrl, fileUrl), eq(exportFile.accountId, accountId)));
  return row;
}

/** Renews this instance's claim on an export it is still generating. */
export async function renewExportLease(db: Db, id: number, owner: string, until: Date) {
  await db
    .update(exportFile)
    .set({ leaseUntil: until })
    .where(
      and(eq(exportFile.id, id), eq(exportFile.owner, owner), eq(exportFile.state, EXPORT_STATE.generating)),
    );
}

/**
 * Marks failed, with `failure`, the exports still generating whose claim ran out — and, when
 * `owner` is given, every one that owner claimed (its process has just started again). Answers
 * the rows it failed.
 */
export async function failAbandonedExports(db: Db, options: { now: Date; owner?: string; failure: string }) {
  const abandoned = or(
    isNull(exportFile.leaseUntil),
    lt(exportFile.leaseUntil, options.now),
    options.owner ? eq(exportFile.owner, options.owner) : undefined,
  );
  return db
    .update(exportFile)
    .set({
      state: EXPORT_STATE.failed,
      failure: options.failure,
      fileUrl: null,
      leaseUntil: null,
      finishedAt: new Date(),
    })
    .where(and(eq(exportFile.state, EXPORT_STATE.generating), abandoned))
    .returning();
}

/** The ids of the exports still being generated (their partial files must stay). */
export async function generatingExportIds(db: Db): Promise<Set<number>> {
  const rows = await db
    .select({ id: exportFile.id })
    .from(exportFile)
    .where(eq(exportFile.state, EXPORT_STATE.generating));
  return new Set(rows.map((r) => r.id));
}

/**
 * Deletes up to `limit` finished exports (completed or failed) created before `cutoff`; answers
 * their file addresses so the caller removes the files. Exports still generating are never touched.
 */
export async function deleteFinishedExportsBefore(db: Db, cutoff: Date, limit: number) {
  const batch = db
    .select({ id: exportFile.id })
    .from(exportFile)
    .where(
      and(
        lt(exportFile.gmtCreate, cutoff),
        or(
          inArray(exportFile.state, [EXPORT_STATE.completed, EXPORT_STATE.failed]),
          isNotNull(exportFile.finishedAt),
        ),
      ),
    )
    .orderBy(exportFile.gmtCreate)
    .limit(limit);
  return db
    .delete(exportFile)
    .where(inArray(exportFile.id, batch))
    .returning({ id: exportFile.id, fileUrl: exportFile.fileUrl });
}
