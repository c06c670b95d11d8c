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
  /** The processed alarms (state 2 or 3): all of them, and grouped by level, scene, handler (NULL_ID: none) and "handled on duty" (1 / 0). */
  handled: Group;
  byLevel: Map<number, Group>;
  byScene: Map<number, Group>;
  byHandler: Map<number, Group>;
  byDuty: Map<number, Group>;
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
  /** The latest alarm time of the part's alarms (epoch ms; −∞ when none). */
  lastAlarmMs: number;
}

/** Alarms of a group: how many, and their seconds to closing, ascending (an alarm without one is counted only). */
export interface Group {
  n: number;
  values: Float64Array;
}

const noGroup = (): Group => ({ n: 0, values: new Float64Array(0) });

export const emptyPartial = (): EfficiencyPartial => ({
  handled: noGroup(),
  byLevel: new Map(),
  byScene: new Map(),
  byHandler: new Map(),
  byDuty: new Map(),
  approval: new Float64Array(0),
  raised: [],
  closed: [],
  algorithms: [],
  sceneNames: new Map(),
  handlerNames: new Map(),
  lastAlarmMs: Number.NEGATIVE_INFINITY,
});

/**
 * The groups of a day's processed alarms, given in any order with their seconds (NaN: none),
 * level, scene, handler and on-duty flag: each group's values come out ascending (typed-array
 * sort, numeric).
 */
export function groupHandled(
  p: EfficiencyPartial,
  seconds: number[],
  keys: { level: number[]; scene: number[]; handler: number[]; duty: number[] },
): void {
  const grouped = (attribute: number[]) => {
    const lists = new Map<number, { n: number; values: number[] }>();
    for (let i = 0; i < seconds.length; i++) {
      const key = attribute[i] as number;
      let list = lists.get(key);
      if (!list) {
        list = { n: 0, values: [] };
        lists.set(key, list);
      }
      list.n += 1;
      const s = seconds[i] as number;
      if (!Number.isNaN(s)) list.values.push(s);
    }
    return new Map(
      [...lists].map(([key, l]) => [key, { n: l.n, values: Float64Array.from(l.values).sort() }]),
    );
  };
  p.handled = {
    n: seconds.length,
    values: Float64Array.from(seconds.filter((s) => !Number.isNaN(s))).sort(),
  };
  p.byLevel = grouped(keys.level);
  p.byScene = grouped(keys.scene);
  p.byHandler = grouped(keys.handler);
  p.byDuty = grouped(keys.duty);
}

/** Rough bytes of a partial (the cache's bound). */
export const weighPartial = (p: EfficiencyPartial): number =>
  p.handled.n * 48 +
  p.approval.length * 8 +
  (p.raised.length + p.closed.length) * 40 +
  p.algorithms.length * 80 +
  200;

/** The ascending union of two ascending arrays. */
function merge2(a: Float64Array, b: Float64Array): Float64Array {
  const out = new Float64Array(a.length + b.length);
  let i = 0;
  let j = 0;
  let k = 0;
  while (i < a.length && j < b.length) {
    const x = a[i] as number;
    const y = b[j] as number;
    if (x <= y) {
      out[k++] = x;
      i++;
    } else {
      out[k++] = y;
      j++;
    }
  }
  if (i < a.length) out.set(a.subarray(i), k);
  else out.set(b.subarray(j), k);
  return out;
}

/** The ascending union of ascending arrays: merged pairwise (log k rounds of linear merges). */
function union(arrays: Float64Array[]): Float64Array {
  let list = arrays.filter((a) => a.length > 0);
  if (list.length === 0) return new Float64Array(0);
  while (list.length > 1) {
    const next: Float64Array[] = [];
    for (let i = 0; i < list.length; i += 2) {
      const b = list[i + 1];
      next.push(b ? merge2(list[i] as Float64Array, b) : (list[i] as Float64Array));
    }
    list = next;
  }
  return list[0] as Float64Array;
}

const unionGroups = (parts: EfficiencyPartial[], groups: (p: EfficiencyPartial) => Map<number, Group>) =>
  new Map([...merged(parts, groups)].map(([key, g]) => [key, { n: g.n, values: union(g.values) }]));

/** The larger name of each key, as max(). */
function maxNames(parts: EfficiencyPartial[], names: (p: EfficiencyPartial) => Map<number, string>) {
  const out = new Map<number, string>();
  for (const p of parts) {
    for (const [key, name] of names(p)) {
      const best = out.get(key);
      if (best === undefined || name > best) out.set(key, name);
    }
  }
  return out;
}

/**
 * One partial for a run of days (the day-partials cache keeps it, so that a request merges one
 * part for all its closed days): groups' values merged into one ascending array each, counts
 * summed, the hours counted from the run's first day. The figures merged from it are those merged
 * from the days.
 */
export function mergeRun(days: Map<number, EfficiencyPartial>): [number, EfficiencyPartial] {
  const list = [...days].sort((a, b) => a[0] - b[0]);
  const first = list[0]?.[0] ?? 0;
  const parts = list.map(([, p]) => p);
  const hours = (pick: (p: EfficiencyPartial) => Array<[number, number]>) => {
    const sums = new Map<number, number>();
    for (const [day, p] of list) {
      const shift = Math.round((day - first) / HOUR_MS);
      for (const [hour, n] of pick(p)) sums.set(hour + shift, (sums.get(hour + shift) ?? 0) + n);
    }
    return [...sums];
  };
  const algorithms = new Map<number, { id: number; name: string | null; total: number; fp: number }>();
  for (const p of parts) {
    for (const a of p.algorithms) {
      const sum = algorithms.get(a.id) ?? { id: a.id, name: null, total: 0, fp: 0 };
      sum.total += a.total;
      sum.fp += a.fp;
      if (a.name !== null && (sum.name === null || a.name > sum.name)) sum.name = a.name;
      algorithms.set(a.id, sum);
    }
  }
  return [
    first,
    {
      handled: {
        n: parts.reduce((sum, p) => sum + p.handled.n, 0),
        values: union(parts.map((p) => p.handled.values)),
      },
      byLevel: unionGroups(parts, (p) => p.byLevel),
      byScene: unionGroups(parts, (p) => p.byScene),
      byHandler: unionGroups(parts, (p) => p.byHandler),
      byDuty: unionGroups(parts, (p) => p.byDuty),
      approval: union(parts.map((p) => p.approval)),
      raised: hours((p) => p.raised),
      closed: hours((p) => p.closed),
      algorithms: [...algorithms.values()],
      sceneNames: maxNames(parts, (p) => p.sceneNames),
      handlerNames: maxNames(parts, (p) => p.handlerNames),
      lastAlarmMs: Math.max(...parts.map((p) => p.lastAlarmMs)),
    },
  ];
}

/** The groups of every part by key, each with its parts' ascending arrays. */
function merged(parts: EfficiencyPartial[], groups: (p: EfficiencyPartial) => Map<number, Group>) {
  const all = new Map<number, { n: number; values: Float64Array[] }>();
  for (const p of parts) {
    for (const [key, g] of groups(p)) {
      const m = all.get(key) ?? { n: 0, values: [] };
      m.n += g.n;
      if (g.values.length > 0) m.values.push(g.values);
      all.set(key, m);
    }
  }
  return all;
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
  const overall = statsOf(
    parts.reduce((sum, p) => sum + p.handled.n, 0),
    parts.map((p) => p.handled.values),
  );
  const duty = merged(parts, (p) => p.byDuty);
  return {
    overall,
    byLevel: [...merged(parts, (p) => p.byLevel)]
      .map(([key, g]) => ({ priority: key, ...statsOf(g.n, g.values) }))
      .sort((a, b) => a.priority - b.priority),
    byScene: [...merged(parts, (p) => p.byScene)]
      .map(([key, g]) => ({
        key: idOrNull(key),
        sceneId: idOrNull(key),
        name: maxName(parts, (p) => p.sceneNames, key) ?? '',
        ...statsOf(g.n, g.values),
      }))
      .sort(byCount)
      .map(strip),
    byHandler: [...merged(parts, (p) => p.byHandler)]
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
