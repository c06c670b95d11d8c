import { type AnyColumn, and, count, eq, getTableColumns, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.ts';
import { inPlantSubtree, keywordMatch, pageOffset } from './sql.ts';

/** A table whose rows have a serial `id`. */
export type TableWithId = PgTable & { id: PgColumn };

/** What a catalogue list is asked: 1-based page, page size, keyword, and optionally a plant node. */
export interface CatalogueQuery {
  page: number;
  limit: number;
  keyword?: string;
  areaId?: number | null;
}

export interface TableRepoOptions<T extends TableWithId> {
  table: T;
  /** Columns the keyword is looked for in (case-insensitive, anywhere). */
  search: AnyColumn[];
  /** The row's plant node: an `areaId` filter keeps that node and every node below it. */
  area?: AnyColumn;
  /** The list's order (the last term should make it total, e.g. the id). */
  orderBy: SQL[];
}

/**
 * The SQL of one catalogue table: a filtered page with its total, insert, update and delete by id.
 * Feature repos build on it; the refusals (unique names, rows still in use) stay with `guardWrite`.
 */
export function tableRepo<T extends TableWithId>(options: TableRepoOptions<T>) {
  const { table } = options;
  type Row = T['$inferSelect'];
  const idIs = (id: number) => eq(table.id, id);
  return {
    /** The rows of one page and the number of rows that match. */
    async page(db: Db, query: CatalogueQuery, extra?: SQL): Promise<{ rows: Row[]; count: number }> {
      const where = and(
        keywordMatch(query.keyword, options.search),
        options.area && query.areaId ? inPlantSubtree(options.area, query.areaId) : undefined,
        extra,
      );
      const [total] = await db
        .select({ n: count() })
        .from(table as PgTable)
        .where(where);
      const rows = await db
        .select(getTableColumns(table) as Record<string, PgColumn>)
        .from(table as PgTable)
        .where(where)
        .$dynamic()
        .orderBy(...options.orderBy)
        .limit(query.limit)
        .offset(pageOffset(query.page, query.limit));
      // drizzle cannot infer a generic table's row type: the selection is exactly its columns
      return { rows: rows as Row[], count: Number(total?.n ?? 0) };
    },
    async insert(db: Db, values: T['$inferInsert']): Promise<Row> {
      const [row] = await db.insert(table).values(values).returning();
      if (!row) throw new Error('row not inserted');
      return row as Row;
    },
    async update(db: Db, id: number, values: PgUpdateSetSource<T>): Promise<Row | undefined> {
      const rows = (await db.update(table).set(values).where(idIs(id)).returning()) as Row[];
      return rows[0];
    },
    async remove(db: Db, id: number): Promise<Row | undefined> {
      const [row] = await db.delete(table).where(idIs(id)).returning();
      return row as Row | undefined;
    },
  };
}
