import {
  type AlarmAnalysis,
  ANALYSIS_TOP,
  type AnalysisQuery,
  HOURLY_TREND_MAX_HOURS,
} from '@sentinel/contract';
import type { Db } from '../../db/client.ts';
import { namesOf } from './alarm-analysis-repo.ts';
import { type Dim, type RangeFilters, rangeCounts } from './range-counts-repo.ts';
import { type Buckets, bucketStart, DAY_MS, exclusiveEnd, HOUR_MS } from './rollup-range.ts';

/** Hour buckets up to HOURLY_TREND_MAX_HOURS of range, else day buckets; `granularity` decides when given. */
export function granularityOf(query: Pick<AnalysisQuery, 'startTime' | 'endTime' | 'granularity'>) {
  if (query.granularity) return query.granularity;
  const hours = (Date.parse(query.endTime) - Date.parse(query.startTime)) / HOUR_MS;
  return hours <= HOURLY_TREND_MAX_HOURS ? 'hour' : 'day';
}

/** The trend's buckets: hours or days starting on the viewer's hour / midnight (`utcOffset` minutes). */
export function trendBuckets(granularity: 'hour' | 'day', utcOffset: number): Buckets {
  return { sizeMs: granularity === 'hour' ? HOUR_MS : DAY_MS, offsetMs: utcOffset * 60_000 };
}

/** Every bucket start of [start, end] (ms), oldest first. */
export function bucketStarts(startMs: number, endMs: number, buckets: Buckets): number[] {
  const last = bucketStart(exclusiveEnd(startMs, endMs) - 1, buckets);
  const out: number[] = [];
  for (let t = bucketStart(startMs, buckets); t <= last; t += buckets.sizeMs) out.push(t);
  return out;
}

/** The groupings of the analysis. */
const SETS = {
  states: ['state', 'falsePositive'],
  bucket: ['bucket'],
  level: ['priority'],
  scene: ['scene'],
  area: ['area', 'factory'],
  type: ['algorithm'],
  camera: ['camera'],
} satisfies Record<string, Dim[]>;
type SetName = keyof typeof SETS;

/** Adds `count` under `key`, keeping the first `item` seen for it. */
function merge<T extends { count: number }>(map: Map<string, T>, key: string, item: T): void {
  const seen = map.get(key);
  if (seen) seen.count += item.count;
  else map.set(key, item);
}

const byCount = <T extends { count: number }>(list: T[], id: (t: T) => number | null) =>
  list.sort((a, b) => b.count - a.count || (id(a) ?? 0) - (id(b) ?? 0));

/** A reference of the rollups (0 = none) that still exists: its id and current name; else null and ''. */
function named(id: unknown, names: Map<number, string>): { id: number | null; name: string } {
  const n = Number(id);
  const name = names.get(n);
  return name === undefined ? { id: null, name: '' } : { id: n, name };
}

/**
 * The alarm analysis of a range (issue 12 §2): two statements, one on the hourly counters and one
 * on the daily ones (which alone hold algorithms and cameras), each with its partial edges counted
 * on the alarms (range-counts-repo.ts), then the current names.
 */
export async function alarmAnalysisOf(
  db: Db,
  query: AnalysisQuery,
  filters: RangeFilters,
  now: number,
): Promise<AlarmAnalysis> {
  const startMs = Date.parse(query.startTime);
  const endMs = Date.parse(query.endTime);
  const granularity = granularityOf(query);
  const buckets = trendBuckets(granularity, query.utcOffset);
  const range = { startMs, endMs, now, filters };
  // Short ranges: the hourly counters answer all they hold (few hours, few rows). Long ones: the
  // daily counters (fewer rows a day at this density) for everything but the trend, whose buckets
  // (the viewer's midnights) need hours.
  const short = endMs - startMs <= HOURLY_TREND_MAX_HOURS * HOUR_MS;
  const perHour: SetName[] = short ? ['states', 'bucket', 'level', 'scene', 'area'] : ['bucket'];
  const perDay: SetName[] = short
    ? ['type', 'camera']
    : ['states', 'level', 'scene', 'area', 'type', 'camera'];
  const [hourly, daily] = await Promise.all([
    rangeCounts(db, { ...range, unit: 'hour', buckets, sets: perHour.map((n) => SETS[n]) }),
    rangeCounts(db, { ...range, unit: 'day', sets: perDay.map((n) => SETS[n]) }),
  ]);
  const of = (name: SetName) => {
    const h = perHour.indexOf(name);
    return h >= 0 ? hourly.filter((r) => r.set === h) : daily.filter((r) => r.set === perDay.indexOf(name));
  };

  let total = 0;
  let untreated = 0;
  let falsePositive = 0;
  for (const { values, count } of of('states')) {
    total += count;
    if (values.state === 1 || values.state === 4) untreated += count;
    if (values.falsePositive) falsePositive += count;
  }
  const perBucket = new Map(of('bucket').map((r) => [Number(r.values.bucket), r.count]));
  const trend = bucketStarts(startMs, endMs, buckets).map((t) => ({
    time: new Date(t).toISOString(),
    count: perBucket.get(t) ?? 0,
  }));
  const byLevel = of('level')
    .map((r) => ({ priority: Number(r.values.priority), count: r.count }))
    .sort((a, b) => a.priority - b.priority);

  const sceneRows = of('scene');
  const areaRows = of('area');
  const algorithmRows = of('type');
  const cameraRows = of('camera');
  const names = await namesOf(db, {
    scene: sceneRows.map((r) => Number(r.values.scene)),
    node: areaRows.flatMap((r) => [Number(r.values.area), Number(r.values.factory)]),
    algorithm: algorithmRows.map((r) => Number(r.values.algorithm)),
    camera: cameraRows.map((r) => Number(r.values.camera)),
  });

  const scenes = new Map<string, AlarmAnalysis['byScene'][number]>();
  for (const r of sceneRows) {
    const s = named(r.values.scene, names.scene);
    merge(scenes, String(s.id), { sceneId: s.id, name: s.name, count: r.count });
  }
  const areas = new Map<string, AlarmAnalysis['byArea'][number]>();
  for (const r of areaRows) {
    const a = named(r.values.area, names.node);
    const f = named(r.values.factory, names.node);
    merge(areas, `${a.id}/${f.id}`, {
      areaId: a.id,
      name: a.name,
      factoryId: f.id,
      factoryName: f.name,
      count: r.count,
    });
  }
  const types = new Map<string, AlarmAnalysis['byType'][number]>();
  for (const r of algorithmRows) {
    const a = named(r.values.algorithm, names.algorithm);
    merge(types, String(a.id), { algorithmId: a.id, name: a.name, count: r.count });
  }
  const cameras = new Map<string, AlarmAnalysis['topCameras'][number]>();
  for (const r of cameraRows) {
    const c = named(r.values.camera, names.camera);
    merge(cameras, String(c.id), { cameraId: c.id, name: c.name, count: r.count });
  }

  return {
    total,
    untreated,
    falsePositive,
    granularity,
    trend,
    byLevel,
    byType: byCount([...types.values()], (t) => t.algorithmId),
    byArea: byCount([...areas.values()], (a) => a.areaId),
    byScene: byCount([...scenes.values()], (s) => s.sceneId),
    topCameras: byCount([...cameras.values()], (c) => c.cameraId).slice(0, ANALYSIS_TOP),
  };
}
