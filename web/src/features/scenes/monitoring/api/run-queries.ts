import {
  type FixedAlarms,
  type FixedOperationItem,
  JOB_RUN_API,
  type JobRunDetail,
  type LastRunCounts,
  type SafetyRate,
  SCENE_API,
} from '@sentinel/contract';
import { useQuery } from '@tanstack/react-query';
import { request } from '@/shared/request/request.ts';
import { runKey } from './keys.ts';

/** GET historyAssignment/queryLastHistoryEventCount/{sceneId}: the scene's last run and its counts. */
export const useLastRun = (sceneId: number, enabled = true) =>
  useQuery({
    queryKey: [...runKey(sceneId), 'last'],
    queryFn: () => request<LastRunCounts>(JOB_RUN_API.lastEventCount(sceneId), { silent: true }),
    enabled,
    retry: false,
  });

/**
 * GET historyAssignment/{id}/detail: the run with its events and alarms (needs History tasks;
 * without it the progress is read from the run's state and alarms only).
 */
export const useRunDetail = (sceneId: number, runId: number | null, enabled: boolean) =>
  useQuery({
    queryKey: [...runKey(sceneId), 'detail', runId],
    queryFn: () => request<JobRunDetail>(JOB_RUN_API.detail(runId ?? 0), { silent: true }),
    enabled: enabled && runId !== null,
    retry: false,
  });

/** GET safetyRate/{sceneId}/bySceneId: the share of the last 30 days' completed runs that were normal. */
export const useSafetyRate = (sceneId: number) =>
  useQuery({
    queryKey: [...runKey(sceneId), 'safetyRate'],
    queryFn: () => request<SafetyRate>(JOB_RUN_API.safetyRate(sceneId), { silent: true }),
    retry: false,
  });

/** GET videoAlarmRecord/selectFixedAlarm/{fixedOperationId}: the alarms of the operation's latest run. */
export const useFixedAlarms = (sceneId: number, fixedOperationId: number | null) =>
  useQuery({
    queryKey: [...runKey(sceneId), 'fixedAlarms', fixedOperationId],
    queryFn: () => request<FixedAlarms>(JOB_RUN_API.fixedAlarms(fixedOperationId ?? 0), { silent: true }),
    enabled: fixedOperationId !== null,
    retry: false,
  });

/** POST fixedOperation/list (SPEC §9: page size 1000): the enabled job scenes to switch between. */
export const useFixedOperationList = () =>
  useQuery({
    queryKey: ['sceneMonitor', 'fixedOperations'],
    queryFn: () =>
      request<{ list: FixedOperationItem[]; count: number }>(SCENE_API.fixedOperationList, {
        method: 'POST',
        body: { page: 1, limit: 1000, enabled: true },
        silent: true,
      }),
    staleTime: 60_000,
    retry: false,
  });
