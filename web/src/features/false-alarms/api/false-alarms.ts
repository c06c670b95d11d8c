import { ALARM_API, type AlarmListResult, type FalseAlarmListQuery } from '@sentinel/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { request } from '@/shared/request/request.ts';

/**
 * POST falseAlarmRecord/list: alarms marked false positive ({ list, count, countCapped }). Keyed
 * under ['alarms', 'list'] so that handling an alarm anywhere refreshes it too.
 */
export const useFalseAlarmList = (query: FalseAlarmListQuery) =>
  useQuery({
    queryKey: ['alarms', 'list', 'falseAlarms', query],
    queryFn: () => request<AlarmListResult>(ALARM_API.falseAlarmList, { method: 'POST', body: query }),
    placeholderData: keepPreviousData,
    retry: false,
  });
