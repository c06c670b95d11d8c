import { alarmListQuery, jobRunListQuery } from '@sentinel/contract';
import { describe, expect, it } from 'vitest';
import { filtersFromParams, filtersToParams, filtersUrl, sameFilters } from './url-filters.ts';

const params = (query: string) => new URLSearchParams(query);
const START = '2026-11-01T00:00:00.000Z';
const END = '2026-11-30T23:59:59.999Z';

describe('filters in the URL', () => {
  it('reads the alarm list filters with their types', () => {
    const filters = filtersFromParams(
      alarmListQuery,
      params(
        `startTime=${START}&endTime=${END}&priority=120003&algorithmId=7&factoryId=1&areaId=2&sceneId=3` +
          '&cameraId=4&status=untreated&alarmState=4&falsePositive=false&handlerId=9&inJob=true&approved=true',
      ),
    );
    expect(filters).toEqual({
      startTime: START,
      endTime: END,
      priority: 120003,
      algorithmId: 7,
      factoryId: 1,
      areaId: 2,
      sceneId: 3,
      cameraId: 4,
      status: 'untreated',
      alarmState: 4,
      falsePositive: false,
      handlerId: 9,
      inJob: true,
      approved: true,
    });
  });

  it('leaves out invalid, unknown and paging fields, keeping the valid ones', () => {
    const filters = filtersFromParams(
      alarmListQuery,
      params(
        'priority=5&sceneId=abc&cameraId=-1&status=done&falsePositive=yes&inJob=1&page=3&limit=50&x=1&areaId=12',
      ),
    );
    expect(filters).toEqual({ areaId: 12 });
  });

  it('keeps a time range only whole and in order', () => {
    expect(filtersFromParams(alarmListQuery, params(`startTime=${START}`))).toEqual({});
    expect(filtersFromParams(alarmListQuery, params(`startTime=${START}&endTime=yesterday`))).toEqual({});
    expect(filtersFromParams(alarmListQuery, params(`startTime=${END}&endTime=${START}&sceneId=2`))).toEqual({
      sceneId: 2,
    });
  });

  it('reads the job run filters, state 0 and detection 0 included', () => {
    expect(
      filtersFromParams(
        jobRunListQuery,
        params(`state=0&detection=0&sceneId=5&jobNumber=JOB-1&startTime=${START}&endTime=${END}`),
      ),
    ).toEqual({ state: 0, detection: 0, sceneId: 5, jobNumber: 'JOB-1', startTime: START, endTime: END });
    expect(filtersFromParams(jobRunListQuery, params('state=9&detection=2'))).toEqual({});
  });

  it('writes the set filters, 0 and false kept, and reads them back the same', () => {
    const filters = { sceneId: 3, falsePositive: false, priority: 120001, status: undefined, inJob: true };
    const written = filtersToParams(filters);
    expect(written.toString()).toBe('sceneId=3&falsePositive=false&priority=120001&inJob=true');
    expect(filtersFromParams(alarmListQuery, written)).toEqual({
      sceneId: 3,
      falsePositive: false,
      priority: 120001,
      inJob: true,
    });
    expect(filtersToParams({ state: 0, page: 2, limit: 10 }).toString()).toBe('state=0');
  });

  it('builds a link to a filtered list', () => {
    expect(filtersUrl('/historyRecords/historyAlarm', {})).toBe('/historyRecords/historyAlarm');
    expect(
      filtersUrl('/historyRecords/historyAlarm', { startTime: START, endTime: END, priority: 120003 }),
    ).toBe(
      `/historyRecords/historyAlarm?startTime=${encodeURIComponent(START)}&endTime=${encodeURIComponent(END)}&priority=120003`,
    );
  });
});

describe('same filters', () => {
  it('compares values, not the order of the fields', () => {
    expect(sameFilters({ sceneId: 1, priority: 120001 }, { priority: 120001, sceneId: 1 })).toBe(true);
    expect(sameFilters({ sceneId: 1, status: undefined }, { sceneId: 1 })).toBe(true);
    expect(sameFilters({ sceneId: 1 }, { sceneId: 2 })).toBe(false);
  });
});
