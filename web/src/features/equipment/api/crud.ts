import type { ListResult } from '@sentinel/contract';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { action, request } from '../../../shared/request/request.ts';

export interface CrudPaths {
  list: string;
  create: string;
  one: (id: number) => string;
}

/**
 * The calls of one equipment resource: `POST …/list`, `POST` add, `PUT …/:id` edit,
 * `DELETE …/:id` — each with its query options and hook, invalidating the resource's lists.
 */
export function crudApi<Row, Body, Query extends object>(key: string, paths: CrudPaths) {
  const fetchList = (query: Query) => request<ListResult<Row>>(paths.list, { method: 'POST', body: query });
  const listQueryOptions = (query: Query) =>
    queryOptions({
      queryKey: ['equipment', key, 'list', query],
      queryFn: () => fetchList(query),
      placeholderData: keepPreviousData,
    });
  const save = ({ id, body }: { id?: number; body: Body }) =>
    action<Row>(id ? paths.one(id) : paths.create, { method: id ? 'PUT' : 'POST', body });
  const remove = (id: number) => action<null>(paths.one(id), { method: 'DELETE' });
  const useInvalidate = () => {
    const client = useQueryClient();
    return () => client.invalidateQueries({ queryKey: ['equipment', key] });
  };
  return {
    fetchList,
    listQueryOptions,
    useList: (query: Query) => useQuery(listQueryOptions(query)),
    save,
    remove,
    useSave: () => useMutation({ mutationFn: save, onSuccess: useInvalidate() }),
    useRemove: () => useMutation({ mutationFn: remove, onSuccess: useInvalidate() }),
  };
}
