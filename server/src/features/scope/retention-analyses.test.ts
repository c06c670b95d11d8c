import {
  ANALYSIS_API,
  analysisQuery,
  type EfficiencyAnalysis,
  type MyStatistics,
  myStatisticsQuery,
  type RetentionSettings,
  type SafetyAnalysis,
  SCOPE_API,
} from '@sentinel/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../../test/helpers.ts';
import { twoInstancesAvailable, useTwoInstances } from '../../test/two-instances.ts';
import { createTestRefs, insertTestAlarm } from '../alarms/test-support.ts';
import { efficiencyAnalysisOf } from '../analysis/efficiency.ts';
import { BASE, H, type HandlingWorld, handlingWorld, iso } from '../analysis/handling-test-support.ts';
import { findAccount, myStatisticsOf } from '../analysis/my-statistics-repo.ts';
import { safetyAnalysisOf } from '../analysis/safety-repo.ts';
import { askAnalysis as analyse } from '../analysis/test-support.ts';
import { runDataRetention } from './index.ts';

// Retention deletes old alarms (with their timelines) and job runs: past days of every analysis
// change, so the kept day partials and cached answers must go — on every instance.
const D = 24 * H;

describe.each(backends)('retention and the analyses kept days on %s', (backend) => {
  let w: HandlingWorld;
  beforeAll(async () => {
    w = await handlingWorld(backend);
  }, 60_000);
  afterAll(async () => w?.close());

  it('a run that deletes alarms and job runs clears the kept days: the next answers are the cold ones', async () => {
    const app = w.h.app;
    // Now is BASE + 30 h: the days up to BASE are closed and kept once asked.
    const range = { startTime: iso(BASE - 3 * D), endTime: iso(BASE + 2 * D - 1), utcOffset: 0 };
    const token = w.tokens.admin;
    const mineOf = () =>
      analyse<MyStatistics>(app, token, ANALYSIS_API.mine, { ...range, accountId: w.ids.op });
    const safety = await analyse<SafetyAnalysis>(app, token, ANALYSIS_API.safety, range);
    const efficiency = await analyse<EfficiencyAnalysis>(app, token, ANALYSIS_API.efficiency, range);
    const mine = await mineOf();
    // Four closed days for each of the three analyses (the efficiency analysis may also share today).
    expect(app.dayPartials.size).toBeGreaterThanOrEqual(12);

    // One day kept: the cutoff is BASE + 6 h.
    const headers = { token: w.h.admin, lang: 'en' };
    const settings = await app.inject({ method: 'GET', url: SCOPE_API.retention, headers });
    expect(settings.statusCode, settings.body).toBe(200);
    const stored: RetentionSettings = settings.json().data;
    const res = await app.inject({
      method: 'PUT',
      url: SCOPE_API.retention,
      headers,
      payload: { ...stored, alarms: 1, alarmImages: 1, alarmClips: 1, jobRuns: 1 },
    });
    expect(res.statusCode, res.body).toBe(200);
    const summary = await runDataRetention(app);
    expect(summary.alarms).toBeGreaterThan(0);
    expect(summary.jobRuns).toBeGreaterThan(0);
    expect(app.dayPartials.size).toBe(0);

    const q = analysisQuery.parse(range);
    const safetyAfter = await analyse<SafetyAnalysis>(app, token, ANALYSIS_API.safety, range);
    expect(safetyAfter).toEqual(await safetyAnalysisOf(app.db, q, 'all'));
    expect(safetyAfter.runs).toBeLessThan(safety.runs);
    const efficiencyAfter = await analyse<EfficiencyAnalysis>(app, token, ANALYSIS_API.efficiency, range);
    expect(efficiencyAfter).toEqual(await efficiencyAnalysisOf(app.db, q, 'all'));
    expect(efficiencyAfter.overall.count).toBeLessThan(efficiency.overall.count);
    const who = await findAccount(app.db, w.ids.op);
    if (!who) throw new Error('op');
    const mineAfter = await mineOf();
    expect(mineAfter).toEqual(await myStatisticsOf(app.db, who, myStatisticsQuery.parse(range), 'all'));
    expect(mineAfter.handling.count).toBeLessThan(mine.handling.count);
  });
});

describe.runIf(twoInstancesAvailable)(
  'retention and the kept days on two instances (PostgreSQL + Redis)',
  () => {
    // No whole-answer cache: only the kept days could answer stale figures.
    const w = useTwoInstances({ alarmCountCacheMs: 0 });

    it("a retention run on one instance clears the other's kept days when its event arrives", async () => {
      const { one, two, adminTwo } = w;
      const r = await createTestRefs(one);
      // Older than the default year of alarms: the run deletes it.
      const day = Date.parse('2024-05-01T00:00:00Z');
      await insertTestAlarm(one, {
        sceneId: r.sceneA,
        alarmState: 2,
        alarmTime: new Date(day + 8 * H),
        handleTime: new Date(day + 8 * H + 60_000),
      });
      const range = { startTime: iso(day - D), endTime: iso(day + 2 * D - 1), utcOffset: 0 };
      const first = await analyse<EfficiencyAnalysis>(two, adminTwo, ANALYSIS_API.efficiency, range);
      expect(first.overall).toEqual({ count: 1, medianSeconds: 60, p90Seconds: 60 });
      expect(two.dayPartials.size).toBe(3);

      expect((await runDataRetention(one)).alarms).toBeGreaterThan(0);
      await expect
        .poll(
          async () =>
            (await analyse<EfficiencyAnalysis>(two, adminTwo, ANALYSIS_API.efficiency, range)).overall.count,
          { timeout: 5_000 },
        )
        .toBe(0);
    });
  },
);
