import {
  ALARM_API,
  ALGORITHM_API,
  type AlarmListResult,
  type AlgorithmOption,
  type FalseAlarmListQuery,
  SCENE_API,
  type SceneItem,
} from '@sentinel/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/request/request.ts';

const STALE = 60_000;

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

/** Filter pickers (failures leave the picker empty). */
export const useAlgorithmOptions = () =>
  useQuery({
    queryKey: ['falseAlarms', 'pickers', 'algorithms'],
    queryFn: () => request<AlgorithmOption[]>(ALGORITHM_API.all, { silent: true }),
    staleTime: STALE,
  });

export const useSceneOptions = () =>
  useQuery({
    queryKey: ['falseAlarms', 'pickers', 'scenes'],
    queryFn: () =>
      request<SceneItem[]>(SCENE_API.listAll, { method: 'POST', body: {}, long: true, silent: true }),
    staleTime: STALE,
  });
