import {
  type AlarmExportBody,
  API,
  EXPORT_API,
  EXPORT_STATE,
  type ExportFile,
  type ListResult,
} from '@sentinel/contract';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { action, request } from '@/shared/request/request.ts';
import { downloadFile } from './download-file.ts';

export const EXPORT_PAGE_SIZE = 10;
export const EXPORT_REFRESH_MS = 3000;
export const EXPORTS_KEY = ['exports'] as const;

export const fetchExports = (pageIndex: number, keyword = '', silent = false) =>
  request<ListResult<ExportFile>>(API.exportList, {
    query: { pageIndex, pageSize: EXPORT_PAGE_SIZE, keyword },
    silent,
  });

export const exportsQueryOptions = (pageIndex: number, open: boolean) =>
  queryOptions({
    queryKey: [...EXPORTS_KEY, pageIndex],
    queryFn: () => fetchExports(pageIndex),
    enabled: open,
    refetchInterval: open ? EXPORT_REFRESH_MS : false,
    placeholderData: keepPreviousData,
    retry: false,
  });

export const useExports = (pageIndex: number, open: boolean) =>
  useQuery(exportsQueryOptions(pageIndex, open));

/**
 * Number of the caller's newest files still generating (the top-bar badge): read once, then every
 * 3 s only while some are generating; exporting and the `export.ready` event refresh it.
 */
export const useGeneratingCount = (enabled: boolean) =>
  useQuery({
    queryKey: [...EXPORTS_KEY, 'generating'],
    queryFn: () => fetchExports(1, '', true),
    enabled,
    retry: false,
    select: (data) => data.list.filter((f) => f.state === EXPORT_STATE.generating).length,
    refetchInterval: (query) =>
      query.state.data?.list.some((f) => f.state === EXPORT_STATE.generating) ? EXPORT_REFRESH_MS : false,
  });

export const deleteExport = (id: number) => action<unknown>(API.exportDelete(id), { method: 'DELETE' });

export function useDeleteExport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteExport,
    onSuccess: () => client.invalidateQueries({ queryKey: EXPORTS_KEY }),
  });
}

/** Saves one of the caller's completed files (token header; the server names the file). */
export const downloadExport = (file: Pick<ExportFile, 'id' | 'fileName'>) =>
  downloadFile(EXPORT_API.download(file.id), {}, file.fileName);

/** The browser's time zone, for the times written in the file. */
const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** Starts the xlsx export of the filtered alarms (toast: 正在生成文件，请稍等。). */
export function useStartAlarmExport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (filters: Omit<AlarmExportBody, 'timeZone'>) =>
      action<ExportFile>(EXPORT_API.videoAlarmRecordExport, {
        body: { ...filters, timeZone: browserTimeZone() },
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: EXPORTS_KEY }),
  });
}

/** The zip of the filtered alarms' images (or the toast 暂时没有可下载报警图片). */
export const downloadAlarmImages = (filters: Omit<AlarmExportBody, 'timeZone'>) =>
  downloadFile(
    EXPORT_API.videoAlarmImages,
    { ...filters, timeZone: browserTimeZone() },
    'video-alarm-images.zip',
  );

/** Runs a failed export again with its filters (answers 正在生成文件，请稍等。 as a new one does). */
export const retryExport = (id: number) => action<ExportFile>(EXPORT_API.retry(id));

export function useRetryExport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: retryExport,
    onSuccess: () => client.invalidateQueries({ queryKey: EXPORTS_KEY }),
  });
}
