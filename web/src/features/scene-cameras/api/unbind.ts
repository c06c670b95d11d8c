import { SCENE_CAMERA_API } from '@sentinel/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { action } from '@/shared/request/request.ts';
import { sceneCameraKeys } from './keys.ts';

/** DELETE scene/camera/{id} for one, DELETE scene/camera/batchUnbind for several. */
export function unbindSceneCameras(ids: number[]) {
  const [only] = ids;
  if (ids.length === 1 && only !== undefined)
    return action(SCENE_CAMERA_API.unbind(only), { method: 'DELETE' });
  return action(SCENE_CAMERA_API.batchUnbind, { method: 'DELETE', body: { ids } });
}

export function useUnbindSceneCameras() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: unbindSceneCameras,
    onSuccess: () => client.invalidateQueries({ queryKey: sceneCameraKeys.all }),
  });
}
