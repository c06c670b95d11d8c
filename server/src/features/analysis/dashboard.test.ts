import {
  ALARM_API,
  ANALYSIS_API,
  type DashboardSummary,
  type Envelope,
  type HeatStrip,
  JOB_RUN_API,
} from '@sentinel/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, camera, sceneCamera } from '../../db/schema/index.ts';
import { backends } from '../../test/helpers.ts';
import { DEVICE_FIGURES_CACHE_MS } from './dashboard-routes.ts';
import {
  type AlarmModel,
  type AnalysisWorld,
  analysisWorld,
  BASE,
  D,
  H,
  inRange,
  iso,
} from './test-support.ts';

/** "Today" as a browser in UTC+8 sees it at the world's clock, and the UTC day. */
const TODAY_UTC8 = { startTime: iso(BASE + D - 8 * H), endTime: iso(BASE + 2 * D - 8 * H - 1) };
const TODAY_UTC = { startTime: iso(BASE + D), endTime: iso(BASE + 2 * D - 1) };

describe.each(backends)('home figures and heat strip on %s', (backend) => {
  let w: AnalysisWorld;
  let engineKey: string;
  let extraCamera: number;

  beforeAll(async () => {
    w = await analysisWorld(backend);
    const r = w.refs;
    // Camera A (online) shows scene A, camera B (offline) scene B, one more camera (online) no scene.
    await w.app.db.insert(sceneCamera).values([
      { sceneId: r.sceneA, cameraId: r.cameraA },
      { sceneId: r.sceneB, cameraId: r.cameraB },
    ]);
    await w.app.db.update(camera).set({ online: true }).where(eq(camera.id, r.cameraA));
    const [extra] = await w.app.db
      .insert(camera)
      .values({ name: 'loose', code: `LOOSE-${Date.now()}`, online: true })
      .returning({ id: camera.id });
    extraCamera = extra?.id ?? 0;
    const engine = await w.call<{ key: string }>(ALARM_API.engines, { name: 'home-engine' });
    engineKey = engine.body.data.key;
  }, 120_000);
  afterAll(async () => {
    await w?.close();
  });

  const summary = async (range: object, token?: string) => {
    const res = await w.call<DashboardSummary>(ANALYSIS_API.dashboard, range, { token });
    expect(res.statusCode, res.body.message).toBe(200);
    return res.body.data;
  };
  const reportRun = async (runId: string, sceneId: number, state: number) => {
    const res = await w.app.inject({
      method: 'POST',
      url: JOB_RUN_API.ingest,
      headers: { 'x-engine-key': engineKey },
      payload: { runId, sceneId, state },
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  const approveCount = async (token?: string) => {
    const res = await w.app.inject({
      method: 'GET',
      url: ALARM_API.approveCount,
      headers: { token: token ?? w.admin },
    });
    return (res.json() as Envelope<number>).data;
  };

  /** The figures against hand counts and the History alarms list's counts (and the approval count). */
  async function checkSummary(
    range: { startTime: string; endTime: string },
    visible: (a: AlarmModel) => boolean,
    token?: string,
  ) {
    const got = await summary(range, token);
    const today = inRange(w.alarms, range.startTime, range.endTime).filter(visible);
    const processed = today.filter((a) => a.alarmState === 2 || a.alarmState === 3);
    const all = w.alarms.filter(visible);
    expect(got.todayAlarms).toBe(today.length);
    expect(got.todayAlarms).toBe(await w.listCount(range, token));
    expect(got.todayFalsePositive).toBe(today.filter((a) => a.falsePositive).length);
    expect(got.todayFalsePositive).toBe(await w.listCount({ ...range, falsePositive: true }, token));
    const processedFalse = processed.filter((a) => a.falsePositive).length;
    expect(got.falsePositiveRate).toBeCloseTo(processed.length ? processedFalse / processed.length : 0, 10);
    expect(processed.length).toBe(await w.listCount({ ...range, status: 'processed' }, token));
    expect(got.untreated).toBe(all.filter((a) => a.alarmState === 1 || a.alarmState === 4).length);
    expect(got.untreated).toBe(await w.listCount({ status: 'untreated' }, token));
    expect(got.awaitingApproval).toBe(all.filter((a) => a.alarmState === 4).length);
    expect(got.awaitingApproval).toBe(await approveCount(token));
    return got;
  }

  it("counts today's alarms, false positives and the open ones as the list does", async () => {
    for (const range of [TODAY_UTC8, TODAY_UTC]) {
      const got = await checkSummary(range, () => true);
      expect(got.todayAlarms).toBeGreaterThan(10);
      expect(got.falsePositiveRate).toBeGreaterThan(0);
    }
  });

  it('counts cameras and running jobs; a limited account sees only its scenes', async () => {
    const r = w.refs;
    await reportRun('run-a', r.sceneA, 1);
    await reportRun('run-b', r.sceneB, 1);
    await reportRun('run-a-done', r.sceneA, 2);
    const all = await summary(TODAY_UTC8);
    const cameras = await w.app.db.select({ online: camera.online }).from(camera);
    expect(all.camerasOnline).toBe(cameras.filter((c) => c.online).length);
    expect(all.camerasOffline).toBe(cameras.filter((c) => !c.online).length);
    expect(all.camerasOnline).toBeGreaterThanOrEqual(2); // camera A and the loose one
    expect(all.jobsRunning).toBe(2);

    const sceneA = (a: AlarmModel) => a.sceneId === r.sceneA;
    const limited = await checkSummary(TODAY_UTC8, sceneA, w.limited);
    expect(limited).toMatchObject({ camerasOnline: 1, camerasOffline: 0, jobsRunning: 1 });
    expect(limited.todayAlarms).toBeLessThan(all.todayAlarms);
    expect(limited.untreated).toBeLessThan(all.untreated);
    expect(extraCamera).toBeGreaterThan(0);
  });

  it('follows an ingest and a handling at once, a job run change at once, a camera within seconds', async () => {
    const r = w.refs;
    const before = await summary(TODAY_UTC8);
    const added = await w.addAlarm({
      alarmTime: w.clock.t - 60_000,
      alarmState: 1,
      falsePositive: false,
      priority: 120004,
      sceneId: r.sceneA,
      cameraId: r.cameraA,
      algorithmId: r.algoA,
      areaId: r.areaA,
      factoryId: r.factoryA,
    });
    const after = await checkSummary(TODAY_UTC8, () => true);
    expect(after.todayAlarms).toBe(before.todayAlarms + 1);
    expect(after.untreated).toBe(before.untreated + 1);

    const dealt = await w.call(ALARM_API.deal, { id: added.id, comment: '' });
    expect(dealt.statusCode).toBe(200);
    added.alarmState = 2;
    const handled = await checkSummary(TODAY_UTC8, () => true);
    expect(handled.untreated).toBe(before.untreated);

    await reportRun('run-a', r.sceneA, 2);
    expect((await summary(TODAY_UTC8)).jobsRunning).toBe(before.jobsRunning - 1);

    await w.app.db.update(camera).set({ online: false }).where(eq(camera.id, extraCamera));
    w.clock.t += DEVICE_FIGURES_CACHE_MS + 1;
    const later = await summary(TODAY_UTC8);
    expect(later.camerasOnline).toBe(before.camerasOnline - 1);
    expect(later.camerasOffline).toBe(before.camerasOffline + 1);
  });

  /** Hand count of the heat strip: 24 hours ending with the hour of `end`, per hour × priority. */
  function handHeat(end: number, visible: (a: AlarmModel) => boolean): HeatStrip {
    const last = Math.floor(end / H) * H;
    const hours = Array.from({ length: 24 }, (_, i) => last - (23 - i) * H);
    const cells = new Map<string, { hour: string; priority: number; count: number }>();
    for (const a of w.alarms.filter(visible)) {
      const hour = Math.floor(a.alarmTime / H) * H;
      if (hour < last - 23 * H || hour > last) continue;
      const k = `${hour}/${a.priority}`;
      const cell = cells.get(k) ?? { hour: iso(hour), priority: a.priority, count: 0 };
      cell.count++;
      cells.set(k, cell);
    }
    return {
      hours: hours.map(iso),
      cells: [...cells.values()].sort((a, b) => a.hour.localeCompare(b.hour) || a.priority - b.priority),
    };
  }

  it('heat strip: the 24 whole hours up to now (the current hour included), per level', async () => {
    const r = w.refs;
    await w.addAlarm({
      alarmTime: w.clock.t - 1000,
      alarmState: 1,
      falsePositive: false,
      priority: 120003,
      sceneId: r.sceneB,
      cameraId: r.cameraB,
      algorithmId: r.algoB,
      areaId: r.areaB,
      factoryId: r.factoryB,
    });
    const now = await w.call<HeatStrip>(ANALYSIS_API.heat, {});
    expect(now.statusCode).toBe(200);
    const expected = handHeat(w.clock.t, () => true);
    expect(now.body.data).toEqual(expected);
    expect(now.body.data.cells.some((c) => c.hour === expected.hours[23])).toBe(true);
    expect(now.body.data.cells.reduce((n, c) => n + c.count, 0)).toBeGreaterThan(20);

    const end = BASE + 5 * H + 30 * 60_000;
    const earlier = await w.call<HeatStrip>(ANALYSIS_API.heat, { endTime: iso(end) });
    expect(earlier.body.data).toEqual(handHeat(end, () => true));
    // Each cell is the list's count for that hour and level.
    for (const cell of earlier.body.data.cells.slice(0, 6)) {
      const start = Date.parse(cell.hour);
      const count = await w.listCount({
        startTime: cell.hour,
        endTime: iso(start + H - 1),
        priority: cell.priority,
      });
      expect(count).toBe(cell.count);
    }

    const limited = await w.call<HeatStrip>(ANALYSIS_API.heat, { endTime: iso(end) }, { token: w.limited });
    expect(limited.body.data).toEqual(handHeat(end, (a) => a.sceneId === r.sceneA));
    expect(limited.body.data.cells.length).toBeLessThan(earlier.body.data.cells.length);
  });

  it('are reads: no audit entry for the home or the alarm analysis', async () => {
    await summary(TODAY_UTC8);
    await w.call(ANALYSIS_API.heat, {});
    await w.call(ANALYSIS_API.alarm, TODAY_UTC8);
    const rows = await w.app.db.select({ action: auditLog.action }).from(auditLog);
    const reads = rows.filter((r) => /dashboard|analysis/.test(r.action));
    expect(reads).toEqual([]);
  });

  it('refuses a bad range', async () => {
    const half = await w.call(ANALYSIS_API.dashboard, { endTime: iso(BASE) }, { lang: 'zh-CN' });
    expect(half.statusCode).toBe(400);
    expect(half.body.message).toBe('请选择开始时间和截止时间!');
    const reversed = await w.call(ANALYSIS_API.dashboard, { startTime: iso(BASE), endTime: iso(BASE - 1) });
    expect(reversed.statusCode).toBe(400);
    const badEnd = await w.call(ANALYSIS_API.heat, { endTime: 'now' });
    expect(badEnd.statusCode).toBe(400);
  });
});
