import {
  type CameraTypeListQuery,
  DEVICE_API,
  type ListResult,
  type PlatformBody,
  type PlatformRow,
} from '@sentinel/contract';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { action, request } from '../../../shared/request/request.ts';

export interface PlatformOption {
  id: number;
  name: string;
  kind: string;
}

export const fetchPlatforms = (query: CameraTypeListQuery) =>
  request<ListResult<PlatformRow>>(DEVICE_API.platformList, { method: 'POST', body: query });

export const platformsQueryOptions = (query: CameraTypeListQuery) =>
  queryOptions({
    queryKey: ['cameraPlatforms', 'list', query],
    queryFn: () => fetchPlatforms(query),
    placeholderData: keepPreviousData,
  });

export const usePlatforms = (query: CameraTypeListQuery) => useQuery(platformsQueryOptions(query));

export const fetchAllPlatforms = () => request<PlatformOption[]>(DEVICE_API.platformAll);

export const useAllPlatforms = () =>
  useQuery(queryOptions({ queryKey: ['cameraPlatforms', 'all'], queryFn: fetchAllPlatforms }));

export const savePlatform = ({ id, body }: { id?: number; body: PlatformBody }) =>
  action<{ id: number }>(id ? DEVICE_API.platformById(id) : DEVICE_API.platform, {
    method: id ? 'PUT' : 'POST',
    body,
  });

export const deletePlatform = (id: number) => action<null>(DEVICE_API.platformById(id), { method: 'DELETE' });

function useInvalidate() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: ['cameraPlatforms'] }),
      client.invalidateQueries({ queryKey: ['cameras'] }),
    ]);
}

export function useSavePlatform() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: savePlatform, onSuccess: invalidate });
}

export function useDeletePlatform() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: deletePlatform, onSuccess: invalidate });
}
