import {
  type DcsAlarmDetail,
  type DcsAlarmListQuery,
  type DcsAlarmListResult,
  HISTORY_API,
} from '@sentinel/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { action, request } from '../../../shared/request/request.ts';

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

/** GET dcsAlarm/{id}: the alarm with who processed it, when and the comment. */
export const useDcsAlarm = (id: number | undefined) =>
  useQuery({
    queryKey: [...DCS_KEY, 'detail', id ?? 0],
    queryFn: () => request<DcsAlarmDetail>(HISTORY_API.dcsDetail(id ?? 0), { silent: true }),
    enabled: id !== undefined && id > 0,
    retry: false,
  });

/** POST dcsAlarm/deal (the toast shows the server message; 409 carries the current alarm). */
export const dealDcsAlarm = (id: number, comment: string) =>
  action<unknown>(HISTORY_API.dcsDeal, { body: { id, comment } });
