import { and, count, desc, eq, ilike } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { exportFile } from '../../db/schema/index.ts';

/** `%` and `_` in a keyword match themselves. */
const likePattern = (keyword: string) => `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export async function listExports(
  db: Db,
  accountId: number,
  query: { pageIndex: number; pageSize: number; keyword: string },
) {
  const keyword = query.keyword.trim();
  const where = keyword
    ? and(eq(exportFile.accountId, accountId), ilike(exportFile.fileName, likePattern(keyword)))
    : eq(exportFile.accountId, accountId);
  const [total] = await db.select({ n: count() }).from(exportFile).where(where);
  const rows = await db
    .select()
    .from(exportFile)
    .where(where)
    .orderBy(desc(exportFile.gmtCreate), desc(exportFile.id))
    .limit(query.pageSize)
    .offset((query.pageIndex - 1) * query.pageSize);
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
