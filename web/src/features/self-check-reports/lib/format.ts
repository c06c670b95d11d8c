/** An availability figure: "97.5 %", or "—" when nothing of the day was observed. */
export const percent = (value: number | null) => (value === null ? '—' : `${value} %`);

/** A duration as hours and minutes ("2 h 5 min"), in the viewer's language. */
export function seconds(total: number, t: (key: string, values?: Record<string, unknown>) => string): string {
  const h = Math.floor(total / 3600);
  const m = Math.round((total % 3600) / 60);
  return h > 0 ? t('duration.hm', { h, m }) : t('duration.m', { m });
}
