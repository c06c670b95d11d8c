import { ANALYSIS_API, type DashboardQuery, type DashboardSummary, type HeatStrip } from '@sentinel/contract';
import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { buttonsQueryOptions } from '@/shared/permission/use-buttons.ts';
import { request } from '@/shared/request/request.ts';
import { ALARM_LISTS_KEY, fetchAlarmList } from '@/shared/ui/alarm-detail-dialog/alarm-api.ts';
import { UNTREATED_FETCH } from '../lib/untreated-view.ts';
import { todayRange } from '../use-today.ts';

// The home's requests without React or its components: the route registry (pages.ts) holds them
// to start them before the page's chunk is there (prefetchDashboard).

export const DASHBOARD_KEY = ['dashboard'] as const;
export const SUMMARY_KEY = [...DASHBOARD_KEY, 'summary'] as const;
export const HEAT_KEY = [...DASHBOARD_KEY, 'heat'] as const;
/** Under the alarm lists' key: a handling anywhere (refreshAlarms) refetches it too. */
export const UNTREATED_KEY = [...ALARM_LISTS_KEY, 'dashboard'] as const;

/** POST dashboard/summary for today's range (as this browser sees "today"). */
export const summaryQuery = (today: DashboardQuery) =>
  queryOptions({
    queryKey: [...SUMMARY_KEY, today.startTime, today.endTime],
    queryFn: () =>
      request<DashboardSummary>(ANALYSIS_API.dashboard, { method: 'POST', body: today, silent: true }),
  });

/** POST dashboard/heat: the last 24 hours by level. */
export const heatQuery = queryOptions({
  queryKey: HEAT_KEY,
  queryFn: () => request<HeatStrip>(ANALYSIS_API.heat, { method: 'POST', body: {}, silent: true }),
});

/** The newest untreated alarms (state 1 or 4) the caller may see. */
export const untreatedQuery = queryOptions({
  queryKey: UNTREATED_KEY,
  queryFn: () => fetchAlarmList({ page: 1, limit: UNTREATED_FETCH, status: 'untreated' }),
});

/**
 * The home's first answers, asked as soon as the guard has let the user in (app/route-prefetch.ts):
 * they travel while the page's chunk loads and the layout renders, so the page's first render has
 * its figures. Same keys as the page's queries, which take them over (or the request in flight).
 */
export function prefetchDashboard(client: QueryClient): void {
  void client.prefetchQuery(summaryQuery(todayRange()));
  void client.prefetchQuery(heatQuery);
  void client.prefetchQuery(untreatedQuery);
  void client.prefetchQuery(buttonsQueryOptions('dashboard'));
}
