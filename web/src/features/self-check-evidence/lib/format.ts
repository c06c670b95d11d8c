import { i18n } from '@/shared/i18n/i18n.ts';

/** A duration in seconds as its two largest units ("2 d 3 h", "5 h 12 min", "40 s"); '—' for null. */
export function formatDuration(seconds: number | null): string {
  if (seconds === null) return '—';
  const t = (key: string, count: number) => i18n.t(`duration.${key}`, { ns: 'selfCheckEvidence', count });
  const d = Math.floor(seconds / 86_400);
  const h = Math.floor((seconds % 86_400) / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = Math.floor(seconds % 60);
  if (d > 0) return h > 0 ? `${t('d', d)} ${t('h', h)}` : t('d', d);
  if (h > 0) return m > 0 ? `${t('h', h)} ${t('m', m)}` : t('h', h);
  if (m > 0) return t('m', m);
  return t('s', s);
}
