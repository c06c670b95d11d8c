import {
  type OnekeyExportBody,
  type OnekeyProgress,
  SYSTEM_STATUS_API,
  type SystemStatusResponse,
} from '@sentinel/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { action, request } from '@/shared/request/request.ts';

const KEY = ['selfCheckSystem'] as const;
/** How often the status page asks again. */
export const STATUS_REFRESH_MS = 5_000;

/** Every server instance's status, asked again every few seconds. */
export const useSystemStatus = () =>
  useQuery({
    queryKey: [...KEY, 'status'],
    queryFn: ({ signal }) =>
      request<SystemStatusResponse>(SYSTEM_STATUS_API.status, { silent: true, signal }),
    refetchInterval: STATUS_REFRESH_MS,
    retry: false,
  });

/** Starts a one-key export (the server's toast says where to find it). */
export const useStartOnekeyExport = () =>
  useMutation({
    mutationFn: (body: OnekeyExportBody) =>
      action<{ id: number; fileName: string }>(SYSTEM_STATUS_API.onekeyExport, { method: 'POST', body }),
  });

/** A running export's progress, asked every second until it is done. */
export const useOnekeyProgress = (id: number | undefined) =>
  useQuery({
    queryKey: [...KEY, 'progress', id],
    queryFn: ({ signal }) =>
      request<OnekeyProgress>(SYSTEM_STATUS_API.onekeyProgress(id ?? 0), { silent: true, signal }),
    enabled: id !== undefined,
    refetchInterval: (query) => (query.state.data?.done ? false : 1_000),
    retry: false,
  });
