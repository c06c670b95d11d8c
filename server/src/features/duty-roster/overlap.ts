import { MINUTES_PER_DAY } from '@sentinel/contract';

/** What overlap checking needs of a shift. */
export interface ShiftTimes {
  id: number;
  accountId: number;
  sceneIds: number[];
  enabled: boolean;
  kind: string;
  weekdays: number[];
  startMinute: number;
  endMinute: number;
  timeZone: string;
  startAt: Date | null;
  endAt: Date | null;
}

const WEEK = 7 * MINUTES_PER_DAY;
type Span = [number, number];

/** Splits [start, end) on a circular week into spans inside [0, WEEK). */
function onWeek(start: number, length: number): Span[] {
  if (length >= WEEK) return [[0, WEEK]];
  const s = ((start % WEEK) + WEEK) % WEEK;
  const e = s + length;
  return e <= WEEK
    ? [[s, e]]
    : [
        [s, WEEK],
        [0, e - WEEK],
      ];
}

/** The weekly shift's spans in week minutes (Monday 00:00 local = 0). */
function weeklySpans(s: ShiftTimes): Span[] {
  const length =
    s.endMinute > s.startMinute ? s.endMinute - s.startMinute : s.endMinute + MINUTES_PER_DAY - s.startMinute;
  return s.weekdays.flatMap((d) => onWeek((d - 1) * MINUTES_PER_DAY + s.startMinute, length));
}

const WEEKDAY: Record<string, number> = { Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6, Sun: 7 };

/** Minute of the local week (Monday 00:00 = 0) of `at` in `timeZone`. */
function weekMinute(at: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    weekday: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '0';
  return (
    ((WEEKDAY[part('weekday')] ?? 1) - 1) * MINUTES_PER_DAY +
    Number(part('hour')) * 60 +
    Number(part('minute'))
  );
}

const spansMeet = (a: Span[], b: Span[]) => a.some(([s1, e1]) => b.some(([s2, e2]) => s1 < e2 && s2 < e1));

/**
 * Whether two shifts' times overlap. Weekly with weekly compares local times (a roster is kept in
 * one time zone); dated with dated compares instants; dated with weekly places the dated span on
 * the weekly shift's local week.
 */
export function timesOverlap(a: ShiftTimes, b: ShiftTimes): boolean {
  if (a.kind === 'dated' && b.kind === 'dated') {
    if (!a.startAt || !a.endAt || !b.startAt || !b.endAt) return false;
    return a.startAt < b.endAt && b.startAt < a.endAt;
  }
  if (a.kind === 'weekly' && b.kind === 'weekly') return spansMeet(weeklySpans(a), weeklySpans(b));
  const [dated, weekly] = a.kind === 'dated' ? [a, b] : [b, a];
  if (!dated.startAt || !dated.endAt) return false;
  const length = Math.ceil((dated.endAt.getTime() - dated.startAt.getTime()) / 60_000);
  return spansMeet(onWeek(weekMinute(dated.startAt, weekly.timeZone), length), weeklySpans(weekly));
}

/** For each enabled shift, the other enabled shifts of the same account sharing a scene at overlapping times. */
export function overlaps(shifts: ShiftTimes[]): Map<number, number[]> {
  const result = new Map<number, number[]>(shifts.map((s) => [s.id, []]));
  const live = shifts.filter((s) => s.enabled);
  for (let i = 0; i < live.length; i++) {
    for (let j = i + 1; j < live.length; j++) {
      const a = live[i];
      const b = live[j];
      if (!a || !b || a.accountId !== b.accountId) continue;
      if (!a.sceneIds.some((id) => b.sceneIds.includes(id))) continue;
      if (!timesOverlap(a, b)) continue;
      result.get(a.id)?.push(b.id);
      result.get(b.id)?.push(a.id);
    }
  }
  return result;
}
