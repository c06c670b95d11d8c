import type { AlarmListQuery } from '@sentinel/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ALARM_LISTS_KEY, fetchAlarmList } from '@/shared/ui/alarm-detail-dialog/index.ts';

export const alarmListQueryOptions = (query: AlarmListQuery, enabled = true) =>
  queryOptions({
    enabled,
    queryKey: [...ALARM_LISTS_KEY, query],
    queryFn: () => fetchAlarmList(query),
    placeholderData: keepPreviousData,
    retry: false,
  });

/** POST videoAlarmRecord/list: { list, count, countCapped }. */
export const useAlarmList = (query: AlarmListQuery, enabled = true) =>
  useQuery(alarmListQueryOptions(query, enabled));
