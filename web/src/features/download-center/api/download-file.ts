import type { Envelope } from '@sentinel/contract';
import { currentLang, i18n, tr } from '@/shared/i18n/i18n.ts';
import { meansPleaseLogin, RequestError } from '@/shared/request/errors.ts';
import { showRelogin } from '@/shared/request/relogin.ts';
import { useUserStore } from '@/shared/stores/user-store.ts';
import { toast } from '@/shared/ui/feedback.ts';

/** Large downloads (an image zip) may take a while. */
const DOWNLOAD_TIMEOUT_MS = 300_000;

/** The file name of a Content-Disposition header (RFC 6266 `filename*` first). */
export function fileNameOf(disposition: string | null, fallback: string): string {
  if (!disposition) return fallback;
  const extended = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1]);
    } catch {
      // fall through to the plain name
    }
  }
  return /filename="([^"]+)"/i.exec(disposition)?.[1] ?? fallback;
}

/** Hands a blob to the browser as a download named `name`. */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = name;
  anchor.style.display = 'none';
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/**
 * POSTs to a file endpoint with the session's token and language (like the request layer) and
 * saves the answer. A failure answers the envelope: its message is shown (relogin dialog for a
 * lost session) and the promise rejects with a RequestError.
 */
export async function downloadFile(path: string, body: unknown, fallbackName: string): Promise<void> {
  const headers: Record<string, string> = { lang: currentLang(), 'Content-Type': 'application/json' };
  const token = useUserStore.getState().token;
  if (token) headers.token = token;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), DOWNLOAD_TIMEOUT_MS);
  let response: Response;
  try {
    response = await fetch(path, {
      method: 'POST',
      headers,
      body: JSON.stringify(body ?? {}),
      signal: controller.signal,
    });
  } catch {
    clearTimeout(timer);
    const text = i18n.t('networkError');
    toast.error(text);
    throw new RequestError(text, 'network');
  }
  if (!response.ok) {
    clearTimeout(timer);
    const envelope = (await response.json().catch(() => undefined)) as Envelope | undefined;
    const message = envelope?.message ? tr(envelope.message) : '';
    if (meansPleaseLogin(response.status, envelope?.message)) {
      showRelogin();
      throw new RequestError(message || i18n.t('relogin.content'), 'session', response.status);
    }
    const text = message || i18n.t('httpStatus', { status: response.status });
    toast.error(text);
    throw new RequestError(text, 'http', response.status, envelope?.status);
  }
  let blob: Blob;
  try {
    blob = await response.blob();
  } catch {
    const text = i18n.t('networkError');
    toast.error(text);
    throw new RequestError(text, 'network');
  } finally {
    clearTimeout(timer);
  }
  saveBlob(blob, fileNameOf(response.headers.get('content-disposition'), fallbackName));
}
