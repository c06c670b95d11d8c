import {
  OFFLINE_VIDEO_API,
  type OfflineAnalysisListQuery,
  type OfflineAnalysisListResult,
} from '@sentinel/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { request } from '@/shared/request/request.ts';
import { pollInterval } from '../lib/analysis-state.ts';
import { OFFLINE_LIST_KEY } from './keys.ts';

export const fetchAnalyses = (query: OfflineAnalysisListQuery, signal?: AbortSignal) =>
  request<OfflineAnalysisListResult>(OFFLINE_VIDEO_API.list, {
    method: 'POST',
    body: query,
    silent: true,
    signal,
  });

/** POST offlineVideoAnalysis/list, newest first; refetched every 2 s while a row is waiting or analyzing. */
export const useAnalyses = (query: OfflineAnalysisListQuery) =>
  useQuery({
    queryKey: [...OFFLINE_LIST_KEY, query],
    queryFn: ({ signal }) => fetchAnalyses(query, signal),
    placeholderData: keepPreviousData,
    refetchInterval: (q) => pollInterval(q.state.data?.list),
    retry: false,
  });
