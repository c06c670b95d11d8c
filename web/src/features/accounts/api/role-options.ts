import { ROLES_API, type RoleOption } from '@sentinel/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/shared/request/request.ts';

/** Every role, for the role pickers (GET role/options: granted with the accounts page). */
export const fetchRoleOptions = () => request<RoleOption[]>(ROLES_API.options);

export const roleOptionsQueryOptions = () =>
  queryOptions({ queryKey: ['roles', 'options'], queryFn: fetchRoleOptions, staleTime: 30_000 });

export const useRoleOptions = () => useQuery(roleOptionsQueryOptions());
