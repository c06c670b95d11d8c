import { HOURLY_TREND_MAX_HOURS } from '@sentinel/contract';
import { type AnyColumn, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { scene } from '../../db/schema/index.ts';

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

export type Granularity = 'hour' | 'day';

/**
 * The trend buckets of a range for the safety / efficiency analyses and My statistics: hours up
 * to HOURLY_TREND_MAX_HOURS (unless asked otherwise), else days; both start on the viewer's local
 * hour / midnight (`utcOffset`, minutes east of UTC, fixed for the whole range). Bucket k covers
 * [origin + k·size, origin + (k+1)·size).
 */
export interface Buckets {
  granularity: Granularity;
  /** Epoch ms of the first bucket's start (≤ the range's start). */
  originMs: number;
  sizeMs: number;
  /** Number of buckets: the last one holds the range's end. */
  count: number;
}

export function bucketsOf(range: {
  startTime: string;
  endTime: string;
  utcOffset: number;
  granularity?: Granularity;
}): Buckets {
  const start = Date.parse(range.startTime);
  const end = Date.parse(range.endTime);
  const granularity = range.granularity ?? (end - start <= HOURLY_TREND_MAX_HOURS * HOUR_MS ? 'hour' : 'day');
  const sizeMs = granularity === 'hour' ? HOUR_MS : DAY_MS;
  const offsetMs = range.utcOffset * 60_000;
  const originMs = Math.floor((start + offsetMs) / sizeMs) * sizeMs - offsetMs;
  const count = Math.max(1, Math.floor((end - originMs) / sizeMs) + 1);
  return { granularity, originMs, sizeMs, count };
}

/** ISO start of every bucket, oldest first. */
export function bucketTimes(b: Buckets): string[] {
  return Array.from({ length: b.count }, (_, i) => new Date(b.originMs + i * b.sizeMs).toISOString());
}

/** SQL: the bucket index (0-based, may fall outside 0…count-1) of a timestamptz column or expression. */
export function bucketIndexSql(b: Buckets, time: AnyColumn | SQL): SQL<number> {
  // date_part answers float8; extract answers numeric since PostgreSQL 14, several times slower per row.
  return sql<number>`floor((date_part('epoch', ${time}) * 1000 - ${b.originMs}::float8) / ${b.sizeMs}::float8)::int`;
}

/** SQL: seconds from one timestamptz to another (float8; date_part, not the slower numeric extract). */
export const secondsBetween = (from: AnyColumn | SQL, to: AnyColumn | SQL): SQL =>
  sql`date_part('epoch', ${to} - ${from})`;

/**
 * SQL: median and 90th percentile (continuous) of an expression; nulls are ignored. One aggregate
 * with both fractions (one sort per group); PostgreSQL evaluates the identical call once.
 */
export function percentilesSql(seconds: SQL) {
  const both = sql`percentile_cont(array[0.5, 0.9]::float8[]) within group (order by ${seconds})`;
  return {
    median: sql<number | null>`(${both})[1]`,
    p90: sql<number | null>`(${both})[2]`,
  };
}

/** Seconds rounded to a tenth (null stays null). */
export const roundSeconds = (value: number | string | null | undefined): number | null =>
  value === null || value === undefined ? null : Math.round(Number(value) * 10) / 10;

/** Whether a scene with this id exists. */
export async function sceneExists(db: Db, sceneId: number): Promise<boolean> {
  const rows = await db.select({ id: scene.id }).from(scene).where(eq(scene.id, sceneId));
  return rows.length > 0;
}

/** The rows of `db.execute` (both drivers, pg and PGlite, answer `{ rows }`). */
export async function executeRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = await db.execute(query);
  return (result as unknown as { rows: T[] }).rows;
}
