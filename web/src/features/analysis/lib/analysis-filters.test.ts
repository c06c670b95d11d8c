import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import {
  analysisFiltersFromParams,
  analysisFiltersToParams,
  analysisQueryOf,
  DEFAULT_PRESET,
} from './analysis-filters.ts';

const params = (query: string) => new URLSearchParams(query);
const plant = { plant: true };
const START = '2026-11-01T00:00:00.000Z';
const END = '2026-11-07T23:59:59.999Z';

describe('analysis filters in the URL', () => {
  it('open on the last 30 days', () => {
    expect(DEFAULT_PRESET).toBe('last30');
    expect(analysisFiltersFromParams(params(''), plant)).toEqual({ preset: 'last30' });
    expect(analysisFiltersToParams({ preset: 'last30' }).toString()).toBe('');
  });

  it('keep a preset relative and a custom range as times', () => {
    expect(analysisFiltersFromParams(params('preset=week&sceneId=3'), plant)).toEqual({
      preset: 'week',
      sceneId: 3,
    });
    const custom = analysisFiltersFromParams(
      params(`startTime=${START}&endTime=${END}&factoryId=1&areaId=2`),
      plant,
    );
    expect(custom).toEqual({ preset: 'custom', startTime: START, endTime: END, factoryId: 1, areaId: 2 });
    expect(analysisFiltersFromParams(analysisFiltersToParams(custom), plant)).toEqual(custom);
    expect(analysisFiltersToParams({ preset: 'today', granularity: 'hour' }).toString()).toBe(
      'preset=today&granularity=hour',
    );
  });

  it('ignore what is invalid: an unknown preset, half a range, a bad id, plant filters where not offered', () => {
    expect(analysisFiltersFromParams(params('preset=year&sceneId=x&granularity=week'), plant)).toEqual({
      preset: 'last30',
    });
    expect(analysisFiltersFromParams(params(`startTime=${START}&preset=month`), plant)).toEqual({
      preset: 'month',
    });
    expect(analysisFiltersFromParams(params('factoryId=1&areaId=2&sceneId=3'), { plant: false })).toEqual({
      preset: 'last30',
      sceneId: 3,
    });
  });
});

describe('the analysis request', () => {
  const now = dayjs('2026-11-18T14:30:00');

  it('resolves a preset at the moment with the browser offset', () => {
    const query = analysisQueryOf({ preset: 'today', sceneId: 4 }, now);
    expect(query).toEqual({
      startTime: now.startOf('day').toISOString(),
      endTime: now.endOf('day').toISOString(),
      utcOffset: now.utcOffset(),
      sceneId: 4,
    });
  });

  it('sends a custom range as chosen, and nothing while it is not chosen', () => {
    expect(
      analysisQueryOf({ preset: 'custom', startTime: START, endTime: END, granularity: 'day' }, now),
    ).toEqual({
      startTime: START,
      endTime: END,
      utcOffset: now.utcOffset(),
      granularity: 'day',
    });
    expect(analysisQueryOf({ preset: 'custom' }, now)).toBeNull();
  });
});
