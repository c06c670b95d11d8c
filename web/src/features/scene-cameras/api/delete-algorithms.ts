import { SCENE_CAMERA_API } from '@sentinel/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { action } from '@/shared/request/request.ts';
import { sceneCameraKeys } from './keys.ts';

export const deleteAlgorithms = (ids: number[]) =>
  action(SCENE_CAMERA_API.algorithmBatchDelete, { method: 'DELETE', body: { ids } });

export function useDeleteAlgorithms() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteAlgorithms,
    onSuccess: () => client.invalidateQueries({ queryKey: sceneCameraKeys.all }),
  });
}
