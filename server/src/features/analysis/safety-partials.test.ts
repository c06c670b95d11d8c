import { ANALYSIS_API, analysisQuery, type SafetyAnalysis, SCENE_API } from '@sentinel/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VisibleScenes } from '../../platform/scene-authority.ts';
import { backends } from '../../test/helpers.ts';
import { BASE, H, type HandlingWorld, handlingWorld, iso, reportLateRun } from './handling-test-support.ts';
import { safetyAnalysisOf } from './safety-repo.ts';

// The safety analysis answers whole closed days from partials kept in memory
// (platform/day-partials.ts): an answer made partly of kept days must be the one computed cold,
// and a run reported into a kept day must show in the next answer.
const D = 24 * H;

/** The answer computed cold: every part of the range read from the runs and alarms, no kept day. */
async function cold(
  app: FastifyInstance,
  range: object,
  scenes: VisibleScenes = 'all',
): Promise<SafetyAnalysis> {
  return safetyAnalysisOf(app.db, analysisQuery.parse({ utcOffset: 0, ...range }), scenes);
}

describe.each(backends)('safety analysis from kept days on %s', (backend) => {
  let w: HandlingWorld;
  beforeAll(async () => {
    w = await handlingWorld(backend);
  }, 60_000);
  afterAll(async () => w?.close());

  const analyse = async (range: object, token?: string) => {
    const res = await w.call<SafetyAnalysis>(ANALYSIS_API.safety, range, { token });
    expect(res.statusCode, res.body.message).toBe(200);
    return res.body.data;
  };

  it('a range answered partly from kept days equals the answer computed cold (offsets, filters, authority)', async () => {
    const app = w.h.app;
    // Now is BASE + 30 h: the days up to BASE are closed, BASE + 1 day is today (live).
    const wide = { startTime: iso(BASE - 3 * D), endTime: iso(BASE + 2 * D - 1) };
    const first = await analyse(wide);
    expect(first).toEqual(await cold(app, wide));
    // r6 (the evening before) and the six runs of BASE's day.
    expect(first.runs).toBe(7);
    expect(first.violationsByType.length).toBeGreaterThan(0);
    const kept = app.dayPartials.size;
    expect(kept).toBe(4);
    for (const range of [
      { startTime: iso(BASE - D + 5 * H), endTime: iso(BASE + 30 * H) },
      { startTime: iso(BASE - 3 * H), endTime: iso(BASE + 24 * H - 1) },
      { startTime: iso(BASE), endTime: iso(BASE + 24 * H - 1), granularity: 'day' },
      { ...wide, sceneId: w.refs.sceneB },
      { ...wide, factoryId: w.refs.factoryB },
      { ...wide, areaId: w.refs.areaA },
    ]) {
      expect(await analyse(range)).toEqual(await cold(app, range));
    }
    // A viewer in UTC+8 has other midnights: its own days, the same figures as cold.
    const east = { startTime: iso(BASE - 3 * D - 8 * H), endTime: iso(BASE + 16 * H - 1), utcOffset: 480 };
    const answer = await analyse(east);
    expect(answer).toEqual(await cold(app, east));
    expect(answer.runs).toBeGreaterThan(0);
    // An account limited to scene A: its own kept days, scene B left out.
    const limited = await analyse(wide, w.tokens.limited);
    expect(limited).toEqual(await cold(app, wide, [w.refs.sceneA]));
    expect(limited.byScene.map((s) => s.sceneId)).toEqual([w.refs.sceneA]);
    expect(limited.runs).toBeLessThan(first.runs);
  });

  it('a run reported with a start in a kept day shows in the next answer', async () => {
    const app = w.h.app;
    const range = { startTime: iso(BASE - 3 * D), endTime: iso(BASE + 2 * D - 1) };
    const before = await analyse(range);
    expect(app.dayPartials.size).toBeGreaterThan(0);
    const res = await reportLateRun(w);
    expect(res.statusCode, res.body).toBe(200);
    const after = await analyse(range);
    expect(after.runs).toBe(before.runs + 1);
    expect(after.byOutcome.find((o) => o.state === 3)?.count).toBe(
      (before.byOutcome.find((o) => o.state === 3)?.count ?? 0) + 1,
    );
    expect(after).toEqual(await cold(app, range));
  });

  it('deleting a scene (its runs and alarms lose it, with no event) shows in the next answer', async () => {
    const app = w.h.app;
    const range = { startTime: iso(BASE - 3 * D), endTime: iso(BASE + 2 * D - 1) };
    // Past the whole-answer cache: the kept days answer.
    const kept = () =>
      safetyAnalysisOf(app.db, analysisQuery.parse({ utcOffset: 0, ...range }), 'all', {
        partials: app.dayPartials,
        now: app.appConfig.now().getTime(),
      });
    const before = await kept();
    expect(app.dayPartials.size).toBeGreaterThan(0);
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
