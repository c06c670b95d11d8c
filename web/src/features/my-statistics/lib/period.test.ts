import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { filtersFromUrl, filtersToUrl, periodRange, statisticsQueryOf } from './period.ts';

const now = dayjs('2025-03-12T10:00:00');

describe('My statistics period', () => {
  it('reads a preset, a custom range (both ends, in order) and an account from the URL', () => {
    expect(filtersFromUrl(new URLSearchParams(''))).toEqual({ preset: 'today' });
    expect(filtersFromUrl(new URLSearchParams('preset=week&accountId=7'))).toEqual({
      preset: 'week',
      accountId: 7,
    });
    expect(filtersFromUrl(new URLSearchParams('preset=bogus&accountId=x'))).toEqual({ preset: 'today' });
    const custom = 'startTime=2025-03-01T00:00:00.000Z&endTime=2025-03-02T00:00:00.000Z';
    expect(filtersFromUrl(new URLSearchParams(custom))).toEqual({
      preset: 'custom',
      startTime: '2025-03-01T00:00:00.000Z',
      endTime: '2025-03-02T00:00:00.000Z',
    });
    // Half a range, or one in the wrong order: the default period.
    expect(filtersFromUrl(new URLSearchParams('startTime=2025-03-01T00:00:00.000Z'))).toEqual({
      preset: 'today',
    });
    expect(
      filtersFromUrl(
        new URLSearchParams('startTime=2025-03-02T00:00:00.000Z&endTime=2025-03-01T00:00:00.000Z'),
      ),
    ).toEqual({ preset: 'today' });
  });

  it('writes the URL back (default period left out) and reads the same filters', () => {
    for (const filters of [
      { preset: 'today' as const },
      { preset: 'last30' as const, accountId: 3 },
      {
        preset: 'custom' as const,
        startTime: '2025-03-01T00:00:00.000Z',
        endTime: '2025-03-05T00:00:00.000Z',
      },
    ]) {
      expect(filtersFromUrl(filtersToUrl(filters))).toEqual(filters);
    }
    expect(filtersToUrl({ preset: 'today' }).toString()).toBe('');
  });

  it('builds the request: range of the preset, UTC offset, another account only when not the caller', () => {
    const [start, end] = periodRange({ preset: 'week' }, now) ?? [];
    expect(start?.format('YYYY-MM-DD HH:mm')).toBe('2025-03-10 00:00');
    expect(end?.format('YYYY-MM-DD HH:mm:ss')).toBe('2025-03-12 23:59:59');
    const query = statisticsQueryOf({ preset: 'today', accountId: 5 }, 5, now);
    expect(query).toEqual({
      startTime: now.startOf('day').toISOString(),
      endTime: now.endOf('day').toISOString(),
      utcOffset: now.utcOffset(),
    });
    expect(statisticsQueryOf({ preset: 'today', accountId: 6 }, 5, now)?.accountId).toBe(6);
    expect(statisticsQueryOf({ preset: 'custom' }, 5, now)).toBeNull();
  });
});
