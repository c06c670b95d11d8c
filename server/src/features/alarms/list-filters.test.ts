import { ALARM_API, type AlarmListResult } from '@sentinel/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { account } from '../../db/schema/index.ts';
import { backends } from '../../test/helpers.ts';
import { type AlarmsHarness, alarmsHarness, insertTestAlarms } from './test-support.ts';

/** History alarms' `handlerId` and `inJob` filters (issue 12 drill-throughs): rows and count agree. */
describe.each(backends)('alarm list filters handlerId and inJob on %s', (backend) => {
  let h: AlarmsHarness;
  let first: number;
  let second: number;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    h = await alarmsHarness(backend);
    const people = await h.app.db
      .insert(account)
      .values([
        { accountName: 'handler-one', passwordHash: 'x' },
        { accountName: 'handler-two', passwordHash: 'x' },
      ])
      .returning({ id: account.id });
    first = people[0]?.id ?? 0;
    second = people[1]?.id ?? 0;
    const day = (h: number) => new Date(Date.UTC(2024, 4, 1, h));
    const rows = await insertTestAlarms(h.app, [
      { alarmTime: day(1), alarmState: 2, handlerId: first, handler: 'handler-one', handleTime: day(2) },
      {
        alarmTime: day(3),
        alarmState: 3,
        handlerId: first,
        handler: 'handler-one',
        handleTime: day(4),
        falsePositive: true,
      },
      {
        alarmTime: day(5),
        alarmState: 2,
        handlerId: second,
        handler: 'handler-two',
        handleTime: day(6),
        historyAssignmentId: 7,
      },
      { alarmTime: day(7), alarmState: 1, historyAssignmentId: 7 },
      { alarmTime: day(8), alarmState: 1, historyAssignmentId: 8 },
      { alarmTime: day(9), alarmState: 1 },
      // Another day: outside the ranges below.
      {
        alarmTime: new Date(Date.UTC(2024, 4, 3, 1)),
        alarmState: 2,
        handlerId: first,
        handler: 'handler-one',
        handleTime: new Date(Date.UTC(2024, 4, 3, 2)),
      },
    ]);
    rows.forEach((row, i) => {
      ids[`a${i + 1}`] = row.id;
    });
  });
  afterAll(async () => h?.close());

  const list = async (filters: object) => {
    const res = await h.call<AlarmListResult>('POST', ALARM_API.list, { page: 1, limit: 10, ...filters });
    expect(res.statusCode, res.body.message).toBe(200);
    return { ids: res.body.data.list.map((a) => a.id).sort((x, y) => x - y), count: res.body.data.count };
  };
  const of = (...keys: string[]) => keys.map((k) => ids[k] ?? 0).sort((x, y) => x - y);
  // A whole UTC day: the totals would come from the rollup, which has no handler or run column.
  const wholeDay = { startTime: '2024-05-01T00:00:00.000Z', endTime: '2024-05-01T23:59:59.999Z' };
  const partOfDay = { startTime: '2024-05-01T00:30:00.000Z', endTime: '2024-05-01T07:30:00.000Z' };

  it('handlerId: the alarms that account handled (rows and count), with and without a range', async () => {
    expect(await list({ handlerId: first })).toEqual({ ids: of('a1', 'a2', 'a7'), count: 3 });
    expect(await list({ handlerId: first, ...wholeDay })).toEqual({ ids: of('a1', 'a2'), count: 2 });
    expect(await list({ handlerId: first, ...partOfDay })).toEqual({ ids: of('a1', 'a2'), count: 2 });
    expect(await list({ handlerId: second, ...wholeDay })).toEqual({ ids: of('a3'), count: 1 });
  });

  it('handlerId with status / state / false positive', async () => {
    expect(await list({ handlerId: first, ...wholeDay, status: 'processed' })).toEqual({
      ids: of('a1', 'a2'),
      count: 2,
    });
    expect(await list({ handlerId: first, ...wholeDay, alarmState: 2 })).toEqual({ ids: of('a1'), count: 1 });
    expect(await list({ handlerId: first, ...wholeDay, falsePositive: true })).toEqual({
      ids: of('a2'),
      count: 1,
    });
    expect(await list({ handlerId: first, ...wholeDay, status: 'untreated' })).toEqual({ ids: [], count: 0 });
  });

  it('inJob: true = raised during a run, false = outside any run; combined with other filters', async () => {
    expect(await list({ inJob: true, ...wholeDay })).toEqual({ ids: of('a3', 'a4', 'a5'), count: 3 });
    expect(await list({ inJob: false, ...wholeDay })).toEqual({ ids: of('a1', 'a2', 'a6'), count: 3 });
    expect(await list({ inJob: true, ...partOfDay })).toEqual({ ids: of('a3', 'a4'), count: 2 });
    expect(await list({ inJob: true, ...wholeDay, status: 'untreated' })).toEqual({
      ids: of('a4', 'a5'),
      count: 2,
    });
    expect(await list({ inJob: true, handlerId: second, ...wholeDay })).toEqual({ ids: of('a3'), count: 1 });
    expect(await list({ inJob: false })).toEqual({ ids: of('a1', 'a2', 'a6', 'a7'), count: 4 });
  });

  it('an unknown handler matches nothing; a bad handlerId is refused', async () => {
    expect(await list({ handlerId: 999_999, ...wholeDay })).toEqual({ ids: [], count: 0 });
    const res = await h.call('POST', ALARM_API.list, { page: 1, limit: 10, handlerId: 'x' });
    expect(res.statusCode).toBe(400);
  });
});
