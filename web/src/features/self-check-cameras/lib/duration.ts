/** A duration in seconds as "1 h 5 min", "3 min 20 s" or "45 s" (strings of the feature's namespace). */
export function formatDuration(
  seconds: number,
  t: (key: string, options: Record<string, number>) => string,
): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  if (h > 0) return t('duration.hm', { h, m });
  if (m > 0) return t('duration.ms', { m, s });
  return t('duration.s', { s });
}
