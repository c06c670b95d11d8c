import type { RunReportQueryInput } from '@sentinel/contract';
import dayjs from 'dayjs';
import { type PartialRange, presetRange, rangeToQuery } from '@/shared/filters/time-presets.ts';
import { filtersUrl } from '@/shared/filters/url-filters.ts';

export const HISTORY_ALARM_PATH = '/historyRecords/historyAlarm';

export interface ReportFilterValues {
  range?: PartialRange;
  areaId?: number | null;
  cameraId?: number | null;
  algorithmId?: number | null;
}

/** The default: this week (SPEC time presets). */
export const defaultValues = (): ReportFilterValues => ({ range: presetRange('week') });

/** The form's values as a report query (the browser's UTC offset places the day buckets). */
export function toQuery(values: ReportFilterValues): RunReportQueryInput | undefined {
  const { startTime, endTime } = rangeToQuery(values.range);
  if (!startTime || !endTime) return undefined;
  return {
    startTime,
    endTime,
    utcOffset: dayjs().utcOffset(),
    ...(values.areaId ? { areaId: values.areaId } : {}),
    ...(values.cameraId ? { cameraId: values.cameraId } : {}),
    ...(values.algorithmId ? { algorithmId: values.algorithmId } : {}),
  };
}

/** History alarms of one report day (YYYY-MM-DD, the viewer's day) and one camera or algorithm. */
export function dayDrillUrl(
  day: string,
  filter: { cameraId?: number; algorithmId?: number; alarmState?: number },
) {
  const start = dayjs(day).startOf('day');
  return filtersUrl(HISTORY_ALARM_PATH, {
    startTime: start.toISOString(),
    endTime: start.endOf('day').toISOString(),
    ...filter,
  });
}
