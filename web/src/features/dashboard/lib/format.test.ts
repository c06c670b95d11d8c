import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { dashboardCode, formatRate, shortTime } from './format.ts';

describe('format', () => {
  it('shows a share as a percentage with one decimal at most', () => {
    expect(formatRate(0, 'en')).toBe('0%');
    expect(formatRate(0.125, 'en')).toBe('12.5%');
    expect(formatRate(1, 'zh-CN')).toBe('100%');
  });

  it('shows the clock time for today and the date otherwise', () => {
    const now = dayjs('2026-11-25T10:00:00');
    expect(shortTime(dayjs('2026-11-25T08:05:09').toISOString(), now)).toBe('08:05:09');
    expect(shortTime(dayjs('2026-11-24T23:59:00').toISOString(), now)).toBe('11-24 23:59');
  });

  it("maps the alarm screens' handling codes to the home's", () => {
    expect(dashboardCode('historyAlarm:deal')).toBe('dashboard:deal');
    expect(dashboardCode('historyAlarm:cancel')).toBe('dashboard:cancel');
    expect(dashboardCode('alarmApproval:approve')).toBe('alarmApproval:approve');
  });
});
