import { ACCOUNT_API, type AccountCreateBody, type AccountCreateResponse } from '@sentinel/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { action } from '@/shared/request/request.ts';
import { ACCOUNTS_KEY } from './keys.ts';

/** POST account/: answers the generated initial password once when none was given. */
export const createAccount = async (body: AccountCreateBody) =>
  (await action<AccountCreateResponse>(ACCOUNT_API.create, { method: 'POST', body })).data;

export function useCreateAccount() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createAccount,
    onSuccess: () => client.invalidateQueries({ queryKey: ACCOUNTS_KEY }),
  });
}
