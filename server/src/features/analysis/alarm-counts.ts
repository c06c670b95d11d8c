import type { RangeCount } from './range-counts-repo.ts';
import { type Buckets, bucketStart } from './rollup-range.ts';

/**
 * Mergeable counts of the alarm analysis for a part of a range (a kept closed day, or a live part):
 * references are ids (0: none), names are resolved when the answer is built. Any map may be empty.
 */
export interface AlarmCounts {
  /** state·2 + (false positive ? 1 : 0) → alarms. */
  states: Map<number, number>;
  /** Level → alarms. */
  level: Map<number, number>;
  scene: Map<number, number>;
  /** `${areaId}/${factoryId}` → alarms. */
  area: Map<string, number>;
  /** Start of a bucket (an hour of the viewer's day, or a trend bucket) → alarms. */
  trend: Map<number, number>;
  algorithm: Map<number, number>;
  camera: Map<number, number>;
}

export const emptyCounts = (): AlarmCounts => ({
  states: new Map(),
  level: new Map(),
  scene: new Map(),
  area: new Map(),
  trend: new Map(),
  algorithm: new Map(),
  camera: new Map(),
});

/** The groupings of the analysis, by name. */
export const SETS = {
  states: ['state', 'falsePositive'],
  bucket: ['bucket'],
  level: ['priority'],
  scene: ['scene'],
  area: ['area', 'factory'],
  type: ['algorithm'],
  camera: ['camera'],
} as const;
export type SetName = keyof typeof SETS;

const add = <K>(map: Map<K, number>, key: K, n: number) => map.set(key, (map.get(key) ?? 0) + n);

/** Adds one row of a grouping set (by its name) to `c`. */
export function addRow(c: AlarmCounts, name: SetName, r: Pick<RangeCount, 'values' | 'count'>): void {
  const v = r.values;
  const n = r.count;
  switch (name) {
    case 'states':
      add(c.states, Number(v.state) * 2 + (v.falsePositive ? 1 : 0), n);
      break;
    case 'bucket':
      add(c.trend, Number(v.bucket), n);
      break;
    case 'level':
      add(c.level, Number(v.priority), n);
      break;
    case 'scene':
      add(c.scene, Number(v.scene), n);
      break;
    case 'area':
      add(c.area, `${Number(v.area)}/${Number(v.factory)}`, n);
      break;
    case 'type':
      add(c.algorithm, Number(v.algorithm), n);
      break;
    case 'camera':
      add(c.camera, Number(v.camera), n);
      break;
  }
}

/** Rough bytes of a part (the day-partials cache's bound). */
export const weighCounts = (c: AlarmCounts): number =>
  (c.states.size +
    c.level.size +
    c.scene.size +
    c.area.size +
    c.trend.size +
    c.algorithm.size +
    c.camera.size) *
    48 +
  300;

/**
 * The sum of the parts; every trend key moved to the start of its bucket in `buckets`. Groups
 * whose sum is 0 are left out (as the single statement leaves them out).
 */
export function sumCounts(parts: Iterable<AlarmCounts>, buckets: Buckets): AlarmCounts {
  const out = emptyCounts();
  const keys = Object.keys(out) as Array<keyof AlarmCounts>;
  for (const p of parts) {
    for (const k of keys) {
      const into = out[k] as Map<number | string, number>;
      if (k === 'trend') for (const [t, n] of p.trend) add(into, bucketStart(t, buckets), n);
      else for (const [key, n] of p[k] as Map<number | string, number>) add(into, key, n);
    }
  }
  for (const k of keys) {
    const map = out[k] as Map<number | string, number>;
    for (const [key, n] of map) if (n === 0) map.delete(key);
  }
  return out;
}
