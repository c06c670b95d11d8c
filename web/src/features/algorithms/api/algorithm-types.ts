import {
  ALGORITHM_API,
  type AlgorithmTypeBody,
  type AlgorithmTypeItem,
  type AlgorithmTypeListQuery,
  type AlgorithmTypeOption,
  type ListResult,
} from '@sentinel/contract';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { action, request } from '@/shared/request/request.ts';

export const fetchAlgorithmTypes = (query: AlgorithmTypeListQuery) =>
  request<ListResult<AlgorithmTypeItem>>(ALGORITHM_API.typeList, { method: 'POST', body: query });

export const algorithmTypesQueryOptions = (query: AlgorithmTypeListQuery) =>
  queryOptions({
    queryKey: ['algorithmTypes', 'list', query],
    queryFn: () => fetchAlgorithmTypes(query),
    placeholderData: keepPreviousData,
  });

export const useAlgorithmTypes = (query: AlgorithmTypeListQuery) =>
  useQuery(algorithmTypesQueryOptions(query));

export const fetchAllAlgorithmTypes = () => request<AlgorithmTypeOption[]>(ALGORITHM_API.typeAll);

export const useAllAlgorithmTypes = () =>
  useQuery(queryOptions({ queryKey: ['algorithmTypes', 'all'], queryFn: fetchAllAlgorithmTypes }));

export const saveAlgorithmType = ({ id, body }: { id?: number; body: AlgorithmTypeBody }) =>
  action<AlgorithmTypeItem>(id ? ALGORITHM_API.typeOne(id) : ALGORITHM_API.type, {
    method: id ? 'PUT' : 'POST',
    body,
  });

export const deleteAlgorithmType = (id: number) =>
  action<null>(ALGORITHM_API.typeOne(id), { method: 'DELETE' });

function useInvalidate() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: ['algorithmTypes'] }),
      client.invalidateQueries({ queryKey: ['algorithms'] }),
    ]);
}

export function useSaveAlgorithmType() {
  return useMutation({ mutationFn: saveAlgorithmType, onSuccess: useInvalidate() });
}

export function useDeleteAlgorithmType() {
  return useMutation({ mutationFn: deleteAlgorithmType, onSuccess: useInvalidate() });
}
