import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { definedFields, isHalfFilled, presetRange, rangeToQuery } from './time-presets.ts';

const fmt = (d: dayjs.Dayjs) => d.format('YYYY-MM-DD HH:mm:ss');
// Wednesday 2026-11-18 14:30
const now = dayjs('2026-11-18T14:30:00');

describe('time presets', () => {
  it('today runs from midnight to the end of the day', () => {
    expect(presetRange('today', now).map(fmt)).toEqual(['2026-11-18 00:00:00', '2026-11-18 23:59:59']);
  });
  it('this week starts on Monday', () => {
    expect(fmt(presetRange('week', now)[0])).toBe('2026-11-16 00:00:00');
    expect(fmt(presetRange('week', dayjs('2026-11-22T09:00:00'))[0])).toBe('2026-11-16 00:00:00');
    expect(fmt(presetRange('week', dayjs('2026-11-16T09:00:00'))[0])).toBe('2026-11-16 00:00:00');
  });
  it('this month starts on the first', () => {
    expect(presetRange('month', now).map(fmt)).toEqual(['2026-11-01 00:00:00', '2026-11-18 23:59:59']);
  });
  it('the last 30 days include today', () => {
    const [start, end] = presetRange('last30', now);
    expect(fmt(start)).toBe('2026-10-20 00:00:00');
    expect(end.startOf('day').diff(start, 'day')).toBe(29);
  });
  it('a half-filled range is invalid and gives no query', () => {
    expect(isHalfFilled([now, null])).toBe(true);
    expect(isHalfFilled([null, now])).toBe(true);
    expect(isHalfFilled([now, now])).toBe(false);
    expect(isHalfFilled(null)).toBe(false);
    expect(rangeToQuery([now, null])).toEqual({});
    const q = rangeToQuery(presetRange('today', now));
    expect(q.startTime && dayjs(q.startTime).valueOf()).toBe(now.startOf('day').valueOf());
  });
  it('keeps the filled filter fields, 0 and false included', () => {
    expect(
      definedFields({ sceneId: 3, detection: 0, falsePositive: false, state: undefined, cameraId: null }),
    ).toEqual({
      sceneId: 3,
      detection: 0,
      falsePositive: false,
    });
  });
});
