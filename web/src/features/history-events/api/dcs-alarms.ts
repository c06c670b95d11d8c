import {
  type DcsAlarmItem,
  type DcsAlarmListQuery,
  type DcsAlarmListResult,
  HISTORY_API,
} from '@sentinel/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { action, request } from '@/shared/request/request.ts';

export const DCS_KEY = ['historyEvents', 'dcsAlarms'] as const;

export const fetchDcsList = (query: DcsAlarmListQuery) =>
  request<DcsAlarmListResult>(HISTORY_API.dcsList, { method: 'POST', body: query, silent: true });

export const dcsListQueryOptions = (query: DcsAlarmListQuery) =>
  queryOptions({
    queryKey: [...DCS_KEY, 'list', query],
    queryFn: () => fetchDcsList(query),
    placeholderData: keepPreviousData,
    retry: false,
  });

/** POST dcsAlarm/list: { list, count, countCapped }. */
export const useDcsList = (query: DcsAlarmListQuery) => useQuery(dcsListQueryOptions(query));

/** GET dcsAlarm/{id}: the alarm, with who processed it, when and the comment (on the row). */
export const useDcsAlarm = (id: number | undefined) =>
  useQuery({
    queryKey: [...DCS_KEY, 'detail', id ?? 0],
    queryFn: () => request<DcsAlarmItem>(HISTORY_API.dcsDetail(id ?? 0), { silent: true }),
    enabled: id !== undefined && id > 0,
    retry: false,
  });

/**
 * POST dcsAlarm/deal with the version the user saw (the toast shows the server message; 409
 * carries the current alarm).
 */
export const dealDcsAlarm = (alarm: Pick<DcsAlarmItem, 'id' | 'version'>, comment: string) =>
  action<DcsAlarmItem>(HISTORY_API.dcsDeal, { body: { id: alarm.id, comment, version: alarm.version } });
