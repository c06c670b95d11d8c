import {
  type CameraBody,
  type CameraListAllQuery,
  type CameraListQuery,
  type CameraOption,
  type CameraRow,
  DEVICE_API,
  type Envelope,
} from '@sentinel/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { crudApi } from '@/shared/crud/index.ts';
import { currentLang, i18n, tr } from '@/shared/i18n/i18n.ts';
import { RequestError } from '@/shared/request/errors.ts';
import { request } from '@/shared/request/request.ts';
import { useUserStore } from '@/shared/stores/user-store.ts';
import { toast } from '@/shared/ui/feedback.ts';

/** Cameras: list with filters, add/edit, delete; the picker list; snapshot upload. */
export const cameraApi = crudApi<CameraRow, CameraBody, CameraListQuery>(['cameras'], {
  list: DEVICE_API.cameraList,
  create: DEVICE_API.camera,
  one: DEVICE_API.cameraById,
});

export const fetchCameraOptions = (query: CameraListAllQuery = {}) =>
  request<CameraOption[]>(DEVICE_API.cameraListAll, { method: 'POST', body: query });

export const cameraOptionsQueryOptions = (query: CameraListAllQuery = {}) =>
  queryOptions({ queryKey: ['cameras', 'options', query], queryFn: () => fetchCameraOptions(query) });

export const useCameraOptions = (query: CameraListAllQuery = {}) =>
  useQuery(cameraOptionsQueryOptions(query));

/** Multipart upload (the JSON request layer does not send files); same envelope handling. */
export async function uploadSnapshot({ id, file }: { id: number; file: Blob }): Promise<string> {
  const form = new FormData();
  form.append('file', file);
  const headers: Record<string, string> = { lang: currentLang(), Accept: 'application/json' };
  const token = useUserStore.getState().token;
  if (token) headers.token = token;
  let response: Response;
  try {
    response = await fetch(DEVICE_API.cameraSnapshot(id), { method: 'POST', headers, body: form });
  } catch {
    const text = i18n.t('networkError');
    toast.error(text);
    throw new RequestError(text, 'network');
  }
  const envelope = (await response.json().catch(() => undefined)) as
    | Envelope<{ snapshotUrl: string }>
    | undefined;
  if (!envelope || response.status !== 200 || envelope.status < 0) {
    const text = envelope?.message ? tr(envelope.message) : i18n.t('httpStatus', { status: response.status });
    toast.error(text);
    throw new RequestError(text, 'http', response.status, envelope?.status);
  }
  toast.success(tr(envelope.message));
  return envelope.data.snapshotUrl;
}

export function useUploadSnapshot() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: uploadSnapshot,
    onSuccess: () => client.invalidateQueries({ queryKey: ['cameras'] }),
  });
}
