import { SCENE_CAMERA_API, type SortZonesBody, type ZoneItem } from '@sentinel/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { action } from '@/shared/request/request.ts';
import { sceneCameraKeys } from './keys.ts';

/** POST scene/camera/algorithm/area/batchSortOperation: the zones in their new order. */
export const sortZones = (body: SortZonesBody) => action<ZoneItem[]>(SCENE_CAMERA_API.zoneSort, { body });

export function useSortZones() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: sortZones,
    onSuccess: () => client.invalidateQueries({ queryKey: sceneCameraKeys.all }),
  });
}
