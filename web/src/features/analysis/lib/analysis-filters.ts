import { type AnalysisQuery, analysisQuery } from '@sentinel/contract';
import dayjs, { type Dayjs } from 'dayjs';
import { z } from 'zod';
import { presetRange, TIME_PRESETS, type TimePreset } from '@/shared/filters/time-presets.ts';
import { filtersFromParams } from '@/shared/filters/url-filters.ts';

/** A preset of SPEC §9 (today, this week, this month, last 30 days) or a custom range. */
export type RangeChoice = TimePreset | 'custom';

/** The analyses open on the last 30 days: a whole month of daily bars, today included. */
export const DEFAULT_PRESET: TimePreset = 'last30';

/** The filters of an analysis page, as its URL holds them. */
export interface AnalysisFilters {
  /** A preset stays relative (a link "this week" shows the current week when opened). */
  preset: RangeChoice;
  /** The custom range (ISO), with `preset` 'custom'. */
  startTime?: string;
  endTime?: string;
  factoryId?: number;
  areaId?: number;
  sceneId?: number;
  granularity?: 'hour' | 'day';
}

/** The body of an analysis request (contract `analysisQuery`, as the browser builds it). */
export type AnalysisRequest = Pick<AnalysisQuery, 'startTime' | 'endTime' | 'utcOffset'> &
  Partial<Pick<AnalysisQuery, 'factoryId' | 'areaId' | 'sceneId' | 'granularity'>>;

/** Which place filters a page offers (safety analysis: scene only, as History tasks). */
export interface PlaceFilters {
  plant: boolean;
}

const shape = analysisQuery.shape;
/** The URL fields of an analysis, each parsed with the contract's own schema. */
const urlFields = z.object({
  startTime: shape.startTime.optional(),
  endTime: shape.endTime.optional(),
  factoryId: shape.factoryId,
  areaId: shape.areaId,
  sceneId: shape.sceneId,
  granularity: shape.granularity,
});

const isPreset = (value: string | null): value is TimePreset =>
  value !== null && (TIME_PRESETS as readonly string[]).includes(value);

/**
 * An analysis page's filters from its URL: `preset=week`, or a custom `startTime` / `endTime`
 * (both, in order; otherwise the default preset), plant, area, scene and trend granularity.
 * Invalid values are left out; plant and area only where the page offers them.
 */
export function analysisFiltersFromParams(params: URLSearchParams, places: PlaceFilters): AnalysisFilters {
  const { startTime, endTime, factoryId, areaId, ...rest } = filtersFromParams(urlFields, params);
  const preset = params.get('preset');
  const filters: AnalysisFilters = {
    preset: startTime && endTime ? 'custom' : isPreset(preset) ? preset : DEFAULT_PRESET,
    ...rest,
  };
  if (filters.preset === 'custom') Object.assign(filters, { startTime, endTime });
  if (places.plant) Object.assign(filters, { factoryId, areaId });
  for (const key of Object.keys(filters) as (keyof AnalysisFilters)[])
    if (filters[key] === undefined) delete filters[key];
  return filters;
}

/** URL params of an analysis page's filters (the default preset left out). */
export function analysisFiltersToParams(filters: AnalysisFilters): URLSearchParams {
  const params = new URLSearchParams();
  const { preset, startTime, endTime, ...rest } = filters;
  if (preset === 'custom') {
    if (startTime && endTime) {
      params.set('startTime', startTime);
      params.set('endTime', endTime);
    }
  } else if (preset !== DEFAULT_PRESET) params.set('preset', preset);
  for (const [name, value] of Object.entries(rest)) if (value !== undefined) params.set(name, String(value));
  return params;
}

/** The [start, end] of the filters' range at `now`, or null for a custom range not chosen. */
export function filtersRange(filters: AnalysisFilters, now: Dayjs = dayjs()): [Dayjs, Dayjs] | null {
  if (filters.preset !== 'custom') return presetRange(filters.preset, now);
  if (!filters.startTime || !filters.endTime) return null;
  return [dayjs(filters.startTime), dayjs(filters.endTime)];
}

/**
 * The request body of an analysis (contract `analysisQuery`): the range as ISO times, the
 * browser's UTC offset (day buckets on the viewer's midnight), plant, area, scene, granularity.
 */
export function analysisQueryOf(filters: AnalysisFilters, now: Dayjs = dayjs()): AnalysisRequest | null {
  const range = filtersRange(filters, now);
  if (!range) return null;
  const { preset: _preset, startTime: _s, endTime: _e, ...rest } = filters;
  return {
    startTime: range[0].toISOString(),
    endTime: range[1].toISOString(),
    utcOffset: now.utcOffset(),
    ...rest,
  };
}
