import { OFFLINE_VIDEO_API, type OfflineUpload } from '@sentinel/contract';
import { type UploadProgress, uploadFile } from '@/shared/request/upload.ts';

/**
 * POST offlineVideoAnalysis/upload (multipart `file`): the server checks the content, the size
 * and that it is readable; resolves the accepted upload or rejects with the server's message.
 */
export async function uploadVideo(
  file: File,
  onProgress: (progress: UploadProgress) => void,
  signal?: AbortSignal,
): Promise<OfflineUpload> {
  const envelope = await uploadFile<OfflineUpload>(OFFLINE_VIDEO_API.upload, file, { onProgress, signal });
  return envelope.data;
}
