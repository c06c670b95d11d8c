import { OFFLINE_VIDEO_API } from '@sentinel/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '@/shared/request/request.ts';
import { OFFLINE_KEY } from './keys.ts';

/** DELETE offlineVideoAnalysis/{id}/{accountId} (the caller's own account id, SPEC §7). */
export const deleteAnalysis = ({ id, accountId }: { id: number; accountId: number }) =>
  request<null>(OFFLINE_VIDEO_API.remove(id, accountId), { method: 'DELETE' });

export function useDeleteAnalysis() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteAnalysis,
    onSuccess: () => client.invalidateQueries({ queryKey: OFFLINE_KEY }),
  });
}
