import type { AlarmListQuery, JobRunListQuery } from '@sentinel/contract';
import dayjs from 'dayjs';
import { filtersUrl } from '@/shared/filters/url-filters.ts';
import type { AnalysisRequest } from './analysis-filters.ts';

export const HISTORY_ALARM_PATH = '/historyRecords/historyAlarm';
export const HISTORY_TASK_PATH = '/historyRecords/historyTask';

/** What a figure adds to the page's filters on History alarms (e.g. `priority`, `status`). */
export type AlarmDrill = Partial<Omit<AlarmListQuery, 'page' | 'limit'>>;
/** What a figure adds to the page's filters on History tasks (e.g. `state`). */
export type TaskDrill = Partial<Omit<JobRunListQuery, 'page' | 'limit'>>;

/** The analysis request a figure came from (its range and place filters). */
export type DrillBase = Pick<AnalysisRequest, 'startTime' | 'endTime' | 'factoryId' | 'areaId' | 'sceneId'>;

/**
 * History alarms with the analysis' range and filters plus the clicked dimension (which wins over
 * the page's filter of the same name, e.g. a trend bucket's own start and end).
 */
export function alarmDrillUrl(base: DrillBase, drill: AlarmDrill = {}): string {
  const { startTime, endTime, factoryId, areaId, sceneId } = base;
  return filtersUrl(HISTORY_ALARM_PATH, { startTime, endTime, factoryId, areaId, sceneId, ...drill });
}

/** History tasks (runs by start time) with the analysis' range and scene plus the clicked dimension. */
export function taskDrillUrl(base: DrillBase, drill: TaskDrill = {}): string {
  const { startTime, endTime, sceneId } = base;
  return filtersUrl(HISTORY_TASK_PATH, { startTime, endTime, sceneId, ...drill });
}

/**
 * The range of one bucket of a trend, cut to the analysis' range: from the bucket's start to just
 * before the next one's (History alarms includes both ends, the buckets do not hold their end).
 */
export function bucketRange(
  times: readonly string[],
  index: number,
  granularity: 'hour' | 'day',
  range: { startTime: string; endTime: string },
): { startTime: string; endTime: string } {
  const time = times[index];
  if (time === undefined) return range;
  const next = times[index + 1] ?? dayjs(time).add(1, granularity).toISOString();
  const start = Math.max(Date.parse(time), Date.parse(range.startTime));
  const end = Math.min(Date.parse(next) - 1, Date.parse(range.endTime));
  return { startTime: new Date(start).toISOString(), endTime: new Date(Math.max(start, end)).toISOString() };
}

/**
 * History alarms' range for "still untreated at the end of this bucket": the analysis' start to
 * the bucket's end. The list shows the alarms of that span untreated now (a past bucket's backlog
 * may since have been handled).
 */
export function backlogRange(
  times: readonly string[],
  index: number,
  granularity: 'hour' | 'day',
  range: { startTime: string; endTime: string },
): { startTime: string; endTime: string } {
  return { startTime: range.startTime, endTime: bucketRange(times, index, granularity, range).endTime };
}
