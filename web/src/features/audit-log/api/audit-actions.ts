import { AUDIT_LOG_API } from '@sentinel/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/shared/request/request.ts';
import { AUDIT_ACTIONS_KEY } from './keys.ts';

export const auditActionsQueryOptions = () =>
  queryOptions({
    queryKey: AUDIT_ACTIONS_KEY,
    queryFn: ({ signal }) => request<string[]>(AUDIT_LOG_API.actions, { silent: true, signal }),
    staleTime: 60_000,
    retry: false,
  });

/** GET log/biz/actions: the actions recorded so far (the action filter's choices). */
export const useAuditActions = () => useQuery(auditActionsQueryOptions());
