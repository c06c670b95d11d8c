import { RUNNING_EFFECT_API, type RunningEffect } from '@sentinel/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { request } from '@/shared/request/request.ts';
import type { AnalysisRequest } from '../../analysis/index.ts';

/** Re-read while the page is open (the figures move with every alarm and outage). */
const REFRESH_MS = 60_000;

/** POST systemSettings/runningEffect: alarms per day, false positives, handling times, availability. */
export function useRunningEffect(query: AnalysisRequest | null) {
  return useQuery({
    queryKey: ['runningEffect', query],
    // Silent: the page shows the error with a retry instead of a toast per refresh.
    queryFn: ({ signal }) =>
      request<RunningEffect>(RUNNING_EFFECT_API.query, { method: 'POST', body: query, silent: true, signal }),
    enabled: query !== null,
    placeholderData: keepPreviousData,
    refetchInterval: REFRESH_MS,
    retry: false,
  });
}
