import { type Envelope, RUN_REPORTS_API, type RunReportQueryInput } from '@sentinel/contract';
import { currentLang, i18n, tr } from '@/shared/i18n/i18n.ts';
import { useUserStore } from '@/shared/stores/user-store.ts';
import { toast } from '@/shared/ui/feedback.ts';

/** The URL of a report's xlsx (the report's own filters, the viewer's language). */
export function reportExportUrl(kind: 'camera' | 'algorithm', query: RunReportQueryInput): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries({ ...query, lang: currentLang() }))
    if (value !== undefined && value !== null) params.set(key, String(value));
  const path = kind === 'camera' ? RUN_REPORTS_API.cameraExport : RUN_REPORTS_API.algorithmExport;
  return `${path}?${params.toString()}`;
}

/** Downloads a bounded report (≤ 92 days) directly as xlsx; a refusal shows its message. */
export async function downloadReport(kind: 'camera' | 'algorithm', query: RunReportQueryInput, name: string) {
  const headers: Record<string, string> = { lang: currentLang() };
  const token = useUserStore.getState().token;
  if (token) headers.token = token;
  const response = await fetch(reportExportUrl(kind, query), { headers }).catch(() => undefined);
  if (!response?.ok) {
    const envelope = (await response?.json().catch(() => undefined)) as Envelope | undefined;
    toast.error(envelope?.message ? tr(envelope.message) : i18n.t('networkError'));
    return;
  }
  const url = URL.createObjectURL(await response.blob());
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = `${name}.xlsx`;
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
