import { ROLES_API, type RoleItem, type RoleListResult } from '@sentinel/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/request/request.ts';

const PAGE_LIMIT = 50;

/** Every role, for the role pickers: POST role/global/list, page by page (50 a page). */
export async function fetchAllRoles(): Promise<RoleItem[]> {
  const roles: RoleItem[] = [];
  for (let page = 1; page <= 20; page += 1) {
    const result = await request<RoleListResult>(ROLES_API.list, {
      method: 'POST',
      body: { page, limit: PAGE_LIMIT },
      // Silent: without the `role` menu the list is refused; the pickers then offer the held roles.
      silent: true,
    });
    roles.push(...result.list);
    if (result.list.length < PAGE_LIMIT || roles.length >= result.count) break;
  }
  return roles;
}

export const roleOptionsQueryOptions = () =>
  queryOptions({ queryKey: ['roles', 'options'], queryFn: fetchAllRoles, staleTime: 30_000 });

export const useRoleOptions = () => useQuery(roleOptionsQueryOptions());
