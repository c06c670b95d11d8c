import { type AnyColumn, and, eq, or, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { alarmRollup, alarmRollupHour, alarmRollupSceneHour, videoAlarm } from '../../db/schema/index.ts';
import type { VisibleScenes } from '../../platform/scene-authority.ts';
import { sceneAuthorityWhere } from '../alarms/index.ts';
import {
  type Buckets,
  bucketStart,
  DAY_MS,
  planRange,
  planSpans,
  type RollupUnit,
  type Span,
} from './rollup-range.ts';

/**
 * What an analysis groups alarms by. References are numbers, 0 for none (as in the rollups);
 * 'bucket' is the start of the bucket holding the alarm, in epoch milliseconds; 'day' the same
 * with the `days` buckets (e.g. the viewer's days while 'bucket' is their hours).
 */
export type Dim =
  | 'bucket'
  | 'day'
  | 'scene'
  | 'area'
  | 'factory'
  | 'priority'
  | 'state'
  | 'falsePositive'
  | 'camera'
  | 'algorithm';

/** Filters of every analysis, applied on the rollup and on the alarms alike. */
export interface RangeFilters {
  scenes: VisibleScenes;
  factoryId?: number;
  areaId?: number;
  sceneId?: number;
}

export interface RangeCountsQuery {
  startMs: number;
  /** Inclusive, as the alarm list's `endTime`. */
  endMs: number;
  /**
   * 'hour': alarm_rollup_hour (no camera, no algorithm) — or alarm_rollup_scene_hour when every
   * dimension asked is the bucket, scene, area or plant; 'day': alarm_rollup.
   */
  unit: RollupUnit;
  now: number;
  filters: RangeFilters;
  /** Group by each of these sets (GROUPING SETS); [[]] for one total. */
  sets: Dim[][];
  /** Required with the 'bucket' dimension. */
  buckets?: Buckets;
  /** Required with the 'day' dimension; its boundaries must be boundaries of `buckets` when both are given. */
  days?: Buckets;
  /**
   * Instead of [startMs, endMs]: these half-open spans (disjoint, oldest first), their ends exact
   * (not widened to whole UTC days).
   */
  spans?: Span[];
}

/** One group: its set (index into `sets`), the values of that set's dimensions, and the count. */
export interface RangeCount {
  set: number;
  values: Partial<Record<Dim, number | boolean>>;
  count: number;
}

interface Source {
  table: SQL;
  col(dim: Dim): SQL;
  time: (span: Span) => SQL;
  n: SQL;
  filterCols: { scene: AnyColumn; factory: AnyColumn; area: AnyColumn };
}

const iso = (ms: number) => new Date(ms).toISOString();
const day = (ms: number) => iso(ms).slice(0, 10);
const ref = (column: AnyColumn) => sql`coalesce(${column}, 0)`;
/**
 * SQL: the start of the bucket holding `time` (date_bin: no numeric arithmetic per row). The origin
 * is a bucket start before any time the statement meets.
 */
const bucketOf = (time: SQL, buckets: Buckets | undefined, startMs: number) => {
  if (!buckets) throw new Error('range counts: the bucket dimension needs buckets');
  const origin = bucketStart(startMs - 2 * DAY_MS, buckets);
  return sql`date_bin(${`${buckets.sizeMs} milliseconds`}::interval, ${time}, ${iso(origin)}::timestamptz)`;
};

/** The columns every hourly rollup has: its UTC hour, scene, area, plant and count. */
interface HourlyTable {
  hour: AnyColumn;
  sceneId: AnyColumn;
  areaId: AnyColumn;
  factoryId: AnyColumn;
  count: AnyColumn;
}

/** An hourly rollup as a source: its bucket from the hour, `more` dimensions besides scene, area and plant. */
function hourlySource(
  t: HourlyTable & PgTable,
  label: string,
  more: Partial<Record<Dim, SQL>>,
  startMs: number,
  buckets?: Buckets,
  days?: Buckets,
): Source {
  const cols: Partial<Record<Dim, SQL>> = {
    scene: sql`${t.sceneId}`,
    area: sql`${t.areaId}`,
    factory: sql`${t.factoryId}`,
    ...more,
  };
  return {
    table: sql`${t}`,
    col: (dim) => {
      if (dim === 'bucket') return bucketOf(sql`${t.hour}`, buckets, startMs);
      if (dim === 'day') return bucketOf(sql`${t.hour}`, days, startMs);
      const c = cols[dim];
      if (!c) throw new Error(`range counts: the ${label} rollup has no ${dim}`);
      return c;
    },
    time: (s) => sql`(${t.hour} >= ${iso(s.from)}::timestamptz and ${t.hour} < ${iso(s.to)}::timestamptz)`,
    n: sql`${t.count}`,
    filterCols: { scene: t.sceneId, factory: t.factoryId, area: t.areaId },
  };
}

/** alarm_rollup_hour: by hour, scene, area, plant, level, state and false positive. */
const hourSource = (startMs: number, buckets?: Buckets, days?: Buckets) =>
  hourlySource(
    alarmRollupHour,
    'hourly',
    {
      priority: sql`${alarmRollupHour.priority}`,
      state: sql`${alarmRollupHour.alarmState}`,
      falsePositive: sql`${alarmRollupHour.falsePositive}`,
    },
    startMs,
    buckets,
    days,
  );

/** Dimensions the per-scene hourly counters hold (no level, no state). */
const SCENE_HOUR_DIMS = new Set<Dim>(['bucket', 'day', 'scene', 'area', 'factory']);

/** alarm_rollup_scene_hour: alarms raised per UTC hour and scene / area / plant, whatever their state. */
const sceneHourSource = (startMs: number, buckets?: Buckets, days?: Buckets) =>
  hourlySource(alarmRollupSceneHour, 'scene-hour', {}, startMs, buckets, days);

/** alarm_rollup: by UTC day, … camera and algorithm; its 'day' only for UTC days (`days` without offset). */
function daySource(days?: Buckets): Source {
  const t = alarmRollup;
  const cols: Partial<Record<Dim, SQL>> = {
    scene: sql`${t.sceneId}`,
    area: sql`${t.areaId}`,
    factory: sql`${t.factoryId}`,
    priority: sql`${t.priority}`,
    state: sql`${t.alarmState}`,
    falsePositive: sql`${t.falsePositive}`,
    camera: sql`${t.cameraId}`,
    algorithm: sql`${t.algorithmId}`,
  };
  return {
    table: sql`${t}`,
    col: (dim) => {
      if (dim === 'day') {
        if (!days || days.sizeMs !== DAY_MS || days.offsetMs % DAY_MS !== 0)
          throw new Error('range counts: the daily rollup has UTC days only');
        return sql`(${t.day}::timestamp at time zone 'UTC')`;
      }
      const c = cols[dim];
      if (!c) throw new Error(`range counts: the daily rollup has no ${dim}`);
      return c;
    },
    time: (s) => sql`(${t.day} >= ${day(s.from)}::date and ${t.day} < ${day(s.to)}::date)`,
    n: sql`${t.count}`,
    filterCols: { scene: t.sceneId, factory: t.factoryId, area: t.areaId },
  };
}

function rawSource(startMs: number, buckets?: Buckets, days?: Buckets): Source {
  const t = videoAlarm;
  const cols: Record<Exclude<Dim, 'bucket' | 'day'>, SQL> = {
    scene: ref(t.sceneId),
    area: ref(t.areaId),
    factory: ref(t.factoryId),
    priority: sql`${t.priority}`,
    state: sql`${t.alarmState}`,
    falsePositive: sql`${t.falsePositive}`,
    camera: ref(t.cameraId),
    algorithm: ref(t.algorithmId),
  };
  return {
    table: sql`${t}`,
    col: (dim) =>
      dim === 'bucket'
        ? bucketOf(sql`${t.alarmTime}`, buckets, startMs)
        : dim === 'day'
          ? bucketOf(sql`${t.alarmTime}`, days, startMs)
          : cols[dim],
    time: (s) =>
      sql`(${t.alarmTime} >= ${iso(s.from)}::timestamptz and ${t.alarmTime} < ${iso(s.to)}::timestamptz)`,
    n: sql`1::bigint`,
    filterCols: { scene: t.sceneId, factory: t.factoryId, area: t.areaId },
  };
}

function filterWhere(source: Source, f: RangeFilters): SQL | undefined {
  const c = source.filterCols;
  return and(
    sceneAuthorityWhere(c.scene, f.scenes),
    f.factoryId !== undefined ? eq(c.factory, f.factoryId) : undefined,
    f.areaId !== undefined ? eq(c.area, f.areaId) : undefined,
    f.sceneId !== undefined ? eq(c.scene, f.sceneId) : undefined,
  );
}

/** One branch of the union: a row per rollup counter or alarm of `spans`, `sign` × its count. */
function part(source: Source, spans: Span[], sign: 1 | -1, dims: Dim[], f: RangeFilters): SQL | undefined {
  if (spans.length === 0) return undefined;
  const selected = dims.map((d) => sql`${source.col(d)} as ${sql.identifier(d)}`);
  const n = sign === 1 ? sql`${source.n} as n` : sql`-${source.n} as n`;
  const where = and(or(...spans.map(source.time)), filterWhere(source, f));
  return sql`select ${sql.join([...selected, n], sql`, `)} from ${source.table} where ${where}`;
}

/**
 * Counts of the alarms in [start, end] under the filters, grouped by each set of dimensions, in
 * ONE statement (one snapshot): whole units from the rollup, edges from the alarms (rollup-range.ts).
 * Groups whose count is 0 are left out.
 */
export async function rangeCounts(db: Db, q: RangeCountsQuery): Promise<RangeCount[]> {
  // A rollup unit must lie within one bucket of either kind (the finer kind's boundaries hold the other's).
  const options = { now: q.now, buckets: q.buckets ?? q.days };
  const plan = q.spans ? planSpans(q.spans, q.unit, options) : planRange(q.startMs, q.endMs, q.unit, options);
  const dims = [...new Set(q.sets.flat())];
  const startMs = q.spans?.[0]?.from ?? q.startMs;
  const rollupSource =
    q.unit === 'day'
      ? daySource(q.days)
      : dims.every((d) => SCENE_HOUR_DIMS.has(d))
        ? sceneHourSource(startMs, q.buckets, q.days)
        : hourSource(startMs, q.buckets, q.days);
  const raw = rawSource(startMs, q.buckets, q.days);
  const parts = [
    part(rollupSource, plan.rollup, 1, dims, q.filters),
    part(raw, plan.rawAdd, 1, dims, q.filters),
    part(raw, plan.rawSubtract, -1, dims, q.filters),
  ].filter((p): p is SQL => p !== undefined);
  if (parts.length === 0) return [];
  const ids = dims.map((d) => sql.identifier(d));
  const grouping = dims.length ? sql`, grouping(${sql.join(ids, sql`, `)}) as g` : sql`, 0 as g`;
  const groupBy = dims.length
    ? sql` group by grouping sets (${sql.join(
        q.sets.map(
          (s) =>
            sql`(${sql.join(
              s.map((d) => sql.identifier(d)),
              sql`, `,
            )})`,
        ),
        sql`, `,
      )})`
    : sql``;
  // The bucket as epoch milliseconds (drivers differ in how they hand back a timestamptz).
  const outputs = dims.map((d) =>
    d === 'bucket' || d === 'day'
      ? sql`(extract(epoch from ${sql.identifier(d)}) * 1000)::bigint as ${sql.identifier(d)}`
      : sql.identifier(d),
  );
  const selected = outputs.length ? sql`${sql.join(outputs, sql`, `)}, ` : sql``;
  const result = await db.execute(
    sql`select ${selected}sum(n)::text as n${grouping} from (${sql.join(parts, sql` union all `)}) p${groupBy}`,
  );
  // Both drivers (pg and PGlite) answer `{ rows }`.
  const rows = (result as unknown as { rows: Record<string, unknown>[] }).rows;
  // grouping(): one bit per dimension (first = highest), 1 when the row is not grouped by it.
  const maskOf = (set: Dim[]) =>
    dims.reduce((mask, d, i) => (set.includes(d) ? mask : mask | (1 << (dims.length - 1 - i))), 0);
  const masks = q.sets.map(maskOf);
  const out: RangeCount[] = [];
  for (const row of rows) {
    const count = Number(row.n ?? 0);
    if (count === 0) continue;
    const set = masks.indexOf(Number(row.g));
    const values: RangeCount['values'] = {};
    for (const d of q.sets[set] ?? []) {
      const v = row[d];
      values[d] = typeof v === 'boolean' ? v : Number(v);
    }
    out.push({ set, values, count });
  }
  return out;
}
