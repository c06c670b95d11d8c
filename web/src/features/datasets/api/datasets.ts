import {
  ALGORITHM_API,
  type AlgorithmOption,
  DATASET_API,
  type DatasetBody,
  type DatasetFormat,
  type DatasetImportReport,
  type DatasetItem,
  type DatasetItemQuery,
  type DatasetListQuery,
  type DatasetRow,
  type DatasetVersion,
  type Detection,
  type FalseAlarmImportPreview,
  type FalseAlarmImportResult,
  type ImportProgressState,
  type ListResult,
} from '@sentinel/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { crudApi } from '@/shared/crud/index.ts';
import { action, request } from '@/shared/request/request.ts';
import { type UploadProgress, uploadFile } from '@/shared/request/upload.ts';

/** Every query of this page sits under this key; a change to a dataset refreshes them all. */
export const DATASET_KEY = ['datasets'] as const;

export const datasetApi = crudApi<DatasetRow, DatasetBody, DatasetListQuery>(DATASET_KEY, {
  list: DATASET_API.list,
  create: DATASET_API.create,
  one: DATASET_API.one,
});

const useRefresh = () => {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: DATASET_KEY });
};

export const useAlgorithmOptions = () =>
  useQuery({
    queryKey: [...DATASET_KEY, 'algorithms'],
    queryFn: () => request<AlgorithmOption[]>(ALGORITHM_API.all, { silent: true }),
    staleTime: 60_000,
  });

export const useDataset = (id: number) =>
  useQuery({
    queryKey: [...DATASET_KEY, id, 'row'],
    queryFn: () => request<DatasetRow>(DATASET_API.one(id), { silent: true }),
    retry: false,
  });

export const useDatasetItems = (id: number, query: DatasetItemQuery) =>
  useQuery({
    queryKey: [...DATASET_KEY, id, 'items', query],
    queryFn: () => request<ListResult<DatasetItem>>(DATASET_API.items(id), { method: 'POST', body: query }),
    placeholderData: keepPreviousData,
  });

export const useVersions = (id: number) =>
  useQuery({
    queryKey: [...DATASET_KEY, id, 'versions'],
    queryFn: () => request<DatasetVersion[]>(DATASET_API.versions(id)),
  });

export const useFalseAlarmPreview = (id: number, enabled: boolean) =>
  useQuery({
    queryKey: [...DATASET_KEY, id, 'falseAlarms'],
    queryFn: () => request<FalseAlarmImportPreview>(DATASET_API.falseAlarms(id), { silent: true }),
    enabled,
    retry: false,
  });

export const useSaveLabels = (id: number) => {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ itemId, labels }: { itemId: number; labels: Detection[] }) =>
      action<DatasetItem>(DATASET_API.item(id, itemId), { method: 'PUT', body: { labels } }),
    onSuccess: refresh,
  });
};

export const useRemoveItem = (id: number) => {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (itemId: number) => action<null>(DATASET_API.item(id, itemId), { method: 'DELETE' }),
    onSuccess: refresh,
  });
};

export const useFreeze = (id: number) => {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (note: string) =>
      action<DatasetVersion>(DATASET_API.versions(id), { method: 'POST', body: { note } }),
    onSuccess: refresh,
  });
};

export const useImportFalseAlarms = (id: number) => {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: () =>
      action<FalseAlarmImportResult>(DATASET_API.falseAlarms(id), { method: 'POST', body: {} }),
    onSuccess: refresh,
  });
};

/** One image (jpg/png ≤ 500 KB, checked by the server). */
export async function uploadImage(id: number, file: File): Promise<DatasetItem> {
  return (await uploadFile<DatasetItem>(DATASET_API.image(id), file)).data;
}

/** A zip of images with YOLO or COCO labels, with upload progress; resolves the import report. */
export async function uploadZip(
  id: number,
  file: File,
  progressKey: string,
  onProgress: (progress: UploadProgress) => void,
  signal?: AbortSignal,
): Promise<DatasetImportReport> {
  const path = `${DATASET_API.importZip(id)}?progress=${encodeURIComponent(progressKey)}`;
  return (await uploadFile<DatasetImportReport>(path, file, { onProgress, signal })).data;
}

/** While the server checks and adds a zip's images: how far it is (polled; absent until it knows). */
export const useImportProgress = (id: number, progressKey: string | null) =>
  useQuery({
    queryKey: [...DATASET_KEY, id, 'importProgress', progressKey],
    queryFn: () =>
      request<ImportProgressState>(
        `${DATASET_API.importProgress(id)}?progress=${encodeURIComponent(progressKey ?? '')}`,
        { silent: true },
      ),
    enabled: progressKey !== null,
    refetchInterval: 500,
    retry: false,
  });

/** The download address of a version (or the working set) in a format. */
export function exportUrl(id: number, format: DatasetFormat, version?: number): string {
  const query = new URLSearchParams({ format });
  if (version !== undefined) query.set('version', String(version));
  return `${DATASET_API.exportZip(id)}?${query}`;
}

export { useRefresh as useRefreshDatasets };
