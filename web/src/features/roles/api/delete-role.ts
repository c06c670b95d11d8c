import { ROLES_API } from '@sentinel/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '@/shared/request/request.ts';
import { ROLES_KEY } from './keys.ts';

/** DELETE role/{id}: refused (409, 'role.inUse') while accounts hold the role; the toast shows why. */
export const deleteRole = (id: number) => request<null>(ROLES_API.detail(id), { method: 'DELETE' });

export function useDeleteRole() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteRole,
    onSuccess: () => client.invalidateQueries({ queryKey: ROLES_KEY }),
  });
}
