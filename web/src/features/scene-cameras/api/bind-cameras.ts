import { type BindCamerasBody, type BindCamerasResult, SCENE_CAMERA_API } from '@sentinel/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '@/shared/request/request.ts';
import { sceneCameraKeys } from './keys.ts';

/** POST scene/camera/cameras: bind several cameras (already bound ones are skipped and named). */
export const bindCameras = (body: BindCamerasBody) =>
  request<BindCamerasResult>(SCENE_CAMERA_API.bindMany, { method: 'POST', body, long: true });

export function useBindCameras() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: bindCameras,
    onSuccess: () => client.invalidateQueries({ queryKey: sceneCameraKeys.all }),
  });
}
