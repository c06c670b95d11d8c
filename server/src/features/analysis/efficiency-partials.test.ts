import {
  ALARM_API,
  ANALYSIS_API,
  analysisQuery,
  type EfficiencyAnalysis,
  SCENE_API,
} from '@sentinel/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../../test/helpers.ts';
import { twoInstancesAvailable, useTwoInstances } from '../../test/two-instances.ts';
import { createTestRefs, insertTestAlarm } from '../alarms/test-support.ts';
import { efficiencyAnalysisOf } from './efficiency.ts';
import { BASE, H, type HandlingWorld, handlingWorld, iso } from './handling-test-support.ts';
import { askAnalysis } from './test-support.ts';

// The efficiency analysis answers whole closed days from partials kept in memory
// (platform/day-partials.ts): an answer made partly of kept days must be the one computed cold,
// and a change to an alarm of a kept day must show in the next answer.
const D = 24 * H;

/** The answer computed cold: every part of the range read from the alarms, no kept day. */
async function cold(app: FastifyInstance, range: object): Promise<EfficiencyAnalysis> {
  return efficiencyAnalysisOf(app.db, analysisQuery.parse(range), 'all');
}

const analyse = (app: FastifyInstance, token: string, range: object) =>
  askAnalysis<EfficiencyAnalysis>(app, token, ANALYSIS_API.efficiency, range);

describe.each(backends)('efficiency analysis from kept days on %s', (backend) => {
  let w: HandlingWorld;
  beforeAll(async () => {
    w = await handlingWorld(backend);
  }, 60_000);
  afterAll(async () => w?.close());

  it('a range answered partly from kept days equals the answer computed cold', async () => {
    const app = w.h.app;
    // Now is BASE + 30 h: the days up to BASE are closed, BASE + 1 day is today (live).
    const wide = { startTime: iso(BASE - 3 * D), endTime: iso(BASE + 2 * D - 1) };
    expect(await analyse(app, w.h.admin, wide)).toEqual(await cold(app, wide));
    const kept = app.dayPartials.size;
    // 4 closed days and today (the open day, kept briefly).
    expect(kept).toBe(5);
    // Another start (a head before the first midnight), hourly buckets, another end: kept days merged with live parts.
    for (const range of [
      { startTime: iso(BASE - D + 5 * H), endTime: iso(BASE + 30 * H) },
      { startTime: iso(BASE - 2 * H), endTime: iso(BASE + 24 * H - 1) },
      { startTime: iso(BASE), endTime: iso(BASE + 24 * H - 1), granularity: 'day' },
    ]) {
      const answer = await analyse(app, w.h.admin, range);
      expect(answer).toEqual(await cold(app, range));
    }
    expect(app.dayPartials.size).toBe(kept);
    // A viewer in UTC+8 has other midnights: its own days, the same figures as cold.
    const east = { startTime: iso(BASE - 3 * D - 8 * H), endTime: iso(BASE + 16 * H - 1), utcOffset: 480 };
    const answer = await analyse(app, w.h.admin, east);
    expect(answer).toEqual(await cold(app, east));
    expect(answer.overall.count).toBeGreaterThan(0);
    expect(app.dayPartials.size).toBeGreaterThan(kept);
  });

  it('ranges ending today share the open day only when it holds no alarm after their end', async () => {
    const app = w.h.app;
    const now = app.appConfig.now().getTime();
    const today = BASE + D;
    // Two alarms today, the later one processed (as an ingest does, their day dropped).
    const latest = today + 3 * H;
    await insertTestAlarm(app, { sceneId: w.refs.sceneA, alarmState: 1, alarmTime: new Date(today + 2 * H) });
    await insertTestAlarm(app, {
      sceneId: w.refs.sceneA,
      alarmState: 2,
      alarmTime: new Date(latest),
      handleTime: new Date(latest + 90_000),
    });
    app.dayPartials.dropTime(latest);
    const asked = (end: number) =>
      efficiencyAnalysisOf(
        app.db,
        analysisQuery.parse({ startTime: iso(BASE - D), endTime: iso(end) }),
        'all',
        {
          partials: app.dayPartials,
          now,
        },
      );
    // After today's latest alarm: from the open day (ends a few ms apart: the same day kept).
    for (const end of [today + D - 1, today + D - 7, latest]) {
      expect(await asked(end)).toEqual(await cold(app, { startTime: iso(BASE - D), endTime: iso(end) }));
    }
    // Before it (the open day holds an alarm after the end): computed live, that alarm left out.
    const before = await asked(latest - 1);
    expect(before).toEqual(await cold(app, { startTime: iso(BASE - D), endTime: iso(latest - 1) }));
    expect(before.overall.count).toBe((await asked(latest)).overall.count - 1);
  });

  it('handling an alarm of a kept day changes that day in the next answer', async () => {
    const app = w.h.app;
    const range = { startTime: iso(BASE - 2 * D), endTime: iso(BASE + 2 * D - 1) };
    const before = await analyse(app, w.h.admin, range);
    const open = w.alarms.find((a) => a.key === 'a7');
    if (!open) throw new Error('a7');
    const res = await w.call(ALARM_API.deal, { id: open.id, comment: '' });
    expect(res.statusCode, res.body.message).toBe(200);
    const after = await analyse(app, w.h.admin, range);
    expect(after.overall.count).toBe(before.overall.count + 1);
    expect(after).toEqual(await cold(app, range));
  });

  it('deleting a scene (its alarms lose it, with no alarm event) shows in the next answer', async () => {
    const app = w.h.app;
    const range = { startTime: iso(BASE - 3 * D), endTime: iso(BASE + 2 * D - 1) };
    // Past the whole-answer cache: the kept days (and their kept merge, asked twice) answer.
    const kept = () =>
      efficiencyAnalysisOf(app.db, analysisQuery.parse(range), 'all', {
        partials: app.dayPartials,
        now: app.appConfig.now().getTime(),
      });
    await kept();
    const before = await kept();
    expect(app.dayPartials.runs).toBeGreaterThan(0);
    const sceneB = w.refs.sceneB;
    expect(before.byScene.some((s) => s.sceneId === sceneB)).toBe(true);
    const res = await app.inject({
      method: 'DELETE',
      url: SCENE_API.one(sceneB),
      headers: { token: w.h.admin, lang: 'en' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = await kept();
    expect(after.byScene.some((s) => s.sceneId === sceneB)).toBe(false);
    expect(after).toEqual(await cold(app, range));
  });
});

describe.runIf(twoInstancesAvailable)(
  'efficiency analysis from kept days on two instances (PostgreSQL + Redis)',
  () => {
    // No whole-answer cache: only the kept days could answer stale figures.
    const w = useTwoInstances({ alarmCountCacheMs: 0 });

    it("handling an alarm on one instance changes the other's kept day when its event arrives", async () => {
      const { one, two, adminOne, adminTwo } = w;
      const r = await createTestRefs(one);
      const day = Date.parse('2024-05-01T00:00:00Z');
      await insertTestAlarm(one, {
        sceneId: r.sceneA,
        alarmState: 2,
        alarmTime: new Date(day + 8 * H),
        handleTime: new Date(day + 8 * H + 60_000),
      });
      const open = await insertTestAlarm(one, {
        sceneId: r.sceneA,
        alarmState: 1,
        alarmTime: new Date(day + 9 * H),
      });
      const range = { startTime: iso(day - D), endTime: iso(day + 2 * D - 1) };
      const first = await analyse(two, adminTwo, range);
      expect(first.overall).toEqual({ count: 1, medianSeconds: 60, p90Seconds: 60 });
      expect(two.dayPartials.size).toBe(3);

      const res = await one.inject({
        method: 'POST',
        url: ALARM_API.deal,
        headers: { token: adminOne, lang: 'en' },
        payload: { id: open.id, comment: '' },
      });
      expect(res.statusCode).toBe(200);
      await expect
        .poll(async () => (await analyse(two, adminTwo, range)).overall.count, { timeout: 5_000 })
        .toBe(2);
      expect(await analyse(two, adminTwo, range)).toEqual(await cold(two, range));
    });
  },
);
