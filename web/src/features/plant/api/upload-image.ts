import {
  IMAGE_MAX_BYTES,
  IMAGE_MIME_TYPES,
  type ImageKind,
  MEDIA_API,
  type StoredImage,
} from '@sentinel/contract';
import { currentLang, tr } from '@/shared/i18n/i18n.ts';
import { RequestError } from '@/shared/request/errors.ts';
import { useUserStore } from '@/shared/stores/user-store.ts';

/**
 * The client-side checks of SPEC §5 before an upload (the server checks the content again):
 * answers the message to show, or undefined when the file may be sent.
 */
export function checkImageFile(file: { type: string; size: number; name: string }): string | undefined {
  const byType = (IMAGE_MIME_TYPES as readonly string[]).includes(file.type);
  const byName = /\.(jpe?g|png)$/i.test(file.name);
  if (!(file.type ? byType : byName)) return tr('image.type');
  if (file.size > IMAGE_MAX_BYTES) return tr('image.size');
  return undefined;
}

/**
 * POST a JPEG/PNG (multipart field `file`) to the media upload; resolves { path, url } or rejects
 * with a RequestError carrying the server's message ('image.type' / 'image.size' …).
 */
export async function uploadImage(file: Blob, kind: ImageKind): Promise<StoredImage> {
  const form = new FormData();
  form.append('file', file);
  const headers: Record<string, string> = { lang: currentLang(), Accept: 'application/json' };
  const token = useUserStore.getState().token;
  if (token) headers.token = token;
  const response = await fetch(MEDIA_API.uploadImage(kind), { method: 'POST', headers, body: form });
  const payload = (await response.json().catch(() => undefined)) as
    | { status: number; message: string; data: StoredImage }
    | undefined;
  if (!response.ok || !payload || payload.status < 0) {
    const message = payload?.message ? tr(payload.message) : `HTTP ${response.status}`;
    throw new RequestError(message, 'http', response.status, payload?.status, payload?.data);
  }
  return payload.data;
}
