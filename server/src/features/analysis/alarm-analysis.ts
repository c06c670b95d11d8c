import {
  type AlarmAnalysis,
  ANALYSIS_TOP,
  type AnalysisQuery,
  HOURLY_TREND_MAX_HOURS,
} from '@sentinel/contract';
import type { Db } from '../../db/client.ts';
import { namesOf } from './alarm-analysis-repo.ts';
import { type AlarmCounts, addRow, emptyCounts, SETS, type SetName, sumCounts } from './alarm-counts.ts';
import { alarmAnalysisFromDays, type PartialsCache } from './alarm-partials.ts';
import { type RangeFilters, rangeCounts } from './range-counts-repo.ts';
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
 * The alarm analysis of a range (issue 12 §2). With `cache`, the whole closed days of the range
 * (on the viewer's midnights; UTC days for cameras and algorithms) are answered from partials kept
 * in memory and merged with the live parts (alarm-partials.ts): the same figures as computing the
 * whole range at once, which is what happens without it.
 */
export async function alarmAnalysisOf(
  db: Db,
  query: AnalysisQuery,
  filters: RangeFilters,
  now: number,
  cache?: PartialsCache,
): Promise<AlarmAnalysis> {
  const granularity = granularityOf(query);
  const buckets = trendBuckets(granularity, query.utcOffset);
  // Undefined from the partials: not answered from days (an hourly trend on a non-whole-hour offset).
  const fromDays = cache ? await alarmAnalysisFromDays(db, query, filters, cache, buckets) : undefined;
  const counts = fromDays ?? (await wholeRangeCounts(db, query, filters, now, buckets));
  return answerOf(db, query, counts, buckets);
}

/**
 * The counts of a whole range computed at once: two statements, one on the hourly counters and one
 * on the daily ones (which alone hold algorithms and cameras), each with its partial edges counted
 * on the alarms (range-counts-repo.ts).
 */
async function wholeRangeCounts(
  db: Db,
  query: AnalysisQuery,
  filters: RangeFilters,
  now: number,
  buckets: Buckets,
): Promise<AlarmCounts> {
  const startMs = Date.parse(query.startTime);
  const endMs = Date.parse(query.endTime);
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
    rangeCounts(db, { ...range, unit: 'hour', buckets, sets: perHour.map((n) => [...SETS[n]]) }),
    rangeCounts(db, { ...range, unit: 'day', sets: perDay.map((n) => [...SETS[n]]) }),
  ]);
  const counts = emptyCounts();
  for (const r of hourly) addRow(counts, perHour[r.set] as SetName, r);
  for (const r of daily) addRow(counts, perDay[r.set] as SetName, r);
  return sumCounts([counts], buckets);
}

/** The answer from the range's summed counts, with the current names (one query). */
async function answerOf(
  db: Db,
  query: AnalysisQuery,
  c: AlarmCounts,
  buckets: Buckets,
): Promise<AlarmAnalysis> {
  const startMs = Date.parse(query.startTime);
  const endMs = Date.parse(query.endTime);
  let total = 0;
  let untreated = 0;
  let falsePositive = 0;
  for (const [key, count] of c.states) {
    const state = Math.floor(key / 2);
    total += count;
    if (state === 1 || state === 4) untreated += count;
    if (key % 2 === 1) falsePositive += count;
  }
  const trend = bucketStarts(startMs, endMs, buckets).map((t) => ({
    time: new Date(t).toISOString(),
    count: c.trend.get(t) ?? 0,
  }));
  const byLevel = [...c.level]
    .map(([priority, count]) => ({ priority, count }))
    .sort((a, b) => a.priority - b.priority);

  const areaIds = [...c.area].map(([key, count]) => {
    const [area, factory] = key.split('/').map(Number);
    return { area, factory, count };
  });
  const names = await namesOf(db, {
    scene: [...c.scene.keys()],
    node: areaIds.flatMap((r) => [Number(r.area), Number(r.factory)]),
    algorithm: [...c.algorithm.keys()],
    camera: [...c.camera.keys()],
  });

  const scenes = new Map<string, AlarmAnalysis['byScene'][number]>();
  for (const [id, count] of c.scene) {
    const s = named(id, names.scene);
    merge(scenes, String(s.id), { sceneId: s.id, name: s.name, count });
  }
  const areas = new Map<string, AlarmAnalysis['byArea'][number]>();
  for (const r of areaIds) {
    const a = named(r.area, names.node);
    const f = named(r.factory, names.node);
    merge(areas, `${a.id}/${f.id}`, {
      areaId: a.id,
      name: a.name,
      factoryId: f.id,
      factoryName: f.name,
      count: r.count,
    });
  }
  const types = new Map<string, AlarmAnalysis['byType'][number]>();
  for (const [id, count] of c.algorithm) {
    const a = named(id, names.algorithm);
    merge(types, String(a.id), { algorithmId: a.id, name: a.name, count });
  }
  const cameras = new Map<string, AlarmAnalysis['topCameras'][number]>();
  for (const [id, count] of c.camera) {
    const cam = named(id, names.camera);
    merge(cameras, String(cam.id), { cameraId: cam.id, name: cam.name, count });
  }

  return {
    total,
    untreated,
    falsePositive,
    granularity: buckets.sizeMs === HOUR_MS ? 'hour' : 'day',
    trend,
    byLevel,
    byType: byCount([...types.values()], (t) => t.algorithmId),
    byArea: byCount([...areas.values()], (a) => a.areaId),
    byScene: byCount([...scenes.values()], (s) => s.sceneId),
    topCameras: byCount([...cameras.values()], (cam) => cam.cameraId).slice(0, ANALYSIS_TOP),
  };
}
