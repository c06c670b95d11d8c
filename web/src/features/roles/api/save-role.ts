import { ROLES_API, type RoleItem, type RoleSaveBody } from '@sentinel/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '@/shared/request/request.ts';
import { ROLES_KEY } from './keys.ts';

/** PUT role: creates without id, updates with id. Field errors come back as a 400. */
export const saveRole = (body: RoleSaveBody) => request<RoleItem>(ROLES_API.save, { method: 'PUT', body });

export function useSaveRole() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveRole,
    onSuccess: () => client.invalidateQueries({ queryKey: ROLES_KEY }),
  });
}
