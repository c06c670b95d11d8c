import { ALARM_API, ANALYSIS_API, type MyStatistics, myStatisticsQuery } from '@sentinel/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VisibleScenes } from '../../platform/scene-authority.ts';
import { backends } from '../../test/helpers.ts';
import { BASE, H, type HandlingWorld, handlingWorld, iso, percentile } from './handling-test-support.ts';
import { findAccount, myStatisticsOf } from './my-statistics-repo.ts';

// My statistics answer whole closed days from partials kept in memory (platform/day-partials.ts),
// keyed by account: an answer made partly of kept days must be the one computed cold.
const D = 24 * H;

/** The answer computed cold: every part of the range read from the actions, no kept day. */
async function cold(
  app: FastifyInstance,
  accountId: number,
  range: object,
  scenes: VisibleScenes = 'all',
): Promise<MyStatistics> {
  const who = await findAccount(app.db, accountId);
  if (!who) throw new Error(`account ${accountId}`);
  return myStatisticsOf(app.db, who, myStatisticsQuery.parse({ utcOffset: 0, ...range }), scenes);
}

describe.each(backends)('my statistics from kept days on %s', (backend) => {
  let w: HandlingWorld;
  beforeAll(async () => {
    w = await handlingWorld(backend);
  }, 60_000);
  afterAll(async () => w?.close());

  const mine = async (range: object, token?: string) => {
    const res = await w.call<MyStatistics>(ANALYSIS_API.mine, range, { token });
    expect(res.statusCode, res.body.message).toBe(200);
    return res.body.data;
  };

  it('a range answered partly from kept days equals the answer computed cold (offsets, buckets, another account)', async () => {
    const app = w.h.app;
    // Now is BASE + 30 h: the days up to BASE are closed, BASE + 1 day is today (live).
    const wide = { startTime: iso(BASE - 3 * D), endTime: iso(BASE + 2 * D - 1) };
    const first = await mine(wide, w.tokens.op);
    expect(first).toEqual(await cold(app, w.ids.op, wide));
    expect(first.handling.count).toBeGreaterThan(0);
    expect(first.handling.medianSeconds).not.toBeNull();
    // By hand, from the actions the world took (not through the partials' merge).
    const ops = w.actions.filter((a) => a.by === 'op' && a.at >= BASE - 3 * D && a.at < BASE + 2 * D);
    const seconds = ops
      .filter((a) => a.action === 'deal' || a.action === 'cancel')
      .map((a) => (a.at - a.alarm.alarmTime) / 1000);
    expect(first.handling).toEqual({
      count: seconds.length,
      medianSeconds: percentile(seconds, 0.5),
      p90Seconds: percentile(seconds, 0.9),
    });
    const kept = app.dayPartials.size;
    expect(kept).toBe(4);
    for (const range of [
      { startTime: iso(BASE - D + 5 * H), endTime: iso(BASE + 30 * H) },
      { startTime: iso(BASE - 3 * H), endTime: iso(BASE + 24 * H - 1) },
      { startTime: iso(BASE - D + 7 * H), endTime: iso(BASE + 20 * H), granularity: 'hour' },
      { startTime: iso(BASE), endTime: iso(BASE + 24 * H - 1), granularity: 'day' },
      { ...wide, granularity: 'hour' },
    ]) {
      expect(await mine(range, w.tokens.op)).toEqual(await cold(app, w.ids.op, range));
    }
    expect(app.dayPartials.size).toBe(kept);
    // A viewer in UTC+8 (and one in UTC−3:30) has other midnights: the same figures as cold.
    for (const utcOffset of [480, -210]) {
      const east = { startTime: iso(BASE - 3 * D - 8 * H), endTime: iso(BASE + 16 * H - 1), utcOffset };
      const answer = await mine(east, w.tokens.op);
      expect(answer).toEqual(await cold(app, w.ids.op, east));
      expect(answer.deal).toBeGreaterThan(0);
      const hourly = { ...east, granularity: 'hour' };
      const byHour = await mine(hourly, w.tokens.op);
      expect(byHour).toEqual(await cold(app, w.ids.op, hourly));
      // Each bucket by hand: the viewer's hours of the range.
      for (const point of byHour.trend) {
        const from = Date.parse(point.time);
        const inHour = ops.filter((a) => a.at >= from && a.at < from + H);
        expect(point.deal).toBe(inHour.filter((a) => a.action === 'deal').length);
        expect(point.cancel).toBe(inHour.filter((a) => a.action === 'cancel').length);
      }
      expect(byHour.trend.reduce((n, p) => n + p.deal, 0)).toBe(answer.deal);
    }
    // The admin asking about op (its own days, under the admin's authority), and about op2.
    const other = await mine({ ...wide, accountId: w.ids.op }, w.tokens.admin);
    expect(other).toEqual(await cold(app, w.ids.op, wide));
    const op2 = await mine({ ...wide, accountId: w.ids.op2 }, w.tokens.admin);
    expect(op2).toEqual(await cold(app, w.ids.op2, wide));
    expect(op2.handling.count + op2.approve + op2.noApprove).toBeGreaterThan(0);
    // The admin's own actions are not op's.
    expect(await mine(wide, w.tokens.admin)).toEqual(await cold(app, w.ids.admin, wide));
  });

  it('a handling lands in today (live): the next answer counts it, the kept days stay kept', async () => {
    const app = w.h.app;
    const range = { startTime: iso(BASE - 3 * D), endTime: iso(BASE + 2 * D - 1) };
    const before = await mine(range, w.tokens.op);
    const kept = app.dayPartials.size;
    expect(kept).toBeGreaterThan(0);
    const open = w.alarms.find((a) => a.key === 'a7');
    if (!open) throw new Error('a7');
    const res = await w.call(ALARM_API.deal, { id: open.id, comment: '' }, { token: w.tokens.op });
    expect(res.statusCode, res.body.message).toBe(200);
    const after = await mine(range, w.tokens.op);
    expect(after.deal).toBe(before.deal + 1);
    expect(after.handling.count).toBe(before.handling.count + 1);
    expect(after).toEqual(await cold(app, w.ids.op, range));
    // The action is in today (live); the alarm's own day was dropped (alarm.updated), the others stay.
    expect(app.dayPartials.size).toBeGreaterThan(0);
    expect(app.dayPartials.size).toBeLessThan(kept);
  });
});
