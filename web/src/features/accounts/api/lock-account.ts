import { ACCOUNT_API, type AccountItem, type AccountLockBody } from '@sentinel/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { action } from '@/shared/request/request.ts';
import { ACCOUNTS_KEY } from './keys.ts';

/** PUT account/lockStatus: locking ends the account's sessions at once. */
export const lockAccount = async (body: AccountLockBody) =>
  (await action<AccountItem>(ACCOUNT_API.lockStatus, { method: 'PUT', body })).data;

export function useLockAccount() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: lockAccount,
    onSuccess: () => client.invalidateQueries({ queryKey: ACCOUNTS_KEY }),
  });
}
