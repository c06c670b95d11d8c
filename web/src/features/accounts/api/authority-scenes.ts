import { ACCOUNT_API, type AuthorityScene } from '@sentinel/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/shared/request/request.ts';
import { ACCOUNTS_KEY } from './keys.ts';

/** GET scene/{accountId}/{plantNodeId}/scene: scenes under a plant node (0: all), with the grants. */
export const fetchAuthorityScenes = (accountId: number, plantNodeId: number) =>
  request<AuthorityScene[]>(ACCOUNT_API.authorityScenes(accountId, plantNodeId));

export const authorityScenesQueryOptions = (accountId: number | undefined, plantNodeId = 0) =>
  queryOptions({
    queryKey: [...ACCOUNTS_KEY, 'authorityScenes', accountId, plantNodeId],
    queryFn: () => fetchAuthorityScenes(accountId as number, plantNodeId),
    enabled: accountId !== undefined,
  });

export const useAuthorityScenes = (accountId: number | undefined, plantNodeId = 0) =>
  useQuery(authorityScenesQueryOptions(accountId, plantNodeId));
