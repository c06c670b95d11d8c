import { ROLES_API, type RoleGlobalBody } from '@sentinel/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '@/shared/request/request.ts';
import { ROLES_KEY } from './keys.ts';

/** POST role/global { roleId | null }: the global role (null: none). */
export const setGlobalRole = (body: RoleGlobalBody) =>
  request<unknown>(ROLES_API.global, { method: 'POST', body });

export function useSetGlobalRole() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: setGlobalRole,
    onSuccess: () => client.invalidateQueries({ queryKey: ROLES_KEY }),
  });
}
