import {
  JOB_RUN_API,
  type JobRunDetail,
  type JobRunListQuery,
  type JobRunListResult,
  type SafetyRate,
} from '@sentinel/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { request } from '@/shared/request/request.ts';

export const JOB_RUNS_KEY = ['jobRuns'] as const;

/** POST historyAssignment/list: { list, count }. */
export const useJobRunList = (query: JobRunListQuery) =>
  useQuery({
    queryKey: [...JOB_RUNS_KEY, 'list', query],
    queryFn: () => request<JobRunListResult>(JOB_RUN_API.list, { method: 'POST', body: query }),
    placeholderData: keepPreviousData,
    retry: false,
  });

/** GET historyAssignment/{id}/detail: the run and its timeline (404 answers an error with httpStatus 404). */
export const useJobRunDetail = (id: number) =>
  useQuery({
    queryKey: [...JOB_RUNS_KEY, 'detail', id],
    queryFn: () => request<JobRunDetail>(JOB_RUN_API.detail(id), { silent: true }),
    enabled: Number.isInteger(id) && id > 0,
    retry: false,
  });

/** GET safetyRate/{sceneId}/bySceneId (failures leave the rate out). */
export const useSafetyRate = (sceneId: number | null | undefined) =>
  useQuery({
    queryKey: [...JOB_RUNS_KEY, 'safetyRate', sceneId],
    queryFn: () => request<SafetyRate>(JOB_RUN_API.safetyRate(sceneId as number), { silent: true }),
    enabled: typeof sceneId === 'number',
    retry: false,
  });
