import { alarmListQuery, jobRunListQuery } from '@sentinel/contract';
import { describe, expect, it } from 'vitest';
import { filtersFromParams } from '@/shared/filters/url-filters.ts';
import { alarmDrillUrl, backlogRange, bucketRange, taskDrillUrl } from './drill.ts';

const base = {
  startTime: '2026-11-01T00:00:00.000Z',
  endTime: '2026-11-03T11:59:59.999Z',
  utcOffset: 0,
  factoryId: 1,
  areaId: 2,
};

/** The filters History alarms / tasks will read from a drill-through link. */
const read = (url: string, schema: typeof alarmListQuery | typeof jobRunListQuery) =>
  filtersFromParams(schema, new URL(url, 'http://x').searchParams);

describe('drill-through links', () => {
  it('open History alarms with the range, the place filters and the clicked dimension', () => {
    const url = alarmDrillUrl(base, { priority: 120003 });
    expect(url.startsWith('/historyRecords/historyAlarm?')).toBe(true);
    expect(read(url, alarmListQuery)).toEqual({
      startTime: base.startTime,
      endTime: base.endTime,
      factoryId: 1,
      areaId: 2,
      priority: 120003,
    });
    expect(read(alarmDrillUrl(base, { status: 'untreated' }), alarmListQuery)).toMatchObject({
      status: 'untreated',
    });
    expect(read(alarmDrillUrl(base, { falsePositive: true }), alarmListQuery)).toMatchObject({
      falsePositive: true,
    });
    expect(read(alarmDrillUrl(base, { handlerId: 5, status: 'processed' }), alarmListQuery)).toMatchObject({
      handlerId: 5,
      status: 'processed',
    });
    expect(read(alarmDrillUrl(base, { inJob: true, algorithmId: 4 }), alarmListQuery)).toMatchObject({
      inJob: true,
      algorithmId: 4,
    });
  });

  it('let the clicked dimension win over the page filter of the same name', () => {
    expect(
      read(alarmDrillUrl({ ...base, sceneId: 3 }, { sceneId: 3, areaId: 9 }), alarmListQuery),
    ).toMatchObject({
      sceneId: 3,
      areaId: 9,
    });
  });

  it('open History tasks with the range, the scene and the outcome (no plant or area: tasks have none)', () => {
    const url = taskDrillUrl({ ...base, sceneId: 6 }, { state: 0 });
    expect(url.startsWith('/historyRecords/historyTask?')).toBe(true);
    expect(read(url, jobRunListQuery)).toEqual({
      startTime: base.startTime,
      endTime: base.endTime,
      sceneId: 6,
      state: 0,
    });
  });
});

describe('trend buckets', () => {
  const days = ['2026-11-01T00:00:00.000Z', '2026-11-02T00:00:00.000Z', '2026-11-03T00:00:00.000Z'];

  it('run from their start to just before the next bucket', () => {
    expect(bucketRange(days, 0, 'day', base)).toEqual({
      startTime: '2026-11-01T00:00:00.000Z',
      endTime: '2026-11-01T23:59:59.999Z',
    });
  });

  it('are cut to the range: the last one ends with it, a first one before it starts with it', () => {
    expect(bucketRange(days, 2, 'day', base)).toEqual({
      startTime: '2026-11-03T00:00:00.000Z',
      endTime: base.endTime,
    });
    const late = { ...base, startTime: '2026-11-01T06:00:00.000Z' };
    expect(bucketRange(days, 0, 'day', late).startTime).toBe(late.startTime);
  });

  it('by hour end 1 ms before the next hour', () => {
    const hours = ['2026-11-01T10:00:00.000Z', '2026-11-01T11:00:00.000Z'];
    const range = { startTime: '2026-11-01T10:00:00.000Z', endTime: '2026-11-01T23:59:59.999Z' };
    expect(bucketRange(hours, 1, 'hour', range)).toEqual({
      startTime: '2026-11-01T11:00:00.000Z',
      endTime: '2026-11-01T11:59:59.999Z',
    });
  });

  it('backlog: from the start of the range to the end of the bucket', () => {
    expect(backlogRange(days, 1, 'day', base)).toEqual({
      startTime: base.startTime,
      endTime: '2026-11-02T23:59:59.999Z',
    });
  });
});
