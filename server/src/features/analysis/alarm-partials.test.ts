import {
  ALARM_API,
  type AlarmAnalysis,
  ANALYSIS_API,
  type AnalysisQueryInput,
  analysisQuery,
} from '@sentinel/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VisibleScenes } from '../../platform/scene-authority.ts';
import { backends } from '../../test/helpers.ts';
import { twoInstancesAvailable, useTwoInstances } from '../../test/two-instances.ts';
import { createTestRefs, insertTestAlarm } from '../alarms/test-support.ts';
import { alarmAnalysisOf } from './alarm-analysis.ts';
import { ALARM_DAYS, ALARM_UTC_DAYS } from './alarm-partials.ts';
import { type AnalysisWorld, analysisWorld, askAnalysis, BASE, D, H, iso } from './test-support.ts';

// The alarm analysis answers whole closed days from partials kept in memory (alarm-partials.ts):
// an answer made partly of kept days must be the one computed at once over the whole range, and a
// change to an alarm of a kept day must show in the next answer.

type Filters = { sceneId?: number; factoryId?: number; areaId?: number };

/** The answer computed at once (the code before the partials): no kept day. */
async function cold(app: FastifyInstance, range: AnalysisQueryInput, scenes: VisibleScenes = 'all') {
  const q = analysisQuery.parse(range);
  const filters = { scenes, factoryId: q.factoryId, areaId: q.areaId, sceneId: q.sceneId };
  return alarmAnalysisOf(app.db, q, filters, app.appConfig.now().getTime());
}

const analyse = (app: FastifyInstance, token: string, range: object) =>
  askAnalysis<AlarmAnalysis>(app, token, ANALYSIS_API.alarm, range);

/** Entries of the day-partials cache (every kind). */
function kept(app: FastifyInstance) {
  return app.dayPartials.size;
}

// Now (the world's clock) is BASE + 1 day + 13 h 29 min: UTC days up to BASE + 1 day are closed.
// Every range is longer than 72 h (shorter ones are computed at once, without kept days).
const RANGES: Array<[string, AnalysisQueryInput]> = [
  [
    'whole UTC days (the list ends them at the day end)',
    { startTime: iso(BASE - 2 * D), endTime: iso(BASE + 2 * D - 1000) },
  ],
  [
    'UTC, a head and today, hourly',
    { startTime: iso(BASE - 3 * D + 5 * H + 7_000), endTime: iso(BASE + D + 20 * H), granularity: 'hour' },
  ],
  [
    'UTC, ends 23:59:59.000 not on whole days',
    { startTime: iso(BASE - 3 * D + 1), endTime: iso(BASE + D - 1000) },
  ],
  [
    'UTC, day buckets with a head',
    { startTime: iso(BASE - 3 * D + 3 * H), endTime: iso(BASE + D + 2 * H), granularity: 'day' },
  ],
  [
    'UTC+8 local days, today partial',
    { startTime: iso(BASE - 2 * D - 8 * H), endTime: iso(BASE + 2 * D - 8 * H - 1), utcOffset: 480 },
  ],
  [
    'UTC+8 hourly with a head',
    {
      startTime: iso(BASE - 2 * D + 2 * H),
      endTime: iso(BASE + D + 3 * H),
      utcOffset: 480,
      granularity: 'hour',
    },
  ],
  [
    'UTC-5 days',
    { startTime: iso(BASE - 3 * D + 5 * H), endTime: iso(BASE + D + 5 * H - 1), utcOffset: -300 },
  ],
  [
    'UTC+5:30 days',
    { startTime: iso(BASE - 2 * D - 5 * H - 30 * 60_000), endTime: iso(BASE + D + 12 * H), utcOffset: 330 },
  ],
];

describe.each(backends)('alarm analysis from kept days on %s', (backend) => {
  let w: AnalysisWorld;
  beforeAll(async () => {
    w = await analysisWorld(backend);
  }, 120_000);
  afterAll(async () => w?.close());

  it('answers made partly of kept days equal the answer computed at once, filters and authority too', async () => {
    const app = w.app;
    const r = w.refs;
    const filters: Filters[] = [{}, { sceneId: r.sceneA }, { factoryId: r.factoryB }, { areaId: r.areaA }];
    for (const [name, range] of RANGES) {
      for (const f of filters) {
        const q = { ...range, ...f };
        app.dayPartials.clear();
        const first = await analyse(app, w.admin, q);
        // Answered from days (longer than 72 h: shorter ranges are computed at once).
        expect(kept(app), name).toBeGreaterThan(0);
        expect(first, `${name} ${JSON.stringify(f)}`).toEqual(await cold(app, q));
        // The same days again, another range (another answer-cache key): from the kept days.
        const size = kept(app);
        const again = { ...q, endTime: iso(Date.parse(q.endTime) - 1) };
        expect(await analyse(app, w.admin, again), `${name} again`).toEqual(await cold(app, again));
        expect(kept(app), `${name}: nothing more kept`).toBe(size);
      }
    }
    expect(kept(app)).toBeGreaterThan(0);
    // An operator who sees scene A only: their own kept days, their own figures.
    for (const [name, range] of RANGES.slice(0, 5)) {
      const got = await analyse(app, w.limited, range);
      expect(got, name).toEqual(await cold(app, range, [r.sceneA]));
      expect(got.byScene.map((s) => s.sceneId)).toEqual([r.sceneA]);
    }
  });

  it('an ingest and a handling of an alarm of a kept day show in the next answer', async () => {
    const app = w.app;
    const range = RANGES[4]?.[1] as AnalysisQueryInput;
    const before = await analyse(app, w.admin, range);
    expect(kept(app)).toBeGreaterThan(0);
    // Ingested into a closed day (as the ingest does: rollups, then the day's partials dropped).
    await w.addAlarm({
      alarmTime: BASE - D + 3 * H,
      alarmState: 1,
      falsePositive: false,
      priority: 120003,
      sceneId: w.refs.sceneB,
      cameraId: w.refs.cameraB,
      algorithmId: w.refs.algoA,
      areaId: w.refs.areaB,
      factoryId: w.refs.factoryB,
    });
    const after = await analyse(app, w.admin, range);
    expect(after.total).toBe(before.total + 1);
    expect(after.untreated).toBe(before.untreated + 1);
    expect(after).toEqual(await cold(app, range));
    // Into the UTC head of the range (16:00–24:00 UTC before its first local midnight), kept too.
    await w.addAlarm({
      alarmTime: Date.parse(range.startTime) + 3 * H,
      alarmState: 4,
      falsePositive: false,
      priority: 120001,
      sceneId: w.refs.sceneA,
      cameraId: w.refs.cameraA,
      algorithmId: w.refs.algoB,
      areaId: w.refs.areaA,
      factoryId: w.refs.factoryA,
    });
    const headed = await analyse(app, w.admin, range);
    expect([headed.total, headed.untreated]).toEqual([after.total + 1, after.untreated + 1]);
    expect(headed).toEqual(await cold(app, range));
    // Handled through the API: untreated one fewer on that kept day.
    const open = w.alarms.find((a) => a.alarmState === 1 && a.alarmTime < BASE && a.alarmTime > BASE - D);
    if (!open) throw new Error('no open alarm on a kept day');
    const res = await w.call(ALARM_API.deal, { id: open.id, comment: '' });
    expect(res.statusCode, res.body.message).toBe(200);
    const handled = await analyse(app, w.admin, range);
    expect(handled.untreated).toBe(headed.untreated - 1);
    expect(handled).toEqual(await cold(app, range));
  });

  it('keeps both kinds of days: cleared, each loads again with the same answer', async () => {
    const app = w.app;
    const range = RANGES[4]?.[1] as AnalysisQueryInput;
    const answer = await analyse(app, w.admin, range);
    const all = kept(app);
    app.dayPartials.clearKind(ALARM_UTC_DAYS);
    const withoutUtc = kept(app);
    expect(withoutUtc).toBeLessThan(all);
    app.dayPartials.clearKind(ALARM_DAYS);
    expect(kept(app)).toBeLessThan(withoutUtc);
    const again = { ...range, endTime: iso(Date.parse(range.endTime) - 2) };
    expect(await analyse(app, w.admin, again)).toEqual(answer);
    expect(kept(app)).toBeGreaterThan(0);
  });
});

describe.runIf(twoInstancesAvailable)(
  'alarm analysis from kept days on two instances (PostgreSQL + Redis)',
  () => {
    // No whole-answer cache: only the kept days could answer stale figures.
    const w = useTwoInstances({ alarmCountCacheMs: 0 });

    it("handling an alarm on one instance changes the other's kept day when its event arrives", async () => {
      const { one, two, adminOne, adminTwo } = w;
      const r = await createTestRefs(one);
      const day = Date.parse('2024-05-01T00:00:00Z');
      await insertTestAlarm(one, {
        sceneId: r.sceneA,
        cameraId: r.cameraA,
        alarmState: 2,
        alarmTime: new Date(day + 8 * H),
      });
      const open = await insertTestAlarm(one, {
        sceneId: r.sceneA,
        cameraId: r.cameraB,
        alarmState: 1,
        alarmTime: new Date(day + 9 * H),
      });
      const range = {
        startTime: iso(day - 2 * D - 8 * H),
        endTime: iso(day + 2 * D - 8 * H - 1),
        utcOffset: 480,
      };
      const first = await analyse(two, adminTwo, range);
      expect([first.total, first.untreated]).toEqual([2, 1]);
      expect(two.dayPartials.size).toBeGreaterThan(0);

      const res = await one.inject({
        method: 'POST',
        url: ALARM_API.deal,
        headers: { token: adminOne, lang: 'en' },
        payload: { id: open.id, comment: '' },
      });
      expect(res.statusCode).toBe(200);
      await expect
        .poll(async () => (await analyse(two, adminTwo, range)).untreated, { timeout: 5_000 })
        .toBe(0);
      expect(await analyse(two, adminTwo, range)).toEqual(await cold(two, range));
    });
  },
);
