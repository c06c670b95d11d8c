import dayjs from 'dayjs';

/** A share 0 … 1 as a percentage with at most one decimal ("12.5%", "0%"). */
export function formatRate(rate: number, lang: string): string {
  return new Intl.NumberFormat(lang, { style: 'percent', maximumFractionDigits: 1 }).format(rate);
}

/** An alarm time in a list: the clock time today, with the date otherwise. */
export function shortTime(value: string, now = dayjs()): string {
  const time = dayjs(value);
  if (!time.isValid()) return value;
  return time.isSame(now, 'day') ? time.format('HH:mm:ss') : time.format('MM-DD HH:mm');
}

/** ACTION_CODES are the alarm screens' codes: the home holds `dashboard:deal` and `dashboard:cancel`. */
export const dashboardCode = (code: string) => code.replace(/^historyAlarm:/, 'dashboard:');
