import { ACCOUNT_API, type AccountListQuery, type AccountListResponse } from '@sentinel/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/shared/request/request.ts';
import { ACCOUNTS_KEY } from './keys.ts';

/** POST account/list. */
export const fetchAccounts = (query: AccountListQuery) =>
  request<AccountListResponse>(ACCOUNT_API.list, { method: 'POST', body: query });

export const accountsQueryOptions = (query: AccountListQuery) =>
  queryOptions({
    queryKey: [...ACCOUNTS_KEY, 'list', query],
    queryFn: () => fetchAccounts(query),
    placeholderData: keepPreviousData,
  });

export const useAccounts = (query: AccountListQuery) => useQuery(accountsQueryOptions(query));
