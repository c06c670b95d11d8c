import { AUDIT_LOG_API, type AuditListQuery, type AuditListResult } from '@sentinel/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/shared/request/request.ts';
import { AUDIT_LIST_KEY } from './keys.ts';

export const fetchAuditLog = (query: AuditListQuery, signal?: AbortSignal) =>
  request<AuditListResult>(AUDIT_LOG_API.list, { method: 'POST', body: query, silent: true, signal });

export const auditListQueryOptions = (query: AuditListQuery) =>
  queryOptions({
    queryKey: [...AUDIT_LIST_KEY, query],
    queryFn: ({ signal }) => fetchAuditLog(query, signal),
    placeholderData: keepPreviousData,
    retry: false,
  });

/** POST log/biz/list: the user behaviour log, newest first. */
export const useAuditLog = (query: AuditListQuery) => useQuery(auditListQueryOptions(query));
