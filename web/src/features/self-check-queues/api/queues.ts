import { type PileupListResult, QUEUE_MONITOR_API, type QueueMeasure } from '@sentinel/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { request } from '@/shared/request/request.ts';

const KEY = ['selfCheckQueues'] as const;

/** GET queueMonitor/queues, refreshed every 10 s while the page is open. */
export const useQueueMeasures = () =>
  useQuery({
    queryKey: [...KEY, 'measures'],
    queryFn: ({ signal }) => request<QueueMeasure[]>(QUEUE_MONITOR_API.queues, { silent: true, signal }),
    refetchInterval: 10_000,
    retry: false,
  });

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
