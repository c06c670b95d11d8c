import {
  ALGORITHM_API,
  type AlgorithmBody,
  type AlgorithmItem,
  type AlgorithmListQuery,
  type AlgorithmOption,
  type ListResult,
} from '@sentinel/contract';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { action, request } from '@/shared/request/request.ts';

export const fetchAlgorithms = (query: AlgorithmListQuery) =>
  request<ListResult<AlgorithmItem>>(ALGORITHM_API.list, { method: 'POST', body: query });

export const algorithmsQueryOptions = (query: AlgorithmListQuery) =>
  queryOptions({
    queryKey: ['algorithms', 'list', query],
    queryFn: () => fetchAlgorithms(query),
    placeholderData: keepPreviousData,
  });

export const useAlgorithms = (query: AlgorithmListQuery) => useQuery(algorithmsQueryOptions(query));

/** The enabled algorithms for pickers (any logged-in user). */
export const fetchAllAlgorithms = () => request<AlgorithmOption[]>(ALGORITHM_API.all);

export const useAllAlgorithms = () =>
  useQuery(queryOptions({ queryKey: ['algorithms', 'all'], queryFn: fetchAllAlgorithms }));

export const saveAlgorithm = ({ id, body }: { id?: number; body: AlgorithmBody }) =>
  action<AlgorithmItem>(id ? ALGORITHM_API.one(id) : ALGORITHM_API.create, {
    method: id ? 'PUT' : 'POST',
    body,
  });

export const deleteAlgorithm = (id: number) => action<null>(ALGORITHM_API.one(id), { method: 'DELETE' });

function useInvalidate() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: ['algorithms'] }),
      client.invalidateQueries({ queryKey: ['algorithmTypes'] }),
    ]);
}

export function useSaveAlgorithm() {
  return useMutation({ mutationFn: saveAlgorithm, onSuccess: useInvalidate() });
}

export function useDeleteAlgorithm() {
  return useMutation({ mutationFn: deleteAlgorithm, onSuccess: useInvalidate() });
}
