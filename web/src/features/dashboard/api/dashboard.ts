import { ANALYSIS_API, type DashboardQuery, type DashboardSummary, type HeatStrip } from '@sentinel/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { request } from '@/shared/request/request.ts';
import { ALARM_LISTS_KEY, fetchAlarmList } from '@/shared/ui/alarm-detail-dialog/index.ts';
import { UNTREATED_FETCH } from '../lib/untreated-view.ts';

export const DASHBOARD_KEY = ['dashboard'] as const;
export const SUMMARY_KEY = [...DASHBOARD_KEY, 'summary'] as const;
export const HEAT_KEY = [...DASHBOARD_KEY, 'heat'] as const;
/** Under the alarm lists' key: a handling anywhere (refreshAlarms) refetches it too. */
export const UNTREATED_KEY = [...ALARM_LISTS_KEY, 'dashboard'] as const;

/** How often the figures are asked for while the event stream is down (SPEC §9 poll period). */
export const FALLBACK_POLL_MS = 15_000;
/** Cameras going on- or offline send no event: the figures are asked for again this often. */
export const CAMERA_REFRESH_MS = 60_000;

interface LiveOptions {
  /** Poll period (ms) or false; the event stream drives the refreshes otherwise. */
  poll: number | false;
}

/**
 * A control-room screen mends itself: a failed request is tried again twice (1 s, 2 s), and a
 * query left in error is asked for again every FALLBACK_POLL_MS even while the stream is up.
 */
const selfHealing = (poll: number | false) => ({
  retry: 2,
  retryDelay: (attempt: number) => 1_000 * 2 ** attempt,
  refetchInterval: (query: { state: { status: string } }) =>
    query.state.status === 'error' ? FALLBACK_POLL_MS : poll,
});

/** POST dashboard/summary for today's range (as this browser sees "today"). */
export const useDashboardSummary = (today: DashboardQuery, { poll }: LiveOptions) =>
  useQuery({
    queryKey: [...SUMMARY_KEY, today.startTime, today.endTime],
    queryFn: () =>
      request<DashboardSummary>(ANALYSIS_API.dashboard, { method: 'POST', body: today, silent: true }),
    placeholderData: keepPreviousData,
    ...selfHealing(poll),
  });

/** POST dashboard/heat: the last 24 hours by level. */
export const useHeatStrip = ({ poll }: LiveOptions) =>
  useQuery({
    queryKey: HEAT_KEY,
    queryFn: () => request<HeatStrip>(ANALYSIS_API.heat, { method: 'POST', body: {}, silent: true }),
    ...selfHealing(poll),
  });

/** The newest untreated alarms (state 1 or 4) the caller may see. */
export const useNewestUntreated = ({ poll }: LiveOptions) =>
  useQuery({
    queryKey: UNTREATED_KEY,
    queryFn: () => fetchAlarmList({ page: 1, limit: UNTREATED_FETCH, status: 'untreated' }),
    ...selfHealing(poll),
  });
