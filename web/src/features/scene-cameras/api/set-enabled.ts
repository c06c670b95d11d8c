import { SCENE_CAMERA_API } from '@sentinel/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { action } from '@/shared/request/request.ts';
import { sceneCameraKeys } from './keys.ts';

/** enable/{id}, disable/{id}, batchEnable, batchDisable (SPEC §9 long calls). */
export function setSceneCamerasEnabled({ ids, enabled }: { ids: number[]; enabled: boolean }) {
  const [only] = ids;
  if (ids.length === 1 && only !== undefined) {
    return action(enabled ? SCENE_CAMERA_API.enable(only) : SCENE_CAMERA_API.disable(only), { long: true });
  }
  return action(enabled ? SCENE_CAMERA_API.batchEnable : SCENE_CAMERA_API.batchDisable, {
    body: { ids },
    long: true,
  });
}

export function useSetSceneCamerasEnabled() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: setSceneCamerasEnabled,
    onSettled: () => client.invalidateQueries({ queryKey: sceneCameraKeys.all }),
  });
}
