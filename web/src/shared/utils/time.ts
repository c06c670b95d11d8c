import dayjs from 'dayjs';

export const TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';

/** SPEC §9: yyyy-mm-dd hh:mm:ss; a 10-digit number is seconds. */
export function formatTime(value: string | number | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const asNumber = typeof value === 'number' ? value : /^\d+$/.test(value) ? Number(value) : Number.NaN;
  if (!Number.isNaN(asNumber)) {
    const ms = String(Math.trunc(asNumber)).length === 10 ? asNumber * 1000 : asNumber;
    return dayjs(ms).format(TIME_FORMAT);
  }
  const parsed = dayjs(value);
  return parsed.isValid() ? parsed.format(TIME_FORMAT) : String(value);
}
