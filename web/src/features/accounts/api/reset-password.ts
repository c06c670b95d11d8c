import { ACCOUNT_API, type AccountResetPasswordResponse } from '@sentinel/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { action } from '@/shared/request/request.ts';
import { ACCOUNTS_KEY } from './keys.ts';

/** PUT account/{id}/resetPassword: answers the new initial password once. */
export const resetPassword = async (id: number) =>
  (await action<AccountResetPasswordResponse>(ACCOUNT_API.resetPassword(id), { method: 'PUT' })).data;

export function useResetPassword() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: resetPassword,
    onSuccess: () => client.invalidateQueries({ queryKey: ACCOUNTS_KEY }),
  });
}
