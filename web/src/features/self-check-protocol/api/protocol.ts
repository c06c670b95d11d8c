import {
  PROTOCOL_LOG_API,
  type ProtocolCountQueryInput,
  type ProtocolCountResult,
  type ProtocolLogDetail,
  type ProtocolLogListQuery,
  type ProtocolLogListResult,
} from '@sentinel/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { request } from '@/shared/request/request.ts';

const KEY = ['selfCheckProtocol'] as const;

/** POST self-check/protocol/list: engine messages newest first (count capped at 10,000). */
export const useProtocolList = (query: ProtocolLogListQuery) =>
  useQuery({
    queryKey: [...KEY, 'list', query],
    queryFn: ({ signal }) =>
      request<ProtocolLogListResult>(PROTOCOL_LOG_API.list, {
        method: 'POST',
        body: query,
        silent: true,
        signal,
      }),
    placeholderData: keepPreviousData,
    retry: false,
  });

/** GET self-check/protocol/:id (only while a row is open). */
export const useProtocolDetail = (id: number | null) =>
  useQuery({
    queryKey: [...KEY, 'detail', id],
    queryFn: ({ signal }) =>
      request<ProtocolLogDetail>(PROTOCOL_LOG_API.detail.replace(':id', String(id)), {
        silent: true,
        signal,
      }),
    enabled: id !== null,
    retry: false,
  });

/** POST self-check/protocol/counts: kind × outcome and the chart's buckets over a range. */
export const useProtocolCounts = (query: ProtocolCountQueryInput | undefined) =>
  useQuery({
    queryKey: [...KEY, 'counts', query],
    queryFn: ({ signal }) =>
      request<ProtocolCountResult>(PROTOCOL_LOG_API.counts, {
        method: 'POST',
        body: query,
        silent: true,
        signal,
      }),
    enabled: query !== undefined,
    placeholderData: keepPreviousData,
    retry: false,
  });
