import { ROLES_API, type RoleMenuNode } from '@sentinel/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/shared/request/request.ts';
import { ROLE_MENU_KEY } from './keys.ts';

export const roleMenuQueryOptions = () =>
  queryOptions({
    queryKey: ROLE_MENU_KEY,
    queryFn: ({ signal }) => request<RoleMenuNode[]>(ROLES_API.menu, { silent: true, signal }),
    staleTime: 5 * 60_000,
    retry: false,
  });

/** GET role/menu: the grantable menu tree with each page's button codes. */
export const useRoleMenu = (enabled = true) => useQuery({ ...roleMenuQueryOptions(), enabled });
