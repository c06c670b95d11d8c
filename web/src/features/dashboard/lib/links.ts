import type { AlarmListQuery, DashboardQuery, JobRunListQuery, PriorityCode } from '@sentinel/contract';
import dayjs from 'dayjs';
import { filtersUrl } from '@/shared/filters/url-filters.ts';
import { nodeByCode } from '@/shared/permission/permitted.ts';

/** The home's figures, each a tile. */
export const KPI_KEYS = [
  'todayAlarms',
  'untreated',
  'awaitingApproval',
  'falsePositiveRate',
  'cameras',
  'jobsRunning',
] as const;
export type KpiKey = (typeof KPI_KEYS)[number];

/** Where a figure leads: a menu code (shown as a link only when the user may open it) and a URL. */
export interface KpiLink {
  code: string;
  to: string;
}

const pathOf = (code: string) => nodeByCode(code)?.path ?? '/';
type AlarmFilters = Partial<Omit<AlarmListQuery, 'page' | 'limit'>>;
type TaskFilters = Partial<Omit<JobRunListQuery, 'page' | 'limit'>>;

/** History alarms filtered (parameters named as the list query's fields). */
export const historyAlarmLink = (filters: AlarmFilters): KpiLink => ({
  code: 'historyAlarm',
  to: filtersUrl(pathOf('historyAlarm'), filters),
});

const historyTaskLink = (filters: TaskFilters): KpiLink => ({
  code: 'historyTask',
  to: filtersUrl(pathOf('historyTask'), filters),
});

/** Each figure opens the list whose count it is (today = the range the figures were asked for). */
export function kpiLink(key: KpiKey, today: DashboardQuery): KpiLink {
  const range = { startTime: today.startTime, endTime: today.endTime };
  switch (key) {
    case 'todayAlarms':
      return historyAlarmLink(range);
    case 'untreated':
      return historyAlarmLink({ status: 'untreated' });
    case 'awaitingApproval':
      return { code: 'alarmApproval', to: pathOf('alarmApproval') };
    case 'falsePositiveRate':
      return historyAlarmLink({ ...range, falsePositive: true });
    case 'cameras':
      return { code: 'cameraSet', to: pathOf('cameraSet') };
    case 'jobsRunning':
      return historyTaskLink({ state: 1 });
  }
}

/** The last millisecond of the hour starting at `hour` (the list's range includes its end). */
const hourEnd = (hour: string) => dayjs(hour).add(1, 'hour').subtract(1, 'millisecond').toISOString();

/** One hour of the heat strip (its start, ISO) at one level: History alarms of that hour and level. */
export const heatCellLink = (hour: string, priority: PriorityCode): KpiLink =>
  historyAlarmLink({ startTime: dayjs(hour).toISOString(), endTime: hourEnd(hour), priority });

/** The whole 24 hours of the heat strip (first hour's start … last hour's end) at one level. */
export function heatLevelLink(hours: readonly string[], priority: PriorityCode): KpiLink | null {
  const first = hours[0];
  const last = hours[hours.length - 1];
  if (!first || !last) return null;
  return historyAlarmLink({ startTime: dayjs(first).toISOString(), endTime: hourEnd(last), priority });
}
