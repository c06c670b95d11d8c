import {
  type CameraBody,
  type CameraListAllQuery,
  type CameraListQuery,
  type CameraOption,
  type CameraRow,
  DEVICE_API,
  type Envelope,
  type ListResult,
} from '@sentinel/contract';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { currentLang, i18n, tr } from '@/shared/i18n/i18n.ts';
import { RequestError } from '@/shared/request/errors.ts';
import { action, request } from '@/shared/request/request.ts';
import { useUserStore } from '@/shared/stores/user-store.ts';
import { toast } from '@/shared/ui/feedback.ts';

/** Cameras: list with filters, picker list, detail, add/edit, delete, snapshot upload. */

export const fetchCameras = (query: CameraListQuery) =>
  request<ListResult<CameraRow>>(DEVICE_API.cameraList, { method: 'POST', body: query });

export const camerasQueryOptions = (query: CameraListQuery) =>
  queryOptions({
    queryKey: ['cameras', 'list', query],
    queryFn: () => fetchCameras(query),
    placeholderData: keepPreviousData,
  });

export const useCameras = (query: CameraListQuery) => useQuery(camerasQueryOptions(query));

export const fetchCameraOptions = (query: CameraListAllQuery = {}) =>
  request<CameraOption[]>(DEVICE_API.cameraListAll, { method: 'POST', body: query });

export const cameraOptionsQueryOptions = (query: CameraListAllQuery = {}) =>
  queryOptions({ queryKey: ['cameras', 'options', query], queryFn: () => fetchCameraOptions(query) });

export const useCameraOptions = (query: CameraListAllQuery = {}) =>
  useQuery(cameraOptionsQueryOptions(query));

export const saveCamera = ({ id, body }: { id?: number; body: CameraBody }) =>
  action<{ id: number }>(id ? DEVICE_API.cameraById(id) : DEVICE_API.camera, {
    method: id ? 'PUT' : 'POST',
    body,
  });

export const deleteCamera = (id: number) => action<null>(DEVICE_API.cameraById(id), { method: 'DELETE' });

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

function useInvalidateCameras() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: ['cameras'] });
}

export function useSaveCamera() {
  const invalidate = useInvalidateCameras();
  return useMutation({ mutationFn: saveCamera, onSuccess: invalidate });
}

export function useDeleteCamera() {
  const invalidate = useInvalidateCameras();
  return useMutation({ mutationFn: deleteCamera, onSuccess: invalidate });
}

export function useUploadSnapshot() {
  const invalidate = useInvalidateCameras();
  return useMutation({ mutationFn: uploadSnapshot, onSuccess: invalidate });
}
