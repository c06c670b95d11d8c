import { ROLES_API, type RoleLogQuery, type RoleLogResult } from '@sentinel/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { request } from '@/shared/request/request.ts';
import { ROLE_LOG_KEY } from './keys.ts';

export const fetchRoleLog = (query: RoleLogQuery, signal?: AbortSignal) =>
  request<RoleLogResult>(ROLES_API.log, { query: { ...query }, silent: true, signal });

/** GET log/role/list: role changes, newest first. */
export const useRoleLog = (query: RoleLogQuery, enabled = true) =>
  useQuery({
    queryKey: [...ROLE_LOG_KEY, query],
    queryFn: ({ signal }) => fetchRoleLog(query, signal),
    placeholderData: keepPreviousData,
    enabled,
    retry: false,
  });
