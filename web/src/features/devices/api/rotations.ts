import {
  type CameraTypeListQuery,
  DEVICE_API,
  type ListResult,
  type RotationBody,
  type RotationRow,
} from '@sentinel/contract';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { action, request } from '@/shared/request/request.ts';

export const fetchRotations = (query: CameraTypeListQuery) =>
  request<ListResult<RotationRow>>(DEVICE_API.rotationList, { method: 'POST', body: query });

export const rotationsQueryOptions = (query: CameraTypeListQuery) =>
  queryOptions({
    queryKey: ['cameraRotations', 'list', query],
    queryFn: () => fetchRotations(query),
    placeholderData: keepPreviousData,
  });

export const useRotations = (query: CameraTypeListQuery) => useQuery(rotationsQueryOptions(query));

export const saveRotation = ({ id, body }: { id?: number; body: RotationBody }) =>
  action<{ id: number }>(id ? DEVICE_API.rotationById(id) : DEVICE_API.rotation, {
    method: id ? 'PUT' : 'POST',
    body,
  });

export const deleteRotation = (id: number) => action<null>(DEVICE_API.rotationById(id), { method: 'DELETE' });

function useInvalidate() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: ['cameraRotations'] });
}

export function useSaveRotation() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: saveRotation, onSuccess: invalidate });
}

export function useDeleteRotation() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: deleteRotation, onSuccess: invalidate });
}
