import { type MyStatisticsQueryInput, myStatisticsQuery } from '@sentinel/contract';
import dayjs, { type Dayjs } from 'dayjs';
import { z } from 'zod';
import { presetRange, TIME_PRESETS, type TimePreset } from '@/shared/filters/time-presets.ts';
import { filtersFromParams } from '@/shared/filters/url-filters.ts';

/** A preset of SPEC §9 (today, this week, this month, last 30 days) or a custom range. */
export type PeriodChoice = TimePreset | 'custom';

/** The page opens on today: what I did this shift. */
export const DEFAULT_PERIOD: TimePreset = 'today';

/** What the page's URL holds: the period, and (admins) whose figures. */
export interface StatisticsFilters {
  /** A preset stays relative: a link "this week" shows the current week when opened. */
  preset: PeriodChoice;
  /** The custom range (ISO), with `preset` 'custom'. */
  startTime?: string;
  endTime?: string;
  /** Another account (admins only); absent: the caller. */
  accountId?: number;
}

const shape = myStatisticsQuery.shape;
const urlFields = z.object({
  startTime: shape.startTime.optional(),
  endTime: shape.endTime.optional(),
  accountId: shape.accountId,
});

const isPreset = (value: string | null): value is TimePreset =>
  value !== null && (TIME_PRESETS as readonly string[]).includes(value);

/** The filters in the URL: `preset=week`, or a custom `startTime` / `endTime` (both, in order), `accountId`. */
export function filtersFromUrl(params: URLSearchParams): StatisticsFilters {
  const { startTime, endTime, accountId } = filtersFromParams(urlFields, params);
  const preset = params.get('preset');
  const filters: StatisticsFilters =
    startTime && endTime
      ? { preset: 'custom', startTime, endTime }
      : { preset: isPreset(preset) ? preset : DEFAULT_PERIOD };
  if (accountId !== undefined) filters.accountId = accountId;
  return filters;
}

/** URL params of the filters (the default period left out). */
export function filtersToUrl(filters: StatisticsFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.preset === 'custom') {
    if (filters.startTime && filters.endTime) {
      params.set('startTime', filters.startTime);
      params.set('endTime', filters.endTime);
    }
  } else if (filters.preset !== DEFAULT_PERIOD) params.set('preset', filters.preset);
  if (filters.accountId !== undefined) params.set('accountId', String(filters.accountId));
  return params;
}

/** [start, end] of the period at `now`, or null for a custom range not chosen yet. */
export function periodRange(filters: StatisticsFilters, now: Dayjs = dayjs()): [Dayjs, Dayjs] | null {
  if (filters.preset !== 'custom') return presetRange(filters.preset, now);
  if (!filters.startTime || !filters.endTime) return null;
  return [dayjs(filters.startTime), dayjs(filters.endTime)];
}

/**
 * The request body (contract `myStatisticsQuery`): the period as ISO times, the browser's UTC
 * offset (day bars start on the viewer's midnight) and the account when it is not the caller.
 */
export function statisticsQueryOf(
  filters: StatisticsFilters,
  selfId: number | null,
  now: Dayjs = dayjs(),
): MyStatisticsQueryInput | null {
  const range = periodRange(filters, now);
  if (!range) return null;
  const query: MyStatisticsQueryInput = {
    startTime: range[0].toISOString(),
    endTime: range[1].toISOString(),
    utcOffset: now.utcOffset(),
  };
  if (filters.accountId !== undefined && filters.accountId !== selfId) query.accountId = filters.accountId;
  return query;
}
