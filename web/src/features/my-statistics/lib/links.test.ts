import { describe, expect, it } from 'vitest';
import { durationText } from '@/shared/charts/duration-text.ts';
import { bucketRange, handledAlarmsUrl } from './links.ts';

const range = { startTime: '2025-03-10T00:00:00.000Z', endTime: '2025-03-10T23:59:59.999Z' };

describe('My statistics links and texts', () => {
  it('opens History alarms with the list query names: range, handler and the figure’s own filter', () => {
    const url = new URL(handledAlarmsUrl(range, 7, { alarmState: 2 }), 'http://x');
    expect(url.pathname).toBe('/historyRecords/historyAlarm');
    expect(Object.fromEntries(url.searchParams)).toEqual({ ...range, handlerId: '7', alarmState: '2' });
    const processed = new URL(
      handledAlarmsUrl(range, 7, { status: 'processed', priority: 120004 }),
      'http://x',
    );
    expect(processed.searchParams.get('status')).toBe('processed');
    expect(processed.searchParams.get('priority')).toBe('120004');
  });

  it('cuts a bucket to the range, its end just before the next bucket', () => {
    const times = ['2025-03-09T16:00:00.000Z', '2025-03-10T16:00:00.000Z'];
    expect(bucketRange(times, 0, 86_400_000, range)).toEqual({
      startTime: range.startTime,
      endTime: '2025-03-10T15:59:59.999Z',
    });
    expect(bucketRange(times, 1, 86_400_000, range)).toEqual({
      startTime: '2025-03-10T16:00:00.000Z',
      endTime: range.endTime,
    });
  });

  it('says durations readably in both languages', () => {
    expect(durationText(45, 'en')).toBe('45 s');
    expect(durationText(200, 'en')).toBe('3 min 20 s');
    expect(durationText(3_900, 'zh-CN')).toBe('1小时5分');
    expect(durationText(3_600, 'en')).toBe('1 h');
    expect(durationText(0, 'zh-CN')).toBe('0秒');
    expect(durationText(null, 'en')).toBe('—');
  });
});
