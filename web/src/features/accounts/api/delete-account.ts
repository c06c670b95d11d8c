import { ACCOUNT_API } from '@sentinel/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { action } from '@/shared/request/request.ts';
import { ACCOUNTS_KEY } from './keys.ts';

/** DELETE account/{id} (refused with 409 for the last admin or oneself). */
export const deleteAccount = (id: number) => action<null>(ACCOUNT_API.remove(id), { method: 'DELETE' });

export function useDeleteAccount() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteAccount,
    onSuccess: () => client.invalidateQueries({ queryKey: ACCOUNTS_KEY }),
  });
}
