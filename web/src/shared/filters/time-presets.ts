import dayjs, { type Dayjs } from 'dayjs';

/** Time range presets of the list filters (SPEC: today, this week, this month, last 30 days). */
export const TIME_PRESETS = ['today', 'week', 'month', 'last30'] as const;
export type TimePreset = (typeof TIME_PRESETS)[number];

/**
 * [start, end] of a preset at `now`: today, this week (from Monday), this month, the last 30 days
 * (today and the 29 days before). The end is the end of today.
 */
export function presetRange(preset: TimePreset, now: Dayjs = dayjs()): [Dayjs, Dayjs] {
  const end = now.endOf('day');
  const today = now.startOf('day');
  switch (preset) {
    case 'today':
      return [today, end];
    case 'week':
      return [today.subtract((today.day() + 6) % 7, 'day'), end];
    case 'month':
      return [today.startOf('month'), end];
    case 'last30':
      return [today.subtract(29, 'day'), end];
  }
}

export type PartialRange = [Dayjs | null | undefined, Dayjs | null | undefined] | null | undefined;

/** Both or neither: a half-filled range is invalid ('time.rangeRequired'). */
export function isHalfFilled(range: PartialRange): boolean {
  if (!range) return false;
  return Boolean(range[0]) !== Boolean(range[1]);
}

/** The list query's ISO times of a range (nothing when empty or half-filled). */
export function rangeToQuery(range: PartialRange): { startTime?: string; endTime?: string } {
  if (!range?.[0] || !range[1]) return {};
  return { startTime: range[0].toISOString(), endTime: range[1].toISOString() };
}

/** The fields of a filter form that hold a value (undefined and null left out; 0 and false kept). */
export function definedFields<T extends object>(values: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(values).filter(([, value]) => value !== undefined && value !== null),
  ) as Partial<T>;
}
