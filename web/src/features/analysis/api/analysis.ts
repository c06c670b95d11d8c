import {
  type AlarmAnalysis,
  ANALYSIS_API,
  type EfficiencyAnalysis,
  type SafetyAnalysis,
} from '@sentinel/contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useRealtime } from '@/shared/realtime/use-realtime.ts';
import { request } from '@/shared/request/request.ts';
import type { AnalysisRequest } from '../lib/analysis-filters.ts';

export const ANALYSIS_KEY = ['analysis'] as const;

type Kind = 'alarm' | 'safety' | 'efficiency';

/** Figures are re-read at least this often while a page is open (a whole shift on one screen). */
const REFRESH_MS = 60_000;
/** Live changes (alarms raised or handled, runs reported) refresh the figures at most this often. */
const LIVE_REFRESH_MS = 10_000;

function useAnalysis<T>(kind: Kind, query: AnalysisRequest | null) {
  return useQuery({
    queryKey: [...ANALYSIS_KEY, kind, query],
    // Silent: the page shows the error with a retry instead of a toast per refresh.
    queryFn: ({ signal }) =>
      request<T>(ANALYSIS_API[kind], { method: 'POST', body: query, silent: true, signal }),
    enabled: query !== null,
    placeholderData: keepPreviousData,
    refetchInterval: REFRESH_MS,
    retry: false,
  });
}

/** POST analysis/alarm: totals, trend, by level, type, area, scene and the top cameras. */
export const useAlarmAnalysis = (query: AnalysisRequest | null) => useAnalysis<AlarmAnalysis>('alarm', query);

/** POST analysis/safety: job runs by outcome, safety rates, violations by type, riskiest scenes. */
export const useSafetyAnalysis = (query: AnalysisRequest | null) =>
  useAnalysis<SafetyAnalysis>('safety', query);

/** POST analysis/efficiency: handling times, backlog, approval turnaround, false positives. */
export const useEfficiencyAnalysis = (query: AnalysisRequest | null) =>
  useAnalysis<EfficiencyAnalysis>('efficiency', query);

/**
 * Refreshes an analysis when the event stream reports a change it counts (`events`), at most once
 * every LIVE_REFRESH_MS: the figures follow the control room without a reload or a refetch per alarm.
 */
export function useLiveAnalysis(kind: Kind, events: readonly [string, string]): void {
  const queryClient = useQueryClient();
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const last = useRef(0);
  const refresh = () => {
    if (timer.current) return;
    const wait = Math.max(0, last.current + LIVE_REFRESH_MS - Date.now());
    timer.current = setTimeout(() => {
      timer.current = null;
      last.current = Date.now();
      void queryClient.invalidateQueries({ queryKey: [...ANALYSIS_KEY, kind] });
    }, wait);
  };
  useRealtime(events[0], refresh);
  useRealtime(events[1], refresh);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
}
