import { API, type ExportFile, type ListResult } from '@sentinel/contract';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { action, request } from '../../../shared/request/request.ts';

export const EXPORT_PAGE_SIZE = 10;
export const EXPORT_REFRESH_MS = 3000;

export const fetchExports = (pageIndex: number, keyword = '') =>
  request<ListResult<ExportFile>>(API.exportList, {
    query: { pageIndex, pageSize: EXPORT_PAGE_SIZE, keyword },
  });

export const exportsQueryOptions = (pageIndex: number, open: boolean) =>
  queryOptions({
    queryKey: ['exports', pageIndex],
    queryFn: () => fetchExports(pageIndex),
    enabled: open,
    refetchInterval: open ? EXPORT_REFRESH_MS : false,
    placeholderData: keepPreviousData,
    retry: false,
  });

export const useExports = (pageIndex: number, open: boolean) =>
  useQuery(exportsQueryOptions(pageIndex, open));

export const deleteExport = (id: number) => action<unknown>(API.exportDelete(id), { method: 'DELETE' });

export function useDeleteExport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteExport,
    onSuccess: () => client.invalidateQueries({ queryKey: ['exports'] }),
  });
}
