import type { AuditItem } from '@sentinel/contract';
import { and, asc, count, desc, eq, gte, lte, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { auditLog } from '../../db/schema/index.ts';
import { keywordMatch, pageOffset } from '../../platform/sql.ts';

/**
 * Reads of the audit log. There is deliberately no update or delete of `audit_log` anywhere in
 * the server (a test greps for it): entries cannot be changed through the API.
 */

export interface AuditWhere {
  accountName?: string;
  action?: string;
  start?: Date;
  end?: Date;
}

export function whereOf(filters: AuditWhere): SQL | undefined {
  return and(
    keywordMatch(filters.accountName, [auditLog.accountName]),
    filters.action ? eq(auditLog.action, filters.action) : undefined,
    filters.start ? gte(auditLog.createdAt, filters.start) : undefined,
    filters.end ? lte(auditLog.createdAt, filters.end) : undefined,
  );
}

type Row = typeof auditLog.$inferSelect;

export const toAuditItem = (row: Row): AuditItem => ({
  id: row.id,
  accountName: row.accountName,
  action: row.action,
  target: row.target,
  detail: (row.detail ?? {}) as Record<string, unknown>,
  ip: row.ip,
  createdAt: row.createdAt.toISOString(),
});

export async function listEntries(
  db: Db,
  filters: AuditWhere,
  page: { page: number; limit: number },
): Promise<{ list: AuditItem[]; count: number }> {
  const where = whereOf(filters);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(auditLog)
      .where(where)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(page.limit)
      .offset(pageOffset(page.page, page.limit)),
    db.select({ n: count() }).from(auditLog).where(where),
  ]);
  return { list: rows.map(toAuditItem), count: Number(total?.n ?? 0) };
}

/** Distinct recorded actions, sorted (at most 1,000). */
export async function distinctActions(db: Db): Promise<string[]> {
  const rows = await db
    .selectDistinct({ action: auditLog.action })
    .from(auditLog)
    .orderBy(asc(auditLog.action))
    .limit(1000);
  return rows.map((r) => r.action);
}

/**
 * Newest-first batches of the matching entries, read with a keyset cursor on (created_at, id),
 * stopping after `max` rows.
 */
export async function* entryBatches(db: Db, filters: AuditWhere, max: number, batchSize = 1000) {
  const where = whereOf(filters);
  let cursor: { time: string; id: number } | undefined;
  let read = 0;
  while (read < max) {
    const after = cursor
      ? sql`(${auditLog.createdAt}, ${auditLog.id}) < (${cursor.time}::timestamptz, ${cursor.id})`
      : undefined;
    const rows = await db
      .select({ row: auditLog, cursorTime: sql<string>`${auditLog.createdAt}::text` })
      .from(auditLog)
      .where(and(where, after))
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(Math.min(batchSize, max - read));
    if (rows.length > 0) yield rows.map((r) => r.row);
    read += rows.length;
    const last = rows.at(-1);
    if (!last || rows.length < batchSize) return;
    cursor = { time: last.cursorTime, id: last.row.id };
  }
}
