import { AI_MODEL_API, type ModelBody, type ModelItem, type ModelListQuery } from '@sentinel/contract';
import { crudApi } from '@/shared/crud/index.ts';
import { type UploadProgress, uploadFile } from '@/shared/request/upload.ts';

export const MODELS_KEY = ['aiModels'] as const;

/** The model base: list, edit, delete (adding is the upload below). */
export const modelApi = crudApi<ModelItem, ModelBody, ModelListQuery>(
  [...MODELS_KEY, 'models'],
  { list: AI_MODEL_API.list, create: AI_MODEL_API.upload, one: AI_MODEL_API.one },
  { alsoInvalidate: [[...MODELS_KEY, 'drafts']] },
);

/**
 * POST aiModel/upload: the text fields first, then the file, with upload progress; resolves the
 * stored model or rejects with the server's message (wrong format, too large…).
 */
export async function uploadModel(
  file: File,
  fields: Record<string, string>,
  onProgress: (progress: UploadProgress) => void,
  signal?: AbortSignal,
): Promise<ModelItem> {
  const envelope = await uploadFile<ModelItem>(AI_MODEL_API.upload, file, { fields, onProgress, signal });
  return envelope.data;
}
