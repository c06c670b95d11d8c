import {
  type OutageListResult,
  RUNNING_EFFECT_API,
  type RunningEffect,
  type RunningEffectQueryInput,
  SELF_CHECK_CAMERAS_API,
  translate,
} from '@sentinel/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { camera } from '../../db/schema/index.ts';
import { cameraOutage } from '../../db/schema/self-check.ts';
import { backends, createAccount, login } from '../../test/helpers.ts';
import { type AnalysisWorld, analysisWorld, BASE, D, H, inRange, iso } from '../analysis/test-support.ts';

/**
 * Two whole UTC days (the second one is "yesterday" of the world's clock), ending at the last
 * millisecond as the browser's presets do (so every part counts the alarm at 23:59:59.5).
 */
const RANGE = { startTime: iso(BASE - D), endTime: iso(BASE + D - 1) };

describe.each(backends)('running effect on %s', (backend) => {
  let w: AnalysisWorld;
  let cameras = 0;
  beforeAll(async () => {
    w = await analysisWorld(backend);
    const { cameraA, cameraB } = w.refs;
    await w.app.db.insert(cameraOutage).values([
      // Before the range: not counted.
      {
        cameraId: cameraA,
        startedAt: new Date(BASE - 2 * D + H),
        endedAt: new Date(BASE - 2 * D + 2 * H),
        cause: 'stream',
        durationSeconds: 3600,
      },
      // One hour on the first day.
      {
        cameraId: cameraA,
        startedAt: new Date(BASE - D + 2 * H),
        endedAt: new Date(BASE - D + 3 * H),
        cause: 'stream',
        durationSeconds: 3600,
      },
      // Open since 10:00 of the second day (runs to now, past the range).
      { cameraId: cameraB, startedAt: new Date(BASE + 10 * H), cause: 'engine' },
    ]);
    cameras = (await w.app.db.select({ id: camera.id }).from(camera)).length;
  }, 120_000);
  afterAll(async () => {
    await w?.close();
  });

  const effect = async (query: RunningEffectQueryInput) => {
    const res = await w.call<RunningEffect>(RUNNING_EFFECT_API.query, query);
    expect(res.statusCode, res.body.message).toBe(200);
    return res.body.data;
  };

  it('counts the alarms per day as History alarms does, by hand and by the list', async () => {
    const got = await effect(RANGE);
    const mine = inRange(w.alarms, RANGE.startTime, RANGE.endTime);
    expect(got.alarms.total).toBe(mine.length);
    expect(got.alarms.total).toBe(await w.listCount(RANGE));
    expect(got.alarms.falsePositive).toBe(mine.filter((a) => a.falsePositive).length);
    expect(got.alarms.granularity).toBe('day');
    expect(got.alarms.trend.map((p) => p.time)).toEqual([iso(BASE - D), iso(BASE)]);
    for (const [i, point] of got.alarms.trend.entries()) {
      const day = { startTime: iso(BASE - D + i * D), endTime: iso(BASE + i * D - 1) };
      expect(point.count).toBe(inRange(w.alarms, day.startTime, day.endTime).length);
      expect(point.count).toBe(await w.listCount(day));
    }
  });

  it('gives the false-positive rate per algorithm and version, equal to the drilled list', async () => {
    const got = await effect(RANGE);
    const mine = inRange(w.alarms, RANGE.startTime, RANGE.endTime);
    for (const algorithmId of [w.refs.algoA, w.refs.algoB]) {
      const own = mine.filter((a) => a.algorithmId === algorithmId);
      const row = got.falsePositive.algorithms.find((r) => r.algorithmId === algorithmId);
      expect(row).toBeDefined();
      expect(row?.alarms).toBe(own.length);
      expect(row?.falsePositives).toBe(own.filter((a) => a.falsePositive).length);
      expect(row?.falsePositives).toBe(await w.listCount({ ...RANGE, algorithmId, falsePositive: true }));
      expect(row?.rate).toBeCloseTo((row?.falsePositives ?? 0) / own.length, 6);
      // The story's alarms predate any version: one version row (null) per algorithm.
      const versions = got.falsePositive.versions.filter((r) => r.algorithmId === algorithmId);
      expect(versions.reduce((s, v) => s + v.alarms, 0)).toBe(own.length);
    }
  });

  it('gives handling times of the processed alarms', async () => {
    const got = await effect(RANGE);
    const mine = inRange(w.alarms, RANGE.startTime, RANGE.endTime);
    expect(got.handling.overall.count).toBe(
      mine.filter((a) => a.alarmState === 2 || a.alarmState === 3).length,
    );
    expect(got.handling.overall.count).toBe(await w.listCount({ ...RANGE, status: 'processed' }));
  });

  it('gives camera availability and the outages the camera error log lists', async () => {
    const got = await effect(RANGE);
    expect(got.cameras.cameras).toBe(cameras);
    const list = await w.call<OutageListResult>(SELF_CHECK_CAMERAS_API.outages, {
      page: 1,
      limit: 10,
      ...RANGE,
    });
    expect(list.statusCode).toBe(200);
    expect(got.cameras.outages).toBe(2);
    expect(got.cameras.outages).toBe(list.body.data.count);
    // One hour on day one; 14 hours (10:00 to midnight) on day two.
    expect(got.cameras.trend.map((p) => [p.time, p.downSeconds, p.outages])).toEqual([
      [iso(BASE - D), 3600, 1],
      [iso(BASE), 14 * 3600, 1],
    ]);
    // Each day's outages are what the camera error log lists for that day (the page's drill-through).
    for (const [i, point] of got.cameras.trend.entries()) {
      const day = { startTime: iso(BASE - D + i * D), endTime: iso(BASE + i * D - 1) };
      const dayList = await w.call<OutageListResult>(SELF_CHECK_CAMERAS_API.outages, {
        page: 1,
        limit: 10,
        ...day,
      });
      expect(point.outages).toBe(dayList.body.data.count);
    }
    expect(got.cameras.downSeconds).toBe(15 * 3600);
    const observed = cameras * 2 * 86_400;
    expect(got.cameras.availability).toBeCloseTo((observed - 15 * 3600) / observed, 4);
    expect(got.cameras.trend[1]?.availability).toBeCloseTo(1 - (14 * 3600) / (cameras * 86_400), 4);
  });

  it('refuses a missing, reversed or too long range with the SPEC message', async () => {
    const bad: object[] = [
      {},
      { startTime: RANGE.startTime },
      { startTime: RANGE.endTime, endTime: RANGE.startTime },
      { startTime: iso(BASE - 400 * D), endTime: iso(BASE) },
    ];
    for (const payload of bad) {
      const res = await w.call(RUNNING_EFFECT_API.query, payload, { lang: 'zh-CN' });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    const missing = await w.call(RUNNING_EFFECT_API.query, { endTime: RANGE.endTime }, { lang: 'zh-CN' });
    expect(missing.body.message).toBe(translate('time.rangeRequired', 'zh-CN'));
    expect(missing.body.message).toBe('请选择开始时间和截止时间!');
  });

  it('is for administrators only', async () => {
    const res = await w.call(RUNNING_EFFECT_API.query, RANGE, { token: w.limited });
    expect(res.statusCode).toBe(403);
    const operator = await login(w.app, await createAccount(w.app, { roles: ['operator'] }));
    expect((await w.call(RUNNING_EFFECT_API.query, RANGE, { token: operator })).statusCode).toBe(403);
  });
});
