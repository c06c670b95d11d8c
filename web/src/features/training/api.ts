import {
  TRAINING_API,
  TRAINING_EVENTS,
  type TrainingCreateBody,
  type TrainingInstance,
  type TrainingJobDetail,
  type TrainingJobItem,
  type TrainingLogLine,
  type TrainingPreview,
} from '@sentinel/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRealtime } from '@/shared/realtime/use-realtime.ts';
import { action, request } from '@/shared/request/request.ts';

/** Query keys and calls of retraining (issue 13 §5–6). */
export const TRAINING_KEY = ['training'] as const;
const instanceKey = (id: number) => [...TRAINING_KEY, 'instance', id] as const;
const jobKey = (id: number) => [...TRAINING_KEY, 'job', id] as const;
const logKey = (id: number) => [...TRAINING_KEY, 'log', id] as const;
const jobsKey = (algorithmId: number, page: number, limit: number) =>
  [...TRAINING_KEY, 'jobs', algorithmId, page, limit] as const;

export const useTrainingInstance = (id: number) =>
  useQuery({
    queryKey: instanceKey(id),
    queryFn: ({ signal }) => request<TrainingInstance>(TRAINING_API.instance(id), { signal, silent: true }),
    enabled: id > 0,
    retry: false,
  });

export const usePreview = (algorithmId: number, datasetVersionId: number) =>
  useQuery({
    queryKey: [...TRAINING_KEY, 'preview', algorithmId, datasetVersionId],
    queryFn: ({ signal }) =>
      request<TrainingPreview>(TRAINING_API.preview, {
        method: 'POST',
        body: { algorithmId, datasetVersionId },
        signal,
        silent: true,
      }),
    enabled: algorithmId > 0 && datasetVersionId > 0,
    retry: false,
  });

export function useCreateJob() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: TrainingCreateBody) =>
      (await action<TrainingJobItem>(TRAINING_API.create, { method: 'PUT', body })).data,
    onSuccess: () => client.invalidateQueries({ queryKey: TRAINING_KEY }),
  });
}

export function useTerminate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => (await action<TrainingJobItem>(TRAINING_API.terminate(id))).data,
    onSettled: () => client.invalidateQueries({ queryKey: TRAINING_KEY }),
  });
}

export const useJob = (id: number) =>
  useQuery({
    queryKey: jobKey(id),
    queryFn: ({ signal }) => request<TrainingJobDetail>(TRAINING_API.detail(id), { signal, silent: true }),
    enabled: id > 0,
    retry: false,
  });

export const useJobLog = (id: number) =>
  useQuery({
    queryKey: logKey(id),
    queryFn: ({ signal }) => request<TrainingLogLine[]>(TRAINING_API.log(id), { signal, silent: true }),
    enabled: id > 0,
    retry: false,
  });

export const useJobs = (algorithmId: number, page: number, limit: number) =>
  useQuery({
    queryKey: jobsKey(algorithmId, page, limit),
    queryFn: ({ signal }) =>
      request<{ list: TrainingJobItem[]; count: number }>(TRAINING_API.list, {
        method: 'POST',
        body: { page, limit, algorithmId },
        signal,
        silent: true,
      }),
    enabled: algorithmId > 0,
  });

/**
 * Follows training live over the event stream: `training.updated` refreshes the job (and the
 * lists; the result version appears on completion), `training.log` appends its lines.
 */
export function useTrainingLive(jobId: number) {
  const client = useQueryClient();
  useRealtime<TrainingJobItem>(TRAINING_EVENTS.updated, (job) => {
    if (job.id === jobId) {
      const before = client.getQueryData<TrainingJobDetail>(jobKey(jobId));
      if (before) client.setQueryData(jobKey(jobId), { ...before, ...job });
      if (!before || before.state !== job.state) void client.invalidateQueries({ queryKey: jobKey(jobId) });
    }
    void client.invalidateQueries({ queryKey: [...TRAINING_KEY, 'jobs'] });
  });
  useRealtime<{ jobId: number; lines: TrainingLogLine[] }>(TRAINING_EVENTS.log, (data) => {
    if (data.jobId !== jobId) return;
    client.setQueryData<TrainingLogLine[]>(logKey(jobId), (lines = []) => {
      const known = new Set(lines.map((l) => l.id));
      return [...lines, ...data.lines.filter((l) => !known.has(l.id))].sort((a, b) => a.id - b.id);
    });
  });
}
