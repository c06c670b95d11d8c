import {
  type CronPreview,
  PLAN_TASK_API,
  PLAN_TASK_EVENT,
  type PlanTaskItem,
  type PlanTaskList,
  type PlanTaskRunList,
  type PlanTaskRunListQuery,
  type PlanTaskUpdate,
} from '@sentinel/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useRealtime } from '@/shared/realtime/use-realtime.ts';
import { action, request } from '@/shared/request/request.ts';

const KEY = ['planTasks'] as const;
/** The list is asked again this often (the event stream makes it sooner). */
const REFRESH_MS = 15_000;

/** GET planTask/tasks; asked again when a task starts or ends a run on any instance. */
export function usePlanTasks() {
  const client = useQueryClient();
  useRealtime(PLAN_TASK_EVENT, () => {
    void client.invalidateQueries({ queryKey: KEY });
  });
  return useQuery({
    queryKey: [...KEY, 'tasks'],
    queryFn: ({ signal }) => request<PlanTaskList>(PLAN_TASK_API.tasks, { silent: true, signal }),
    refetchInterval: REFRESH_MS,
    retry: false,
  });
}

/** POST planTask/runs/list: the history, newest first. */
export const usePlanTaskRuns = (query: PlanTaskRunListQuery, enabled: boolean) =>
  useQuery({
    queryKey: [...KEY, 'runs', query],
    queryFn: ({ signal }) =>
      request<PlanTaskRunList>(PLAN_TASK_API.runs, { method: 'POST', body: query, silent: true, signal }),
    placeholderData: keepPreviousData,
    enabled,
    retry: false,
  });

/** PUT planTask/tasks/:code (cron and/or switch). */
export const useUpdatePlanTask = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ code, change }: { code: string; change: PlanTaskUpdate }) =>
      action<PlanTaskItem>(PLAN_TASK_API.task(code), { method: 'PUT', body: change }),
    onSettled: () => client.invalidateQueries({ queryKey: KEY }),
  });
};

/** POST planTask/tasks/:code/run. */
export const useRunPlanTask = (successText: string) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (code: string) =>
      action<{ runId: number }>(PLAN_TASK_API.run(code), { method: 'POST', successText }),
    onSettled: () => client.invalidateQueries({ queryKey: KEY }),
  });
};

/** The typed cron, settled for `ms` (the preview is asked once the admin pauses typing). */
function useSettled(value: string, ms: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/** POST planTask/preview: whether the server accepts the cron, and its next five runs. */
export function useCronPreview(cron: string) {
  const settled = useSettled(cron.trim(), 250);
  return useQuery({
    queryKey: [...KEY, 'preview', settled],
    queryFn: ({ signal }) =>
      request<CronPreview>(PLAN_TASK_API.preview, {
        method: 'POST',
        body: { cron: settled },
        silent: true,
        signal,
      }),
    enabled: settled.length > 0,
    placeholderData: keepPreviousData,
    retry: false,
  });
}
