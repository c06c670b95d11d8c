import { ROLES_API, type RoleListQuery, type RoleListResult } from '@sentinel/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/shared/request/request.ts';
import { ROLE_LIST_KEY } from './keys.ts';

export const fetchRoles = (query: RoleListQuery, signal?: AbortSignal) =>
  request<RoleListResult>(ROLES_API.list, { method: 'POST', body: query, silent: true, signal });

export const rolesQueryOptions = (query: RoleListQuery) =>
  queryOptions({
    queryKey: [...ROLE_LIST_KEY, query],
    queryFn: ({ signal }) => fetchRoles(query, signal),
    placeholderData: keepPreviousData,
    retry: false,
  });

/** POST role/global/list: the role page's list (name, display name, global, accounts…). */
export const useRoles = (query: RoleListQuery) => useQuery(rolesQueryOptions(query));
