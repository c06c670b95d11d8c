import { alarmListQuery, jobRunListQuery } from '@sentinel/contract';
import { describe, expect, it } from 'vitest';
import { filtersFromParams } from '@/shared/filters/url-filters.ts';
import { heatCellLink, heatLevelLink, KPI_KEYS, kpiLink } from './links.ts';

const today = { startTime: '2026-11-24T16:00:00.000Z', endTime: '2026-11-25T15:59:59.999Z' };
const params = (to: string) => new URLSearchParams(to.split('?')[1] ?? '');

describe('figure links (drill-through with the list query fields)', () => {
  it("today's alarms open History alarms with today's range", () => {
    const link = kpiLink('todayAlarms', today);
    expect(link.code).toBe('historyAlarm');
    expect(link.to.startsWith('/historyRecords/historyAlarm?')).toBe(true);
    expect(filtersFromParams(alarmListQuery, params(link.to))).toEqual(today);
  });

  it('untreated, false positives, approval, cameras and running jobs', () => {
    expect(kpiLink('untreated', today).to).toBe('/historyRecords/historyAlarm?status=untreated');
    expect(filtersFromParams(alarmListQuery, params(kpiLink('falsePositiveRate', today).to))).toEqual({
      ...today,
      falsePositive: true,
    });
    expect(kpiLink('awaitingApproval', today)).toEqual({
      code: 'alarmApproval',
      to: '/meDetails/alarmApproval',
    });
    expect(kpiLink('cameras', today).to).toBe('/deviceManagement/cameraSet');
    const jobs = kpiLink('jobsRunning', today);
    expect(jobs.code).toBe('historyTask');
    expect(filtersFromParams(jobRunListQuery, params(jobs.to))).toEqual({ state: 1 });
  });

  it('every figure has a link', () => {
    for (const key of KPI_KEYS) expect(kpiLink(key, today).to).toMatch(/^\//);
  });

  it('a heat cell opens its hour (end included to the last millisecond) and level', () => {
    const link = heatCellLink('2026-11-25T03:00:00.000Z', 120004);
    expect(filtersFromParams(alarmListQuery, params(link.to))).toEqual({
      startTime: '2026-11-25T03:00:00.000Z',
      endTime: '2026-11-25T03:59:59.999Z',
      priority: 120004,
    });
  });

  it('a level total opens the 24 hours of the strip at that level', () => {
    const hours = ['2026-11-24T04:00:00.000Z', '2026-11-25T03:00:00.000Z'];
    const link = heatLevelLink(hours, 120003);
    expect(filtersFromParams(alarmListQuery, params(link?.to ?? ''))).toEqual({
      startTime: '2026-11-24T04:00:00.000Z',
      endTime: '2026-11-25T03:59:59.999Z',
      priority: 120003,
    });
    expect(heatLevelLink([], 120003)).toBeNull();
  });
});
