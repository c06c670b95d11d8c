import {
  ALARM_API,
  type AlarmDetail,
  type AlarmItem,
  type AlarmListQuery,
  type AlarmListResult,
} from '@sentinel/contract';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { RequestError } from '@/shared/request/errors.ts';
import { action, request } from '@/shared/request/request.ts';
import type { AlarmActionKind } from './alarm-rules.ts';

/** Query keys of everything alarm-related (lists, details, approval count). */
export const ALARMS_KEY = ['alarms'] as const;
export const alarmDetailKey = (id: number) => [...ALARMS_KEY, 'detail', id] as const;
export const ALARM_LISTS_KEY = [...ALARMS_KEY, 'list'] as const;
export const APPROVE_COUNT_KEY = [...ALARMS_KEY, 'approveCount'] as const;

/** SPEC §7: batch process / mark false positive (not in ALARM_API yet). */
export const ALARM_BATCH_PATH = '/api/v2/backend/videoAlarmRecord/updateOrFilter';

export const fetchAlarmList = (query: AlarmListQuery) =>
  request<AlarmListResult>(ALARM_API.list, { method: 'POST', body: query, silent: true });

export const fetchAlarm = (id: number) => request<AlarmDetail>(ALARM_API.detail(id), { silent: true });

export const alarmDetailQueryOptions = (id: number | undefined) =>
  queryOptions({
    queryKey: alarmDetailKey(id ?? 0),
    queryFn: () => fetchAlarm(id ?? 0),
    enabled: id !== undefined && id > 0,
    retry: false,
  });

export const useAlarmDetail = (id: number | undefined) => useQuery(alarmDetailQueryOptions(id));

/** Run one action on one alarm; resolves with the server's data (the toast shows the server message). */
export function runAlarmAction(
  kind: AlarmActionKind,
  alarm: Pick<AlarmItem, 'id' | 'version'>,
  comment = '',
) {
  const body = { id: alarm.id, version: alarm.version };
  switch (kind) {
    case 'deal':
      return action<unknown>(ALARM_API.deal, { body: { ...body, comment } });
    case 'cancel':
      return action<unknown>(ALARM_API.cancel(alarm.id), { body });
    case 'approve':
      return action<unknown>(ALARM_API.approve, { body });
    case 'noApprove':
      return action<unknown>(ALARM_API.noApprove, { body });
  }
}

/** The current alarm of a 409 answer (`data.alarm`), if any. */
export function conflictAlarm(error: unknown): AlarmItem | undefined {
  if (!(error instanceof RequestError) || error.httpStatus !== 409) return undefined;
  const data = error.data as { alarm?: AlarmItem } | undefined;
  return data?.alarm && typeof data.alarm.id === 'number' ? data.alarm : undefined;
}

/** Put a fresher copy of an alarm into every cached list and its detail (keeps the timeline). */
export function patchCachedAlarm(client: QueryClient, alarm: AlarmItem) {
  client.setQueriesData<AlarmListResult>({ queryKey: ALARM_LISTS_KEY }, (old) =>
    old ? { ...old, list: old.list.map((row) => (row.id === alarm.id ? { ...row, ...alarm } : row)) } : old,
  );
  client.setQueryData<AlarmDetail>(alarmDetailKey(alarm.id), (old) => (old ? { ...old, ...alarm } : old));
}

/** After a successful change: reload lists, the detail and the approval count. */
export function refreshAlarms(client: QueryClient, id?: number) {
  if (id !== undefined) void client.invalidateQueries({ queryKey: alarmDetailKey(id) });
  void client.invalidateQueries({ queryKey: ALARM_LISTS_KEY });
  void client.invalidateQueries({ queryKey: APPROVE_COUNT_KEY });
}

export const fetchApproveCount = () =>
  request<number | { count: number }>(ALARM_API.approveCount, { silent: true });

/** Number of alarms awaiting approval (GET videoAlarmRecord/approve/count). */
export function useApproveCount(enabled = true) {
  return useQuery({
    queryKey: APPROVE_COUNT_KEY,
    queryFn: async () => {
      const data = await fetchApproveCount();
      return typeof data === 'number' ? data : (data?.count ?? 0);
    },
    enabled,
    refetchInterval: 30_000,
  });
}
