import { describe, expect, it } from 'vitest';
import { hhmm, minutesOf, shiftTimes } from './times.ts';

describe('roster times', () => {
  it('converts between minutes and HH:mm both ways', () => {
    expect(hhmm(0)).toBe('00:00');
    expect(hhmm(8 * 60 + 5)).toBe('08:05');
    expect(hhmm(1440)).toBe('24:00');
    expect(minutesOf('20:30')).toBe(1230);
    expect(minutesOf('24:00')).toBe(1440);
  });

  it('marks a shift that runs past midnight', () => {
    const day = (d: number) => ['', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'][d] ?? '';
    const base = { kind: 'weekly' as const, startAt: null, endAt: null, weekdays: [1, 2] };
    expect(shiftTimes({ ...base, startMinute: 480, endMinute: 1200 }, day, 'next day')).toBe(
      'Mon, Tue 08:00–20:00',
    );
    expect(shiftTimes({ ...base, startMinute: 1200, endMinute: 480 }, day, 'next day')).toBe(
      'Mon, Tue 20:00–08:00 (next day)',
    );
  });
});
