import type { ListResult } from '@sentinel/contract';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { action, request } from '../request/request.ts';

export interface CrudPaths {
  list: string;
  create: string;
  one: (id: number) => string;
}

/**
 * The calls of one catalogue resource: `POST …/list`, `POST` add, `PUT …/:id` edit,
 * `DELETE …/:id` — each with its query options and hook. Every query of the resource sits under
 * `key` (e.g. `['devices', 'cameraTypes']`); a change invalidates all of them, and `alsoInvalidate`
 * (e.g. the pickers that list the resource). `idInBody`: the resource is edited with `PUT` on its
 * `create` path and the id in the body (job types, workflow types) instead of `PUT …/:id`.
 */
export function crudApi<Row, Body, Query extends object>(
  key: readonly unknown[],
  paths: CrudPaths,
  options: { alsoInvalidate?: ReadonlyArray<readonly unknown[]>; idInBody?: boolean } = {},
) {
  const fetchList = (query: Query) => request<ListResult<Row>>(paths.list, { method: 'POST', body: query });
  const listQueryOptions = (query: Query) =>
    queryOptions({
      queryKey: [...key, 'list', query],
      queryFn: () => fetchList(query),
      placeholderData: keepPreviousData,
    });
  const save = ({ id, body }: { id?: number; body: Body }) => {
    if (!id) return action<unknown>(paths.create, { method: 'POST', body });
    if (options.idInBody) return action<unknown>(paths.create, { method: 'PUT', body: { ...body, id } });
    return action<unknown>(paths.one(id), { method: 'PUT', body });
  };
  const remove = (id: number) => action<null>(paths.one(id), { method: 'DELETE' });
  const useInvalidate = () => {
    const client = useQueryClient();
    return () =>
      Promise.all(
        [key, ...(options.alsoInvalidate ?? [])].map((queryKey) => client.invalidateQueries({ queryKey })),
      );
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
