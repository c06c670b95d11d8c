import type { DurationStats, EfficiencyAnalysis } from '@sentinel/contract';
import { percentileOfSorted } from '../../platform/sorted-percentile.ts';
import { type Buckets, bucketTimes, roundSeconds } from './handling-repo.ts';

const HOUR_MS = 3_600_000;

/** A null id (no handler…) in the partials' integer arrays. */
export const NULL_ID = -2_147_483_648;

/**
 * What one viewer day (or part of a day) contributes to the efficiency analysis, mergeable with
 * the others' (efficiency-repo.ts computes it; the day-partials cache keeps the closed days').
 */
export interface EfficiencyPartial {
  /** The processed alarms (state 2 or 3) by seconds from alarm to closing, ascending; NaN (no time) last. */
  seconds: Float64Array;
  /** Their level, scene, handler (NULL_ID: none) and "handled on duty" (1), in the same order. */
  priority: Int32Array;
  scene: Int32Array;
  handler: Int32Array;
  onDuty: Uint8Array;
  /** Seconds to approval of the approved alarms, ascending. */
  approval: Float64Array;
  /** [hour of the day, alarms raised in it]. */
  raised: Array<[number, number]>;
  /** [hour from the day's start (may be a later day's), processed alarms closed in it]. */
  closed: Array<[number, number]>;
  algorithms: Array<{ id: number; name: string | null; total: number; fp: number }>;
  /** Name of each scene and handler of the processed alarms (max, as the SQL's max()). */
  sceneNames: Map<number, string>;
  handlerNames: Map<number, string>;
}

export const emptyPartial = (): EfficiencyPartial => ({
  seconds: new Float64Array(0),
  priority: new Int32Array(0),
  scene: new Int32Array(0),
  handler: new Int32Array(0),
  onDuty: new Uint8Array(0),
  approval: new Float64Array(0),
  raised: [],
  closed: [],
  algorithms: [],
  sceneNames: new Map(),
  handlerNames: new Map(),
});

/** Rough bytes of a partial (the cache's bound). */
export const weighPartial = (p: EfficiencyPartial): number =>
  p.seconds.length * 21 +
  p.approval.length * 8 +
  (p.raised.length + p.closed.length) * 40 +
  p.algorithms.length * 80 +
  200;

/** A group of processed alarms: how many, and the ascending seconds of each day's part. */
interface Group {
  n: number;
  values: Float64Array[];
}

/** The groups of every part's processed alarms by one attribute (order kept: each stays ascending). */
function groupBy(
  parts: EfficiencyPartial[],
  attribute: (p: EfficiencyPartial) => ArrayLike<number>,
): Map<number, Group> {
  const groups = new Map<number, Group>();
  for (const p of parts) {
    const keys = attribute(p);
    const byKey = new Map<number, number[]>();
    for (let i = 0; i < p.seconds.length; i++) {
      const key = keys[i] as number;
      let group = groups.get(key);
      if (!group) {
        group = { n: 0, values: [] };
        groups.set(key, group);
      }
      group.n += 1;
      const s = p.seconds[i] as number;
      if (Number.isNaN(s)) continue;
      let list = byKey.get(key);
      if (!list) {
        list = [];
        byKey.set(key, list);
      }
      list.push(s);
    }
    for (const [key, list] of byKey) groups.get(key)?.values.push(Float64Array.from(list));
  }
  return groups;
}

/** Count, median and p90 (PostgreSQL's percentile_cont over the union), rounded as before. */
function statsOf(n: number, values: ArrayLike<number>[]): DurationStats {
  return {
    count: n,
    medianSeconds: roundSeconds(percentileOfSorted(values, 0.5)),
    p90Seconds: roundSeconds(percentileOfSorted(values, 0.9)),
  };
}

const idOrNull = (key: number) => (key === NULL_ID ? null : key);

/** The larger name, as max() (null when none). */
function maxName(
  parts: EfficiencyPartial[],
  names: (p: EfficiencyPartial) => Map<number, string>,
  key: number,
) {
  let best: string | null = null;
  for (const p of parts) {
    const name = names(p).get(key);
    if (name !== undefined && (best === null || name > best)) best = name;
  }
  return best;
}

/** Handling times of the processed alarms: overall, by level, scene and handler, and by duty. */
function handlingTimes(parts: EfficiencyPartial[]) {
  // Most alarms first; equal counts by id (null last), whatever order the parts came in.
  const id = (x: number | null) => x ?? Number.MAX_SAFE_INTEGER;
  const byCount = <T extends DurationStats>(a: T & { key: number | null }, b: T & { key: number | null }) =>
    b.count - a.count || id(a.key) - id(b.key);
  const strip = <T extends { key: unknown }>({ key: _, ...rest }: T) => rest;
  const n = parts.reduce((sum, p) => sum + p.seconds.length, 0);
  const overall = statsOf(
    n,
    parts.map((p) => {
      let valued = p.seconds.length;
      while (valued > 0 && Number.isNaN(p.seconds[valued - 1])) valued -= 1;
      return p.seconds.subarray(0, valued);
    }),
  );
  const duty = groupBy(parts, (p) => p.onDuty);
  return {
    overall,
    byLevel: [...groupBy(parts, (p) => p.priority)]
      .map(([key, g]) => ({ priority: key, ...statsOf(g.n, g.values) }))
      .sort((a, b) => a.priority - b.priority),
    byScene: [...groupBy(parts, (p) => p.scene)]
      .map(([key, g]) => ({
        key: idOrNull(key),
        sceneId: idOrNull(key),
        name: maxName(parts, (p) => p.sceneNames, key) ?? '',
        ...statsOf(g.n, g.values),
      }))
      .sort(byCount)
      .map(strip),
    byHandler: [...groupBy(parts, (p) => p.handler)]
      .map(([key, g]) => ({
        key: idOrNull(key),
        handlerId: idOrNull(key),
        name: maxName(parts, (p) => p.handlerNames, key) ?? '',
        ...statsOf(g.n, g.values),
      }))
      .sort(byCount)
      .map(strip),
    byDuty: [true, false].map((onDuty) => {
      const g = duty.get(onDuty ? 1 : 0);
      return { onDuty, ...statsOf(g?.n ?? 0, g?.values ?? []) };
    }),
  };
}

/**
 * Alarms of the range still open at the end of each bucket: raised before the bucket's end and
 * not closed before it — each alarm adds +1 to its raising bucket and −1 to its closing bucket
 * (when processed); the running sum over the buckets is the backlog. A part's hours start at its
 * day's start, on the viewer's hours like the buckets.
 */
function backlog(parts: Array<[number, EfficiencyPartial]>, b: Buckets) {
  const delta = new Array<number>(b.count).fill(0);
  const add = (day: number, hour: number, n: number) => {
    const k = Math.floor((day + hour * HOUR_MS - b.originMs) / b.sizeMs);
    if (k >= 0 && k < b.count) delta[k] = (delta[k] ?? 0) + n;
  };
  for (const [day, p] of parts) {
    for (const [hour, n] of p.raised) add(day, hour, n);
    for (const [hour, n] of p.closed) add(day, hour, -n);
  }
  let open = 0;
  return bucketTimes(b).map((time, i) => {
    open += delta[i] ?? 0;
    return { time, open };
  });
}

/** Per algorithm: alarms of the range and those marked false positive, most alarms first. */
function falsePositives(parts: EfficiencyPartial[]) {
  const sums = new Map<number, { name: string | null; total: number; fp: number }>();
  for (const p of parts) {
    for (const a of p.algorithms) {
      const sum = sums.get(a.id) ?? { name: null, total: 0, fp: 0 };
      sum.total += a.total;
      sum.fp += a.fp;
      if (a.name !== null && (sum.name === null || a.name > sum.name)) sum.name = a.name;
      sums.set(a.id, sum);
    }
  }
  return [...sums]
    .map(([key, s]) => ({
      algorithmId: idOrNull(key),
      name: s.name ?? '',
      total: s.total,
      falsePositive: s.fp,
      share: s.total ? Math.round((s.fp / s.total) * 10_000) / 10_000 : 0,
    }))
    .sort((a, b) => b.total - a.total || (a.algorithmId ?? 0) - (b.algorithmId ?? 0));
}

/** The efficiency analysis (contract `efficiencyAnalysis`) from the partials of its days [start, partial]. */
export function mergeEfficiency(days: Array<[number, EfficiencyPartial]>, b: Buckets): EfficiencyAnalysis {
  const parts = days.map(([, p]) => p);
  const { byDuty, ...handling } = handlingTimes(parts);
  const approvalCount = parts.reduce((sum, p) => sum + p.approval.length, 0);
  return {
    ...handling,
    granularity: b.granularity,
    backlog: backlog(days, b),
    approval: statsOf(
      approvalCount,
      parts.map((p) => p.approval),
    ),
    falsePositiveByAlgorithm: falsePositives(parts),
    byDuty,
  };
}
