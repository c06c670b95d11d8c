import { ACCOUNT_API, type AccountListResponse } from '@sentinel/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { request } from '@/shared/request/request.ts';

/** How many accounts the picker lists per search. */
const PICKER_SIZE = 50;

export interface AccountOption {
  id: number;
  accountName: string;
  displayName: string;
}

/** POST account/list (admins): accounts matching `keyword`, for the account picker. */
export function useAccountOptions(keyword: string, enabled: boolean) {
  return useQuery({
    queryKey: ['my-statistics-accounts', keyword],
    queryFn: async ({ signal }): Promise<AccountOption[]> => {
      const answer = await request<AccountListResponse>(ACCOUNT_API.list, {
        method: 'POST',
        body: { page: 1, limit: PICKER_SIZE, keyword },
        silent: true,
        signal,
      });
      return answer.list.map((a) => ({ id: a.id, accountName: a.accountName, displayName: a.displayName }));
    },
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}
