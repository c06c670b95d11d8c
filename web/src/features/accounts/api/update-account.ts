import { ACCOUNT_API, type AccountItem, type AccountUpdateBody } from '@sentinel/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { action } from '@/shared/request/request.ts';
import { ACCOUNTS_KEY } from './keys.ts';

/** PUT account/ (the account name cannot change). */
export const updateAccount = async (body: AccountUpdateBody) =>
  (await action<AccountItem>(ACCOUNT_API.update, { method: 'PUT', body })).data;

export function useUpdateAccount() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateAccount,
    onSuccess: () => client.invalidateQueries({ queryKey: ACCOUNTS_KEY }),
  });
}
