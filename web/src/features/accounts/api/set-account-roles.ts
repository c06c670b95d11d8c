import { ACCOUNT_API, type AccountRoleBody, type AccountRoleRef } from '@sentinel/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { action } from '@/shared/request/request.ts';
import { ACCOUNTS_KEY } from './keys.ts';

/** POST account/role: replaces the roles of an account. */
export const setAccountRoles = async (body: AccountRoleBody) =>
  (await action<AccountRoleRef[]>(ACCOUNT_API.setRoles, { method: 'POST', body })).data;

export function useSetAccountRoles() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: setAccountRoles,
    onSuccess: () => client.invalidateQueries({ queryKey: ACCOUNTS_KEY }),
  });
}
