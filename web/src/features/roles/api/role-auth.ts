import { ROLES_API, type RoleAuth } from '@sentinel/contract';
import { queryOptions, useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '@/shared/request/request.ts';
import { ROLE_AUTH_KEY, ROLE_LOG_KEY } from './keys.ts';

export const roleAuthQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [...ROLE_AUTH_KEY, id],
    queryFn: ({ signal }) => request<RoleAuth>(ROLES_API.auth(id), { silent: true, signal }),
    retry: false,
  });

/** GET role/{id}/auth: the role's granted menu and button codes. */
export const useRoleAuth = (id: number | null) =>
  useQuery({ ...roleAuthQueryOptions(id ?? 0), enabled: id !== null });

/** The grants of several roles at once (the page permission matrix). */
export const useRoleAuths = (ids: number[]) => useQueries({ queries: ids.map(roleAuthQueryOptions) });

/** POST role/auth: replaces the role's grants. */
export const saveRoleAuth = (body: RoleAuth) =>
  request<unknown>(ROLES_API.saveAuth, { method: 'POST', body });

export function useSaveRoleAuth() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveRoleAuth,
    onSuccess: (_data, body) =>
      Promise.all([
        client.invalidateQueries({ queryKey: [...ROLE_AUTH_KEY, body.roleId] }),
        client.invalidateQueries({ queryKey: ROLE_LOG_KEY }),
        // The caller's own buttons may have changed.
        client.invalidateQueries({ queryKey: ['buttons'] }),
      ]),
  });
}
