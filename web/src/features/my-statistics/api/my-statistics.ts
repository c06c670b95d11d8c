import { ANALYSIS_API, type MyStatistics, type MyStatisticsQueryInput } from '@sentinel/contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useRealtime } from '@/shared/realtime/use-realtime.ts';
import { request } from '@/shared/request/request.ts';

export const MY_STATISTICS_KEY = ['my-statistics'] as const;

/** A handling (anyone's: the server counts the chosen account's) refreshes the figures at most this often. */
const LIVE_REFRESH_MS = 2_000;

/** POST analysis/mine: the account's deal, cancel, approve and noApprove actions of the period. */
export function useMyStatistics(query: MyStatisticsQueryInput | null) {
  return useQuery({
    queryKey: [...MY_STATISTICS_KEY, query],
    // Silent: the page shows the error with a retry instead of a toast.
    queryFn: ({ signal }) =>
      request<MyStatistics>(ANALYSIS_API.mine, { method: 'POST', body: query, silent: true, signal }),
    enabled: query !== null,
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/**
 * Re-reads the figures when an alarm changes state (`alarm.updated`: a deal, cancel, approval or
 * its revocation), at most once every LIVE_REFRESH_MS, without a reload.
 */
export function useLiveStatistics(): void {
  const queryClient = useQueryClient();
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const last = useRef(0);
  useRealtime('alarm.updated', () => {
    if (timer.current) return;
    const wait = Math.max(0, last.current + LIVE_REFRESH_MS - Date.now());
    timer.current = setTimeout(() => {
      timer.current = null;
      last.current = Date.now();
      void queryClient.invalidateQueries({ queryKey: MY_STATISTICS_KEY });
    }, wait);
  });
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
}
