import { type AlarmAnalysis, ANALYSIS_API, type AnalysisQueryInput, translate } from '@sentinel/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../../test/helpers.ts';
import {
  type AlarmModel,
  type AnalysisWorld,
  analysisWorld,
  BASE,
  countBy,
  D,
  H,
  inRange,
  iso,
} from './test-support.ts';

type Filters = { sceneId?: number; factoryId?: number; areaId?: number };

/** Bucket start of `t` (buckets of `size` ms on the viewer's offset, minutes east of UTC). */
const bucketOf = (t: number, size: number, offsetMin: number) =>
  Math.floor((t + offsetMin * 60_000) / size) * size - offsetMin * 60_000;

/** End (exclusive) of a range as the list counts it: whole UTC days run through the day's end. */
const effectiveEnd = (start: number, end: number) =>
  start % D === 0 && end % D >= D - 1000 ? Math.floor(end / D) * D + D : end + 1;

const RANGES: Record<string, AnalysisQueryInput> = {
  // Whole UTC days ending 23:59:59: the list's daily rollup, through the day's last millisecond.
  'two whole UTC days': { startTime: iso(BASE - D), endTime: iso(BASE + D - 1000) },
  // Uneven edges, hourly trend (< 72 h); the alarm at 23:59:59.5 falls outside.
  'uneven hours': { startTime: iso(BASE - D + 5 * H + 13 * 60_000 + 5_000), endTime: iso(BASE + D - 1000) },
  // Four days on the viewer's midnight in UTC+8: day buckets, not on UTC days.
  'four local days (UTC+8)': {
    startTime: iso(BASE - 2 * D - 8 * H),
    endTime: iso(BASE + 2 * D - 8 * H - 1),
    utcOffset: 480,
  },
  // UTC+5:30: every hour bucket straddles two UTC hours (counted on the alarms themselves).
  'hours in UTC+5:30': {
    startTime: iso(BASE - 10 * H + 7 * 60_000),
    endTime: iso(BASE + 20 * H),
    utcOffset: 330,
    granularity: 'hour',
  },
  'days in UTC+5:30': {
    startTime: iso(BASE - 2 * D - 5 * H - 30 * 60_000),
    endTime: iso(BASE + D + 12 * H),
    utcOffset: 330,
  },
};

describe.each(backends)('alarm analysis on %s', (backend) => {
  let w: AnalysisWorld;
  beforeAll(async () => {
    w = await analysisWorld(backend);
  }, 120_000);
  afterAll(async () => {
    await w?.close();
  });

  const analyse = async (query: AnalysisQueryInput, token?: string) => {
    const res = await w.call<AlarmAnalysis>(ANALYSIS_API.alarm, query, { token });
    expect(res.statusCode, res.body.message).toBe(200);
    return res.body.data;
  };

  /** Every figure against a hand count over the model and the list's `count` for the same filter. */
  async function checkAll(
    query: AnalysisQueryInput,
    filters: Filters,
    visible: (a: AlarmModel) => boolean,
    token?: string,
  ) {
    const q = { ...query, ...filters };
    const got = await analyse(q, token);
    const sel = inRange(w.alarms, query.startTime, query.endTime).filter(
      (a) =>
        visible(a) &&
        (filters.sceneId === undefined || a.sceneId === filters.sceneId) &&
        (filters.factoryId === undefined || a.factoryId === filters.factoryId) &&
        (filters.areaId === undefined || a.areaId === filters.areaId),
    );
    const list = (extra: object) =>
      w.listCount({ startTime: query.startTime, endTime: query.endTime, ...filters, ...extra }, token);

    expect(got.total).toBe(sel.length);
    expect(await list({})).toBe(got.total);
    expect(got.untreated).toBe(sel.filter((a) => a.alarmState === 1 || a.alarmState === 4).length);
    expect(await list({ status: 'untreated' })).toBe(got.untreated);
    expect(got.falsePositive).toBe(sel.filter((a) => a.falsePositive).length);
    expect(await list({ falsePositive: true })).toBe(got.falsePositive);

    const levels = countBy(sel, 'priority');
    expect(got.byLevel).toEqual(
      [...levels.entries()]
        .map(([p, count]) => ({ priority: Number(p), count }))
        .sort((a, b) => a.priority - b.priority),
    );
    for (const l of got.byLevel) expect(await list({ priority: l.priority })).toBe(l.count);

    const scenes = countBy(sel, 'sceneId');
    expect(got.byScene.map((s) => [String(s.sceneId), s.count]).sort()).toEqual([...scenes.entries()].sort());
    for (const s of got.byScene)
      if (s.sceneId !== null) expect(await list({ sceneId: s.sceneId })).toBe(s.count);

    const types = countBy(sel, 'algorithmId');
    expect(got.byType.map((t) => [String(t.algorithmId), t.count]).sort()).toEqual(
      [...types.entries()].sort(),
    );
    for (const t of got.byType) {
      if (t.algorithmId === null) expect(t.name).toBe('');
      else expect(await list({ algorithmId: t.algorithmId })).toBe(t.count);
    }

    const areas = new Map<string, number>();
    for (const a of sel)
      areas.set(`${a.areaId}/${a.factoryId}`, (areas.get(`${a.areaId}/${a.factoryId}`) ?? 0) + 1);
    expect(got.byArea.map((a) => [`${a.areaId}/${a.factoryId}`, a.count]).sort()).toEqual(
      [...areas.entries()].sort(),
    );
    for (const a of got.byArea) {
      if (a.areaId === null) continue;
      expect(a.name).toBe(a.areaId === w.refs.areaA ? '区域A' : '区域B');
      expect(a.factoryName).not.toBe('');
      expect(await list({ areaId: a.areaId })).toBe(a.count);
    }

    const cameras = countBy(sel, 'cameraId');
    expect(got.topCameras.map((c) => [String(c.cameraId), c.count]).sort()).toEqual(
      [...cameras.entries()].sort(),
    );
    for (const c of got.topCameras)
      if (c.cameraId !== null) expect(await list({ cameraId: c.cameraId })).toBe(c.count);
    // Sorted by count, most first.
    for (const l of [got.byScene, got.byType, got.byArea, got.topCameras])
      for (let i = 1; i < l.length; i++)
        expect(l[i - 1]?.count ?? 0).toBeGreaterThanOrEqual(l[i]?.count ?? 0);

    return { got, sel };
  }

  /** The trend: every bucket of the range, each equal to a hand count and the list's count over it. */
  async function checkTrend(
    query: AnalysisQueryInput,
    expected: 'hour' | 'day',
    got: AlarmAnalysis,
    sel: AlarmModel[],
    token?: string,
  ) {
    expect(got.granularity).toBe(expected);
    const size = expected === 'hour' ? H : D;
    const off = Number(query.utcOffset ?? 0);
    const start = Date.parse(query.startTime);
    const end = effectiveEnd(start, Date.parse(query.endTime));
    const buckets: number[] = [];
    for (let b = bucketOf(start, size, off); b <= bucketOf(end - 1, size, off); b += size) buckets.push(b);
    expect(got.trend.map((p) => p.time)).toEqual(buckets.map(iso));
    for (const [i, b] of buckets.entries()) {
      const hand = sel.filter((a) => bucketOf(a.alarmTime, size, off) === b).length;
      expect(got.trend[i]?.count, iso(b)).toBe(hand);
      const listed = await w.listCount(
        { startTime: iso(Math.max(b, start)), endTime: iso(Math.min(b + size, end) - 1) },
        token,
      );
      expect(listed, iso(b)).toBe(hand);
    }
    expect(got.trend.reduce((n, p) => n + p.count, 0)).toBe(got.total);
  }

  for (const [name, query] of Object.entries(RANGES)) {
    it(`${name}: every figure equals a hand count and the list's count`, async () => {
      const { got, sel } = await checkAll(query, {}, () => true);
      expect(got.total).toBeGreaterThan(20);
      const hours = (Date.parse(query.endTime) - Date.parse(query.startTime)) / H;
      await checkTrend(query, query.granularity ?? (hours <= 72 ? 'hour' : 'day'), got, sel);
    });

    it(`${name}: with a scene, a plant or an area filter`, async () => {
      const r = w.refs;
      for (const filters of [{ sceneId: r.sceneA }, { factoryId: r.factoryB }, { areaId: r.areaA }]) {
        const { got } = await checkAll(query, filters, () => true);
        expect(got.total).toBeGreaterThan(0);
      }
    });
  }

  it('scene authority hides the numbers of other scenes (and alarms of no scene)', async () => {
    const query = RANGES['uneven hours'] as AnalysisQueryInput;
    const sceneA = (a: AlarmModel) => a.sceneId === w.refs.sceneA;
    const { got } = await checkAll(query, {}, sceneA, w.limited);
    expect(got.byScene.map((s) => s.sceneId)).toEqual([w.refs.sceneA]);
    const all = await analyse(query);
    expect(all.total).toBeGreaterThan(got.total);
    await checkAll(query, { areaId: w.refs.areaB }, sceneA, w.limited).then(({ got: b }) =>
      expect(b.total).toBe(0),
    );
    const day = RANGES['two whole UTC days'] as AnalysisQueryInput;
    const { got: whole } = await checkAll(day, {}, sceneA, w.limited);
    await checkTrend(
      day,
      'hour',
      whole,
      inRange(w.alarms, day.startTime, day.endTime).filter(sceneA),
      w.limited,
    );
  });

  it('a scene that is not visible or does not exist answers 400 analysis.unknownScene', async () => {
    const query = RANGES['uneven hours'] as AnalysisQueryInput;
    for (const [sceneId, token] of [
      [w.refs.sceneB, w.limited],
      [999_999, w.admin],
    ] as const) {
      const res = await w.call(ANALYSIS_API.alarm, { ...query, sceneId }, { token });
      expect(res.statusCode).toBe(400);
      expect(res.body.message).toBe('The scene does not exist');
    }
    const zh = await w.call(ANALYSIS_API.alarm, { ...query, sceneId: 999_999 }, { lang: 'zh-CN' });
    expect(zh.body.message).toBe('场景不存在');
  });

  it('refuses a missing or half range, an end before the start and more than 366 days', async () => {
    const start = iso(BASE);
    const cases: [object, string][] = [
      [{}, '请选择开始时间和截止时间!'],
      [{ startTime: start }, '请选择开始时间和截止时间!'],
      [{ endTime: start }, '请选择开始时间和截止时间!'],
      [{ startTime: 'yesterday', endTime: start }, '请选择开始时间和截止时间!'],
    ];
    for (const [body, message] of cases) {
      const res = await w.call(ANALYSIS_API.alarm, body, { lang: 'zh-CN' });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toBe(message);
    }
    const before = await w.call(ANALYSIS_API.alarm, { startTime: start, endTime: iso(BASE - 1000) });
    expect(before.statusCode).toBe(400);
    expect(before.body.message).toBe(translate('time.endBeforeStart', 'en'));
    const long = await w.call(ANALYSIS_API.alarm, { startTime: start, endTime: iso(BASE + 367 * D) });
    expect(long.statusCode).toBe(400);
    expect(long.body.message).toBe('The range can be at most 366 days');
    const justRight = await w.call(ANALYSIS_API.alarm, { startTime: start, endTime: iso(BASE + 366 * D) });
    expect(justRight.statusCode).toBe(200);
    for (const path of [ANALYSIS_API.dashboard]) {
      const res = await w.call(path, { startTime: start }, { lang: 'zh-CN' });
      expect(res.statusCode).toBe(400);
      expect(res.body.message).toBe('请选择开始时间和截止时间!');
    }
  });
});
