import {
  type AlarmAnalysis,
  ANALYSIS_API,
  analysisQuery,
  DUTY_ROSTER_API,
  type EfficiencyAnalysis,
  JOB_RUN_API,
  type RetentionSettings,
  type SafetyAnalysis,
  SCOPE_API,
} from '@sentinel/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DayPartialKind } from '../../platform/day-partial-kind.ts';
import { backends, createAccount } from '../../test/helpers.ts';
import { twoInstancesAvailable, useTwoInstances } from '../../test/two-instances.ts';
import { LIST_TOTAL } from '../alarms/list-total.ts';
import { bumpDayCounters, createTestRefs, insertTestAlarm } from '../alarms/test-support.ts';
import { createEngine } from '../engines/routes.ts';
import { runDataRetention } from '../scope/index.ts';
import { alarmAnalysisOf } from './alarm-analysis.ts';
import { ALARM_DAYS, ALARM_UTC_DAYS } from './alarm-partials.ts';
import { EFFICIENCY_PARTIALS, efficiencyAnalysisOf } from './efficiency.ts';
import { BASE, H, type HandlingWorld, handlingWorld, iso, reportLateRun } from './handling-test-support.ts';
import { MINE_PARTIALS } from './my-statistics-repo.ts';
import { SAFETY_PARTIALS, safetyAnalysisOf } from './safety-repo.ts';
import { askAnalysis } from './test-support.ts';

// A change of past figures wholesale (a job run, the duty roster, a retention run) drops the kept
// days of the kinds that read what changed (platform/day-partials.ts sources) and keeps the
// others': the list's total after a job run is still summed from its kept days, not a cold
// grouped load, while the figures that depend on the change do change.
const D = 24 * H;

const KINDS: Record<string, DayPartialKind> = {
  listTotal: LIST_TOTAL,
  safety: SAFETY_PARTIALS,
  efficiency: EFFICIENCY_PARTIALS,
  mine: MINE_PARTIALS,
  alarmDays: ALARM_DAYS,
  alarmUtcDays: ALARM_UTC_DAYS,
};

/** Days kept per kind on an instance. */
const keptOf = (app: FastifyInstance) =>
  Object.fromEntries(Object.entries(KINDS).map(([name, kind]) => [name, app.dayPartials.sizeOf(kind)]));

describe.each(backends)('what a change drops of the kept days on %s', (backend) => {
  let w: HandlingWorld;
  beforeAll(async () => {
    w = await handlingWorld(backend);
  }, 60_000);
  afterAll(async () => w?.close());

  // Now is BASE + 30 h: the days up to BASE are closed (kept once asked).
  const range = { startTime: iso(BASE - 3 * D), endTime: iso(BASE + 2 * D - 1), utcOffset: 0 };
  const ask = <T>(url: string, extra: object = {}) =>
    askAnalysis<T>(w.h.app, w.tokens.admin, url, { ...range, ...extra });
  const listTotal = () => w.alarmCount({});
  /** Every figure, asked twice (as consoles do: the runs of days are kept on the second ask). */
  const askAll = async () => {
    for (let i = 0; i < 2; i++) {
      await listTotal();
      await ask(ANALYSIS_API.safety);
      await ask(ANALYSIS_API.efficiency);
      await ask(ANALYSIS_API.mine, { accountId: w.ids.op });
      await ask(ANALYSIS_API.alarm);
    }
    const kept = keptOf(w.h.app);
    for (const [name, n] of Object.entries(kept)) expect(n, name).toBeGreaterThan(0);
    return kept;
  };
  /**
   * The list's total answers from its kept days: a counter of a closed day changed behind the
   * caches' back (no alarm event) shows in the cold total, not in the list's. Ask it first after a
   * change (which cleared the cached answers).
   */
  const expectTotalFromKeptDays = async (total: number) => {
    const bumped = await bumpDayCounters(w.h.app, BASE, w.refs.sceneA, 5);
    try {
      expect(bumped).toBeGreaterThan(0);
      expect(await listTotal()).toBe(total);
    } finally {
      await bumpDayCounters(w.h.app, BASE, w.refs.sceneA, -5);
    }
  };
  const q = () => analysisQuery.parse(range);
  const now = () => w.h.app.appConfig.now().getTime();

  it('a job run reported into a kept day changes the safety figures and keeps every other kind', async () => {
    const kept = await askAll();
    const total = await listTotal();
    const safety = await ask<SafetyAnalysis>(ANALYSIS_API.safety);
    const efficiency = await ask<EfficiencyAnalysis>(ANALYSIS_API.efficiency);

    const res = await reportLateRun(w);
    expect(res.statusCode, res.body).toBe(200);
    expect(keptOf(w.h.app)).toEqual({ ...kept, safety: 0 });
    await expectTotalFromKeptDays(total);

    const safetyAfter = await ask<SafetyAnalysis>(ANALYSIS_API.safety);
    expect(safetyAfter.runs).toBe(safety.runs + 1);
    expect(safetyAfter).toEqual(await safetyAnalysisOf(w.h.app.db, q(), 'all'));
    expect(await ask<EfficiencyAnalysis>(ANALYSIS_API.efficiency)).toEqual(efficiency);
  });

  it('a roster change changes "handled on duty" and keeps the list total, safety and the alarm analysis', async () => {
    const kept = await askAll();
    const total = await listTotal();
    const before = await ask<EfficiencyAnalysis>(ANALYSIS_API.efficiency);
    expect(before.byDuty.find((d) => d.onDuty)?.count ?? 0).toBe(0);

    // op on scene A, BASE 00:00–03:30: the alarms op handled there are now handled on duty.
    const res = await w.call(DUTY_ROSTER_API.create, {
      accountId: w.ids.op,
      sceneIds: [w.refs.sceneA],
      kind: 'dated',
      startAt: iso(BASE),
      endAt: iso(BASE + 3.5 * H),
    });
    expect(res.statusCode, res.body.message).toBe(200);
    expect(keptOf(w.h.app)).toEqual({ ...kept, efficiency: 0 });
    await expectTotalFromKeptDays(total);

    const after = await ask<EfficiencyAnalysis>(ANALYSIS_API.efficiency);
    expect(after.byDuty.find((d) => d.onDuty)?.count).toBeGreaterThan(0);
    expect(after.overall).toEqual(before.overall);
    expect(after).toEqual(await efficiencyAnalysisOf(w.h.app.db, q(), 'all'));
  });

  /** Saves the retention settings with these changes. */
  const retain = async (changes: Partial<RetentionSettings>) => {
    const headers = { token: w.h.admin, lang: 'en' };
    const settings = await w.h.app.inject({ method: 'GET', url: SCOPE_API.retention, headers });
    expect(settings.statusCode, settings.body).toBe(200);
    const stored: RetentionSettings = settings.json().data;
    const res = await w.h.app.inject({
      method: 'PUT',
      url: SCOPE_API.retention,
      headers,
      payload: { ...stored, ...changes },
    });
    expect(res.statusCode, res.body).toBe(200);
  };

  it('a retention run that deletes job runs changes the safety figures and keeps every other kind', async () => {
    const kept = await askAll();
    const total = await listTotal();
    const safety = await ask<SafetyAnalysis>(ANALYSIS_API.safety);
    // One day of runs kept (the cutoff is BASE + 6 h), a year of alarms.
    await retain({ jobRuns: 1, alarms: 365, alarmImages: 365, alarmClips: 365 });
    const summary = await runDataRetention(w.h.app);
    expect(summary.jobRuns).toBeGreaterThan(0);
    expect(summary.alarms).toBe(0);
    expect(keptOf(w.h.app)).toEqual({ ...kept, safety: 0 });
    await expectTotalFromKeptDays(total);

    const safetyAfter = await ask<SafetyAnalysis>(ANALYSIS_API.safety);
    expect(safetyAfter.runs).toBeLessThan(safety.runs);
    expect(safetyAfter).toEqual(await safetyAnalysisOf(w.h.app.db, q(), 'all'));
  });

  it('a retention run that deletes alarms drops every kind reading them and keeps the list total (its counters stay)', async () => {
    const kept = await askAll();
    const total = await listTotal();
    const efficiency = await ask<EfficiencyAnalysis>(ANALYSIS_API.efficiency);
    await retain({ alarms: 1, alarmImages: 1, alarmClips: 1 });
    expect((await runDataRetention(w.h.app)).alarms).toBeGreaterThan(0);
    expect(keptOf(w.h.app)).toEqual({
      listTotal: kept.listTotal,
      safety: 0,
      efficiency: 0,
      mine: 0,
      alarmDays: 0,
      alarmUtcDays: 0,
    });
    await expectTotalFromKeptDays(total);

    const efficiencyAfter = await ask<EfficiencyAnalysis>(ANALYSIS_API.efficiency);
    expect(efficiencyAfter.overall.count).toBeLessThan(efficiency.overall.count);
    expect(efficiencyAfter).toEqual(await efficiencyAnalysisOf(w.h.app.db, q(), 'all'));
    expect(await ask<AlarmAnalysis>(ANALYSIS_API.alarm)).toEqual(
      await alarmAnalysisOf(w.h.app.db, q(), { scenes: 'all' }, now()),
    );
  });
});

describe.runIf(twoInstancesAvailable)('what a change drops of the kept days on two instances', () => {
  // No whole-answer cache: each answer on instance two is made from its kept days.
  const w = useTwoInstances({ alarmCountCacheMs: 0 });

  it('a job run or roster change on one instance drops only the kinds reading it on the other', async () => {
    const { one, two, adminOne, adminTwo } = w;
    const r = await createTestRefs(one);
    const operator = await createAccount(one, { roles: ['operator'] });
    // A closed day ten days ago: an alarm handled by the operator, a job run.
    const day = Math.floor(Date.now() / D) * D - 10 * D;
    await insertTestAlarm(one, {
      sceneId: r.sceneA,
      alarmState: 2,
      alarmTime: new Date(day + 8 * H),
      handleTime: new Date(day + 8 * H + 60_000),
      handlerId: operator.id,
    });
    const { key } = await createEngine(one.db, 'kept-days-engine');
    const report = async (runId: string) => {
      const res = await one.inject({
        method: 'POST',
        url: JOB_RUN_API.ingest,
        headers: { 'x-engine-key': key },
        payload: { runId, sceneId: r.sceneA, state: 2, startTime: iso(day + 7 * H) },
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    await report('first');
    const range = { startTime: iso(day - D), endTime: iso(day + 2 * D - 1), utcOffset: 0 };
    const onTwo = <T>(url: string) => askAnalysis<T>(two, adminTwo, url, range);
    const totalOnTwo = async () => {
      const res = await two.inject({
        method: 'POST',
        url: '/api/v2/backend/videoAlarmRecord/list',
        headers: { token: adminTwo, lang: 'en' },
        payload: { page: 1, limit: 10 },
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.count as number;
    };
    for (let i = 0; i < 2; i++) {
      expect(await totalOnTwo()).toBe(1);
      expect((await onTwo<SafetyAnalysis>(ANALYSIS_API.safety)).runs).toBe(1);
      const efficiency = await onTwo<EfficiencyAnalysis>(ANALYSIS_API.efficiency);
      expect(efficiency.overall.count).toBe(1);
      expect(efficiency.byDuty.find((d) => d.onDuty)?.count ?? 0).toBe(0);
    }
    const kept = keptOf(two);
    expect(kept.listTotal).toBeGreaterThan(0);
    expect(kept.safety).toBe(3);
    expect(kept.efficiency).toBe(3);
    /** Instance two's total from its kept days (a counter changed behind its back does not show). */
    const expectTotalFromKeptDays = async () => {
      const bumped = await bumpDayCounters(one, day, r.sceneA, 5);
      try {
        expect(bumped).toBeGreaterThan(0);
        expect(await totalOnTwo()).toBe(1);
      } finally {
        await bumpDayCounters(one, day, r.sceneA, -5);
      }
    };

    // A run reported on one: two's safety figures change once the event arrives; its list total
    // and efficiency keep their days.
    await report('second');
    await expect
      .poll(async () => (await onTwo<SafetyAnalysis>(ANALYSIS_API.safety)).runs, { timeout: 5_000 })
      .toBe(2);
    expect(keptOf(two)).toMatchObject({ listTotal: kept.listTotal, efficiency: kept.efficiency });
    await expectTotalFromKeptDays();

    // A shift covering the alarm, saved on one: two's "handled on duty" changes; its list total
    // and safety keep their days.
    const keptSafety = two.dayPartials.sizeOf(SAFETY_PARTIALS);
    const res = await one.inject({
      method: 'POST',
      url: DUTY_ROSTER_API.create,
      headers: { token: adminOne, lang: 'en' },
      payload: {
        accountId: operator.id,
        sceneIds: [r.sceneA],
        kind: 'dated',
        startAt: iso(day),
        endAt: iso(day + 12 * H),
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    await expect
      .poll(
        async () =>
          (await onTwo<EfficiencyAnalysis>(ANALYSIS_API.efficiency)).byDuty.find((d) => d.onDuty)?.count,
        { timeout: 5_000 },
      )
      .toBe(1);
    expect(keptOf(two)).toMatchObject({ listTotal: kept.listTotal, safety: keptSafety });
    await expectTotalFromKeptDays();
  });
});
