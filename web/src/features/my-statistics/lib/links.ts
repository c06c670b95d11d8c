import type { AlarmListQuery } from '@sentinel/contract';
import { filtersUrl } from '@/shared/filters/url-filters.ts';

export const HISTORY_ALARM_PATH = '/historyRecords/historyAlarm';

type AlarmFilters = Partial<Omit<AlarmListQuery, 'page' | 'limit'>>;

/**
 * History alarms of the alarms this account handled, raised in the range, plus `extra` (state,
 * level…). The list filters on the alarm's time and its current handler, the statistics count
 * actions by when they were taken: the counts agree when the range holds the alarms as well.
 */
export function handledAlarmsUrl(
  range: { startTime: string; endTime: string },
  handlerId: number,
  extra: AlarmFilters = {},
): string {
  return filtersUrl(HISTORY_ALARM_PATH, {
    startTime: range.startTime,
    endTime: range.endTime,
    handlerId,
    ...extra,
  });
}

/** The drill of a handling action: processed (deal) → state 2, false positive (cancel) → state 3. */
export const ACTION_STATE = { deal: 2, cancel: 3 } as const;

/**
 * The range of one trend bucket cut to the page's range: from the bucket's start to just before
 * the next one's (History alarms holds both ends of its range).
 */
export function bucketRange(
  times: readonly string[],
  index: number,
  sizeMs: number,
  range: { startTime: string; endTime: string },
): { startTime: string; endTime: string } {
  const time = times[index];
  if (time === undefined) return range;
  const start = Math.max(Date.parse(time), Date.parse(range.startTime));
  const next = times[index + 1] ? Date.parse(times[index + 1] as string) : Date.parse(time) + sizeMs;
  const end = Math.min(next - 1, Date.parse(range.endTime));
  return { startTime: new Date(start).toISOString(), endTime: new Date(Math.max(start, end)).toISOString() };
}
