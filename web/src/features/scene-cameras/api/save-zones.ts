import { type SaveZonesBody, SCENE_CAMERA_API, type ZoneItem } from '@sentinel/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { action } from '@/shared/request/request.ts';
import { sceneCameraKeys } from './keys.ts';

/** PUT scene/camera/algorithm/area: replace the zones of one scene camera algorithm. */
export const saveZones = (body: SaveZonesBody) =>
  action<ZoneItem[]>(SCENE_CAMERA_API.saveZones, { method: 'PUT', body });

export function useSaveZones() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveZones,
    onSuccess: () => client.invalidateQueries({ queryKey: sceneCameraKeys.all }),
  });
}
