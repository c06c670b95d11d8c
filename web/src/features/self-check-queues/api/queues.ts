import {
  type PileupListResult,
  QUEUE_MONITOR_API,
  type QueueMeasure,
  type QueueSamplesResult,
} from '@sentinel/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { action, request } from '@/shared/request/request.ts';

const KEY = ['selfCheckQueues'] as const;
/** How often the monitor asks again (the sampler writes a point every QUEUE_SAMPLE_SECONDS). */
export const QUEUE_REFRESH_MS = 5_000;

/** GET queueMonitor/queues, asked again every few seconds while the page is open. */
export const useQueueMeasures = () =>
  useQuery({
    queryKey: [...KEY, 'measures'],
    queryFn: ({ signal }) => request<QueueMeasure[]>(QUEUE_MONITOR_API.queues, { silent: true, signal }),
    refetchInterval: QUEUE_REFRESH_MS,
    retry: false,
  });

/** GET queueMonitor/samples: the last hour of every queue (the chart). */
export const useQueueSamples = (minutes = 60) =>
  useQuery({
    queryKey: [...KEY, 'samples', minutes],
    queryFn: ({ signal }) =>
      request<QueueSamplesResult>(`${QUEUE_MONITOR_API.samples}?minutes=${minutes}`, {
        silent: true,
        signal,
      }),
    placeholderData: keepPreviousData,
    refetchInterval: QUEUE_REFRESH_MS * 2,
    retry: false,
  });

/** Pauses or resumes a queue; the measures are asked again at once. */
export const useSetQueuePaused = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ queue, paused }: { queue: string; paused: boolean }) =>
      action<{ paused: boolean }>(paused ? QUEUE_MONITOR_API.pause(queue) : QUEUE_MONITOR_API.resume(queue), {
        method: 'POST',
      }),
    onSettled: () => client.invalidateQueries({ queryKey: [...KEY, 'measures'] }),
  });
};

/** POST queueMonitor/pileups/list: open pile-ups first, newest first. */
export const usePileups = (query: { page: number; limit: number }) =>
  useQuery({
    queryKey: [...KEY, 'pileups', query],
    queryFn: ({ signal }) =>
      request<PileupListResult>(QUEUE_MONITOR_API.pileups, {
        method: 'POST',
        body: query,
        silent: true,
        signal,
      }),
    placeholderData: keepPreviousData,
    refetchInterval: 10_000,
    retry: false,
  });
