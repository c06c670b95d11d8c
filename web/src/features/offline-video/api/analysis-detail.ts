import { OFFLINE_VIDEO_API, type OfflineAnalysisDetail } from '@sentinel/contract';
import { useQuery } from '@tanstack/react-query';
import { request } from '@/shared/request/request.ts';
import { pollInterval } from '../lib/analysis-state.ts';
import { OFFLINE_DETAIL_KEY } from './keys.ts';

export const fetchAnalysis = (id: number, signal?: AbortSignal) =>
  request<OfflineAnalysisDetail>(OFFLINE_VIDEO_API.detail(id), { silent: true, signal });

/** GET offlineVideoAnalysis/{id}: one job and its events; refetched every 2 s until it ends. */
export const useAnalysis = (id: number | null) =>
  useQuery({
    queryKey: [...OFFLINE_DETAIL_KEY, id],
    queryFn: ({ signal }) => {
      if (id === null) throw new Error('no analysis');
      return fetchAnalysis(id, signal);
    },
    enabled: id !== null,
    refetchInterval: (q) => pollInterval(q.state.data ? [q.state.data] : undefined),
    retry: false,
  });
