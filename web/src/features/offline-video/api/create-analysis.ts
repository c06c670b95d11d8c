import { OFFLINE_VIDEO_API, type OfflineAnalysisCreate, type OfflineAnalysisItem } from '@sentinel/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '@/shared/request/request.ts';
import { OFFLINE_LIST_KEY } from './keys.ts';

export const createAnalysis = (body: OfflineAnalysisCreate) =>
  request<OfflineAnalysisItem>(OFFLINE_VIDEO_API.create, { method: 'PUT', body });

/** PUT offlineVideoAnalysis: start an analysis (state 0 waiting); the list is refreshed. */
export function useCreateAnalysis() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createAnalysis,
    onSuccess: () => client.invalidateQueries({ queryKey: OFFLINE_LIST_KEY }),
  });
}
