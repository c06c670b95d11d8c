import { ANALYSIS_API, JOB_RUN_API, type SafetyAnalysis, translate } from '@sentinel/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/index.ts';
import { backends } from '../../test/helpers.ts';
import { BASE, DAY_RANGE, H, type HandlingWorld, handlingWorld, iso, RUNS } from './handling-test-support.ts';

describe.each(backends)('safety analysis on %s', (backend) => {
  let w: HandlingWorld;
  beforeAll(async () => {
    w = await handlingWorld(backend);
  }, 60_000);
  afterAll(async () => w?.close());

  const analyse = async (query: object, token?: string) => {
    const res = await w.call<SafetyAnalysis>(ANALYSIS_API.safety, { ...DAY_RANGE, ...query }, { token });
    expect(res.statusCode, res.body.message).toBe(200);
    return res.body.data;
  };
  const runsOfDay = () => RUNS.filter((r) => r.start >= 0 && r.start < 24 * H);

  it('runs of the day by outcome (every state) = hand count = History tasks with the same range and state', async () => {
    const data = await analyse({});
    // r6 started the evening before: not counted.
    expect(data.runs).toBe(6);
    expect(data.runs).toBe(await w.runCount(DAY_RANGE));
    expect(data.byOutcome).toEqual([
      { state: 0, count: 1 },
      { state: 1, count: 1 },
      { state: 2, count: 2 },
      { state: 3, count: 1 },
      { state: 4, count: 1 },
    ]);
    for (const { state, count } of data.byOutcome) {
      expect(count).toBe(runsOfDay().filter((r) => r.state === state).length);
      expect(await w.runCount({ ...DAY_RANGE, state })).toBe(count);
    }
    // 2 normally completed of 4 finished.
    expect(data.safetyRate).toBe(0.5);
  });

  it('by scene: runs, outcomes, safety rate and alarms raised during runs = hand count = both lists', async () => {
    const data = await analyse({});
    expect(data.byScene.map((s) => s.sceneId)).toEqual([w.refs.sceneA, w.refs.sceneB]);
    const a = data.byScene[0];
    expect(a).toMatchObject({
      runs: 4,
      completed: 1,
      violated: 0,
      undetermined: 1,
      safetyRate: 0.5,
      violationAlarms: 1,
    });
    const b = data.byScene[1];
    expect(b).toMatchObject({
      runs: 2,
      completed: 1,
      violated: 1,
      undetermined: 0,
      safetyRate: 0.5,
      violationAlarms: 2,
    });
    expect(b?.name).toBe('脱硫巡检');
    for (const s of data.byScene) {
      const sceneId = s.sceneId ?? 0;
      const key = sceneId === w.refs.sceneA ? 'A' : 'B';
      const hand = runsOfDay().filter((r) => r.scene === key);
      expect(s.runs).toBe(hand.length);
      expect(await w.runCount({ ...DAY_RANGE, sceneId })).toBe(s.runs);
      expect(await w.runCount({ ...DAY_RANGE, sceneId, state: 2 })).toBe(s.completed);
      expect(await w.runCount({ ...DAY_RANGE, sceneId, state: 3 })).toBe(s.violated);
      expect(await w.runCount({ ...DAY_RANGE, sceneId, state: 4 })).toBe(s.undetermined);
      const alarms = w.alarms.filter((x) => x.inJob && x.sceneId === sceneId).length;
      expect(s.violationAlarms).toBe(alarms);
      expect(await w.alarmCount({ ...DAY_RANGE, sceneId, inJob: true })).toBe(s.violationAlarms);
    }
  });

  it('violations by type: alarms of the day raised during runs = History alarms inJob=true by algorithm', async () => {
    const data = await analyse({});
    const hand = (algorithmId: number) =>
      w.alarms.filter((x) => x.inJob && x.algorithmId === algorithmId).length;
    expect(data.violationsByType).toHaveLength(2);
    for (const t of data.violationsByType) {
      expect(t.count).toBe(hand(t.algorithmId ?? 0));
      expect(t.name).not.toBe('');
      expect(await w.alarmCount({ ...DAY_RANGE, inJob: true, algorithmId: t.algorithmId })).toBe(t.count);
    }
    expect(data.violationsByType.find((t) => t.algorithmId === w.refs.helmet)?.count).toBe(2);
  });

  it('riskiest scenes: by violated runs, then violation alarms; only scenes with any', async () => {
    const data = await analyse({});
    expect(data.riskiestScenes.map((s) => s.sceneId)).toEqual([w.refs.sceneB, w.refs.sceneA]);
    const quiet = await analyse({ startTime: iso(BASE + 13 * H), endTime: iso(BASE + 14 * H) });
    expect(quiet).toMatchObject({
      runs: 0,
      safetyRate: null,
      byScene: [],
      riskiestScenes: [],
      violationsByType: [],
    });
    expect(quiet.byOutcome.every((o) => o.count === 0)).toBe(true);
  });

  it('scene, area and plant filters', async () => {
    const b = await analyse({ sceneId: w.refs.sceneB });
    expect(b.runs).toBe(await w.runCount({ ...DAY_RANGE, sceneId: w.refs.sceneB }));
    expect(b.byScene.map((s) => s.sceneId)).toEqual([w.refs.sceneB]);
    expect((await analyse({ factoryId: w.refs.factoryB })).runs).toBe(2);
    expect((await analyse({ areaId: w.refs.areaA })).runs).toBe(4);
    expect((await analyse({ areaId: w.refs.areaB })).byScene.map((s) => s.sceneId)).toEqual([w.refs.sceneB]);
  });

  it('scene authority: a limited account counts its scenes only (as its History tasks do)', async () => {
    const data = await analyse({}, w.tokens.limited);
    expect(data.runs).toBe(4);
    expect(data.runs).toBe(await w.runCount(DAY_RANGE, w.tokens.limited));
    expect(data.byScene.map((s) => s.sceneId)).toEqual([w.refs.sceneA]);
    expect(data.violationsByType.reduce((n, t) => n + t.count, 0)).toBe(
      await w.alarmCount({ ...DAY_RANGE, inJob: true }, w.tokens.limited),
    );
    const hidden = await w.call(
      ANALYSIS_API.safety,
      { ...DAY_RANGE, sceneId: w.refs.sceneB },
      { token: w.tokens.limited },
    );
    expect(hidden.statusCode).toBe(400);
    expect(hidden.body.message).toBe(translate('analysis.unknownScene', 'en'));
  });

  it('bad ranges and unknown scenes answer 400 with their message', async () => {
    const bad = async (body: object, code: Parameters<typeof translate>[0]) => {
      const res = await w.call(ANALYSIS_API.safety, body, { lang: 'zh-CN' });
      expect(res.statusCode).toBe(400);
      expect(res.body.message).toBe(translate(code, 'zh-CN'));
    };
    await bad({ endTime: DAY_RANGE.endTime }, 'time.rangeRequired');
    await bad({ startTime: DAY_RANGE.endTime, endTime: DAY_RANGE.startTime }, 'time.endBeforeStart');
    await bad({ startTime: iso(BASE - 367 * 24 * H), endTime: iso(BASE) }, 'time.rangeTooLong');
    await bad({ ...DAY_RANGE, sceneId: 999_999 }, 'analysis.unknownScene');
    const res = await w.call(ANALYSIS_API.safety, {}, { lang: 'zh-CN' });
    expect(res.body.message).toBe('请选择开始时间和截止时间!');
  });

  it('safety, efficiency and my statistics are reads: no audit entry', async () => {
    const before = (await w.h.app.db.select({ id: auditLog.id }).from(auditLog)).length;
    await analyse({});
    for (const path of [ANALYSIS_API.efficiency, ANALYSIS_API.mine]) {
      expect((await w.call(path, DAY_RANGE)).statusCode).toBe(200);
    }
    const after = (await w.h.app.db.select({ id: auditLog.id }).from(auditLog)).length;
    expect(after).toBe(before);
  });

  // Last: it reports one more run.
  it('follows a run report at once (its cached answer is dropped)', async () => {
    const before = await analyse({});
    const res = await w.h.app.inject({
      method: 'POST',
      url: JOB_RUN_API.ingest,
      headers: { 'x-engine-key': w.engineKey },
      payload: { runId: 'r8', sceneId: w.refs.sceneA, state: 2, startTime: iso(BASE + 7 * H) },
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = await analyse({});
    expect(after.runs).toBe(before.runs + 1);
    expect(after.byOutcome.find((o) => o.state === 2)?.count).toBe(
      (before.byOutcome.find((o) => o.state === 2)?.count ?? 0) + 1,
    );
    expect(after.runs).toBe(await w.runCount(DAY_RANGE));
  });
});
