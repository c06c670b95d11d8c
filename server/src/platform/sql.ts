import { type AnyColumn, ilike, or, type SQL, sql } from 'drizzle-orm';
import { plantNode } from '../db/schema/index.ts';

/** A `LIKE` pattern that finds `keyword` anywhere; `%`, `_` and `\` in it match themselves. */
export const likePattern = (keyword: string) => `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Rows where any of `columns` contains `keyword` (case-insensitive); undefined without a keyword. */
export function keywordMatch(keyword: string | undefined, columns: AnyColumn[]): SQL | undefined {
  if (!keyword) return undefined;
  const pattern = likePattern(keyword);
  return or(...columns.map((column) => ilike(column, pattern)));
}

/** SQL subquery: the plant node `nodeId` and every node below it (factory → plants → areas). */
export function plantSubtreeSql(nodeId: number): SQL {
  return sql`(with recursive subtree(id) as (
    select ${nodeId}::int
    union
    select n.id from ${plantNode} n join subtree s on n.parent_id = s.id
  ) select id from subtree)`;
}

/** Rows whose plant node (area) is `nodeId` or lies below it. */
export const inPlantSubtree = (column: AnyColumn, nodeId: number): SQL =>
  sql`${column} in ${plantSubtreeSql(nodeId)}`;

/** Exact counts of a list beyond this are reported as "10,000+" (countCapped): alarms, events, DCS alarms. */
export const COUNT_CAP = 10_000;

/** How many rows to skip for a 1-based page of `limit` rows. */
export const pageOffset = (page: number, limit: number) => (page - 1) * limit;
