import { type DutyShift, MINUTES_PER_DAY } from '@sentinel/contract';
import { formatTime } from '@/shared/utils/time.ts';

/** 'HH:mm' of a minute of the day (1440 → '24:00'). */
export function hhmm(minute: number): string {
  const h = Math.floor(minute / 60);
  const m = minute % 60;
  return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
}

/** Minutes of the day of 'HH:mm' ('24:00' → 1440). */
export function minutesOf(value: string): number {
  const [h, m] = value.split(':').map(Number);
  return Math.min(MINUTES_PER_DAY, (h ?? 0) * 60 + (m ?? 0));
}

/** One line for a shift's times: 'Mon, Tue 08:00–20:00 (next day)' or the dated range. */
export function shiftTimes(
  shift: Pick<DutyShift, 'kind' | 'weekdays' | 'startMinute' | 'endMinute' | 'startAt' | 'endAt'>,
  weekday: (d: number) => string,
  nextDay: string,
): string {
  if (shift.kind === 'dated') return `${formatTime(shift.startAt)} – ${formatTime(shift.endAt)}`;
  const overnight = shift.endMinute <= shift.startMinute;
  const days = shift.weekdays.map(weekday).join(', ');
  return `${days} ${hhmm(shift.startMinute)}–${hhmm(shift.endMinute)}${overnight ? ` (${nextDay})` : ''}`;
}
