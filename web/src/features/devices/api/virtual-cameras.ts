import {
  type CameraListQuery,
  type CameraRow,
  DEVICE_API,
  type ListResult,
  type VirtualCameraBody,
} from '@sentinel/contract';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { action, request } from '@/shared/request/request.ts';

export const fetchVirtualCameras = (query: Omit<CameraListQuery, 'virtual'>) =>
  request<ListResult<CameraRow>>(DEVICE_API.virtualList, { method: 'POST', body: query });

export const virtualCamerasQueryOptions = (query: Omit<CameraListQuery, 'virtual'>) =>
  queryOptions({
    queryKey: ['cameras', 'virtual', query],
    queryFn: () => fetchVirtualCameras(query),
    placeholderData: keepPreviousData,
  });

export const useVirtualCameras = (query: Omit<CameraListQuery, 'virtual'>) =>
  useQuery(virtualCamerasQueryOptions(query));

export const saveVirtualCamera = ({ id, body }: { id?: number; body: VirtualCameraBody }) =>
  action<{ id: number }>(id ? DEVICE_API.virtualById(id) : DEVICE_API.virtual, {
    method: id ? 'PUT' : 'POST',
    body,
  });

export const deleteVirtualCamera = (id: number) =>
  action<null>(DEVICE_API.virtualById(id), { method: 'DELETE' });

function useInvalidate() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: ['cameras'] });
}

export function useSaveVirtualCamera() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: saveVirtualCamera, onSuccess: invalidate });
}

export function useDeleteVirtualCamera() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: deleteVirtualCamera, onSuccess: invalidate });
}
