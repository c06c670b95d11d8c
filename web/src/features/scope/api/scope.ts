import {
  type CoverageResult,
  type RetentionPreview,
  type RetentionSettings,
  SCOPE_API,
} from '@sentinel/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { action, request } from '@/shared/request/request.ts';

const KEY = ['scope'] as const;

export const useRetention = () =>
  useQuery({
    queryKey: [...KEY, 'retention'],
    queryFn: ({ signal }) => request<RetentionSettings>(SCOPE_API.retention, { silent: true, signal }),
  });

/**
 * What the next run deletes with these settings (the ones being edited; the stored ones until the
 * form has loaded). The same WHERE clauses as the run: the server computes it.
 */
export const useRetentionPreview = (settings: RetentionSettings | undefined) =>
  useQuery({
    queryKey: [...KEY, 'preview', settings],
    queryFn: ({ signal }) =>
      settings
        ? request<RetentionPreview>(SCOPE_API.preview, {
            method: 'POST',
            body: { settings },
            silent: true,
            signal,
          })
        : request<RetentionPreview>(SCOPE_API.preview, { silent: true, signal }),
    placeholderData: keepPreviousData,
  });

export const useSaveRetention = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (settings: RetentionSettings) =>
      action<RetentionSettings>(SCOPE_API.retention, { method: 'PUT', body: settings }),
    onSuccess: () => client.invalidateQueries({ queryKey: KEY }),
  });
};

export const useCoverage = () =>
  useQuery({
    queryKey: [...KEY, 'coverage'],
    queryFn: ({ signal }) => request<CoverageResult>(SCOPE_API.coverage, { silent: true, signal }),
  });

/** Bytes as B / KB / MB / GB (1024-based, one decimal). */
export function formatBytes(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return unit === 0 ? `${value} B` : `${value.toFixed(1)} ${units[unit]}`;
}
