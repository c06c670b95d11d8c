import { type AnyColumn, type SQL, sql } from 'drizzle-orm';

/**
 * Newest-first ordering that matches the schema's `.desc()` indexes, which drizzle creates as
 * `DESC NULLS LAST`. A plain `ORDER BY x DESC` means NULLS FIRST and makes PostgreSQL sort the
 * whole table instead of walking the index (bench/README.md), even on NOT NULL columns.
 */
export function newestFirst(...columns: AnyColumn[]): SQL[] {
  return columns.map((column) => sql`${column} desc nulls last`);
}
