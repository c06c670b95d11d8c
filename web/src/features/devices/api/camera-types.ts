import {
  type CameraTypeBody,
  type CameraTypeListQuery,
  type CameraTypeRow,
  DEVICE_API,
  type ListResult,
} from '@sentinel/contract';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { action, request } from '../../../shared/request/request.ts';

export type CameraTypeOption = Pick<CameraTypeRow, 'id' | 'brand' | 'model' | 'type'>;

export const fetchCameraTypes = (query: CameraTypeListQuery) =>
  request<ListResult<CameraTypeRow>>(DEVICE_API.cameraTypeList, { method: 'POST', body: query });

export const cameraTypesQueryOptions = (query: CameraTypeListQuery) =>
  queryOptions({
    queryKey: ['cameraTypes', 'list', query],
    queryFn: () => fetchCameraTypes(query),
    placeholderData: keepPreviousData,
  });

export const useCameraTypes = (query: CameraTypeListQuery) => useQuery(cameraTypesQueryOptions(query));

export const fetchAllCameraTypes = () => request<CameraTypeOption[]>(DEVICE_API.cameraTypeAll);

export const useAllCameraTypes = () =>
  useQuery(queryOptions({ queryKey: ['cameraTypes', 'all'], queryFn: fetchAllCameraTypes }));

export const saveCameraType = ({ id, body }: { id?: number; body: CameraTypeBody }) =>
  action<{ id: number }>(id ? DEVICE_API.cameraTypeById(id) : DEVICE_API.cameraType, {
    method: id ? 'PUT' : 'POST',
    body,
  });

export const deleteCameraType = (id: number) =>
  action<null>(DEVICE_API.cameraTypeById(id), { method: 'DELETE' });

function useInvalidate() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: ['cameraTypes'] }),
      client.invalidateQueries({ queryKey: ['cameras'] }),
    ]);
}

export function useSaveCameraType() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: saveCameraType, onSuccess: invalidate });
}

export function useDeleteCameraType() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: deleteCameraType, onSuccess: invalidate });
}
