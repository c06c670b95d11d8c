import { ACCOUNT_API, type AccountRegionBody, type AccountRegionResponse } from '@sentinel/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { action } from '@/shared/request/request.ts';
import { ACCOUNTS_KEY } from './keys.ts';

/** POST account/region: replaces the plant nodes an account manages. */
export const setAccountRegion = async (body: AccountRegionBody) =>
  (await action<AccountRegionResponse>(ACCOUNT_API.region, { method: 'POST', body })).data;

export function useSetAccountRegion() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: setAccountRegion,
    onSuccess: () => client.invalidateQueries({ queryKey: ACCOUNTS_KEY }),
  });
}
