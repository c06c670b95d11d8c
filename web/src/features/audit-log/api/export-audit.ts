import { AUDIT_LOG_API, type AuditFilters, type Envelope } from '@sentinel/contract';
import dayjs from 'dayjs';
import { currentLang, i18n, tr } from '@/shared/i18n/i18n.ts';
import { meansPleaseLogin, RequestError } from '@/shared/request/errors.ts';
import { showRelogin } from '@/shared/request/relogin.ts';
import { useUserStore } from '@/shared/stores/user-store.ts';
import { toast } from '@/shared/ui/feedback.ts';

/** A large export (up to 100,000 rows) may take a while. */
const EXPORT_TIMEOUT_MS = 300_000;

/** The URL of the export with the current filters (empty ones left out). */
export function exportUrl(filters: AuditFilters): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value) params.set(key, String(value));
  const qs = params.toString();
  return qs ? `${AUDIT_LOG_API.export}?${qs}` : AUDIT_LOG_API.export;
}

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

function saveBlob(blob: Blob, name: string): void {
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

function fail(text: string, kind: 'network' | 'http', status?: number): never {
  toast.error(text);
  throw new RequestError(text, kind, status);
}

/**
 * GET log/biz/export with the session's token and language: saves the xlsx of the filtered log.
 * A refusal answers the envelope: its message is shown (the relogin dialog for a lost session).
 */
export async function exportAuditLog(filters: AuditFilters): Promise<void> {
  const headers: Record<string, string> = { lang: currentLang() };
  const token = useUserStore.getState().token;
  if (token) headers.token = token;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), EXPORT_TIMEOUT_MS);
  try {
    let response: Response;
    try {
      response = await fetch(exportUrl(filters), { headers, signal: controller.signal });
    } catch {
      return fail(i18n.t('networkError'), 'network');
    }
    if (!response.ok) {
      const envelope = (await response.json().catch(() => undefined)) as Envelope | undefined;
      const message = envelope?.message ? tr(envelope.message) : '';
      if (meansPleaseLogin(response.status, envelope?.message)) {
        showRelogin();
        throw new RequestError(message || i18n.t('relogin.content'), 'session', response.status);
      }
      return fail(message || i18n.t('httpStatus', { status: response.status }), 'http', response.status);
    }
    let blob: Blob;
    try {
      blob = await response.blob();
    } catch {
      return fail(i18n.t('networkError'), 'network');
    }
    const fallback = `bizLog-${dayjs().format('YYYYMMDD-HHmmss')}.xlsx`;
    saveBlob(blob, fileNameOf(response.headers.get('content-disposition'), fallback));
  } finally {
    clearTimeout(timer);
  }
}
