import {
  type AlgorithmRunReport,
  type CameraRunReport,
  type MaintenanceCreate,
  type MaintenanceListQuery,
  type MaintenanceListResult,
  RUN_REPORTS_API,
  type RunReportQueryInput,
} from '@sentinel/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { action, request } from '@/shared/request/request.ts';

const KEY = ['self-check-reports'] as const;

/** One run report (camera or algorithm) of a query; the previous answer stays while the next loads. */
const useRunReport = <T>(kind: 'camera' | 'algorithm', query: RunReportQueryInput) =>
  useQuery({
    queryKey: [...KEY, kind, query],
    queryFn: ({ signal }) =>
      request<T>(RUN_REPORTS_API[kind], { method: 'POST', body: query, silent: true, signal }),
    placeholderData: keepPreviousData,
    retry: false,
  });

export const useCameraReport = (query: RunReportQueryInput) => useRunReport<CameraRunReport>('camera', query);
export const useAlgorithmReport = (query: RunReportQueryInput) =>
  useRunReport<AlgorithmRunReport>('algorithm', query);

export const useMaintenanceWindows = (query: MaintenanceListQuery) =>
  useQuery({
    queryKey: [...KEY, 'maintenance', query],
    queryFn: ({ signal }) =>
      request<MaintenanceListResult>(RUN_REPORTS_API.maintenanceList, {
        method: 'POST',
        body: query,
        silent: true,
        signal,
      }),
    placeholderData: keepPreviousData,
    retry: false,
  });

/** Adding or deleting a window changes the windows and every report figure: refresh them all. */
export function useMaintenanceChanges() {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: KEY });
  const create = useMutation({
    mutationFn: (body: MaintenanceCreate) => action(RUN_REPORTS_API.maintenanceCreate, { body }),
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: (id: number) =>
      action(RUN_REPORTS_API.maintenanceDelete.replace(':id', String(id)), { method: 'DELETE' }),
    onSuccess: refresh,
  });
  return { create, remove };
}
