import { type CreateAlgorithmBody, SCENE_CAMERA_API } from '@sentinel/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { action } from '@/shared/request/request.ts';
import { sceneCameraKeys } from './keys.ts';

export const createAlgorithms = (body: CreateAlgorithmBody) =>
  action<{ ids: number[] }>(SCENE_CAMERA_API.createAlgorithm, { body, long: true });

export function useCreateAlgorithms() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createAlgorithms,
    onSuccess: () => client.invalidateQueries({ queryKey: sceneCameraKeys.all }),
  });
}
