import { ANALYSIS_API, type EfficiencyAnalysis, translate } from '@sentinel/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../../test/helpers.ts';
import {
  type AlarmModel,
  BASE,
  DAY_RANGE,
  H,
  type HandlingWorld,
  handlingWorld,
  iso,
  percentile,
} from './handling-test-support.ts';

const DAY_END = BASE + 24 * H - 1;

describe.each(backends)('efficiency analysis on %s', (backend) => {
  let w: HandlingWorld;
  beforeAll(async () => {
    w = await handlingWorld(backend);
  }, 60_000);
  afterAll(async () => w?.close());

  const analyse = async (query: object, token?: string) => {
    const res = await w.call<EfficiencyAnalysis>(
      ANALYSIS_API.efficiency,
      { ...DAY_RANGE, ...query },
      { token },
    );
    expect(res.statusCode, res.body.message).toBe(200);
    return res.body.data;
  };
  const inDay = () => w.alarms.filter((a) => a.alarmTime >= BASE && a.alarmTime <= DAY_END);
  const processed = (list: AlarmModel[]) => list.filter((a) => a.state === 2 || a.state === 3);
  const closedAt = (a: AlarmModel) => a.handleTime ?? a.approveTime ?? 0;
  const seconds = (list: AlarmModel[]) => list.map((a) => (closedAt(a) - a.alarmTime) / 1000);
  const handStats = (list: AlarmModel[]) => ({
    count: list.length,
    medianSeconds: percentile(seconds(list), 0.5),
    p90Seconds: percentile(seconds(list), 0.9),
  });

  it('overall: processed alarms of the day, median and p90 from alarm to handling = hand count = History alarms (processed)', async () => {
    const data = await analyse({});
    // a1 60 s, a11 100, a3 120, a2 300, a4 600, a5 900 (closed by its approval), a8 1800, a13 14400
    expect(data.overall).toEqual({ count: 8, medianSeconds: 450, p90Seconds: 5580 });
    expect(data.overall).toEqual(handStats(processed(inDay())));
    expect(await w.alarmCount({ ...DAY_RANGE, status: 'processed' })).toBe(8);
  });

  it('by level, scene and handler: each group = hand count = the list with the same filters', async () => {
    const data = await analyse({});
    const mine = processed(inDay());
    expect(data.byLevel.map((l) => l.priority)).toEqual([...new Set(mine.map((a) => a.priority))].sort());
    for (const level of data.byLevel) {
      expect(level).toEqual({
        priority: level.priority,
        ...handStats(mine.filter((a) => a.priority === level.priority)),
      });
      expect(await w.alarmCount({ ...DAY_RANGE, status: 'processed', priority: level.priority })).toBe(
        level.count,
      );
    }
    expect(data.byScene.map((s) => s.sceneId).sort()).toEqual([w.refs.sceneA, w.refs.sceneB].sort());
    for (const s of data.byScene) {
      const hand = mine.filter((a) => a.sceneId === s.sceneId);
      expect(s).toMatchObject(handStats(hand));
      expect(s.name).not.toBe('');
      expect(await w.alarmCount({ ...DAY_RANGE, status: 'processed', sceneId: s.sceneId })).toBe(s.count);
    }
    const byHandler = Object.fromEntries(data.byHandler.map((x) => [String(x.handlerId), x]));
    expect(byHandler[String(w.ids.op)]).toMatchObject(handStats(mine.filter((a) => a.handler === 'op')));
    expect(byHandler[String(w.ids.op)]?.count).toBe(5);
    expect(byHandler[String(w.ids.op2)]).toMatchObject({ count: 2, medianSeconds: 7500, p90Seconds: 13020 });
    // a5 was processed by its approval: no handler.
    expect(byHandler.null).toMatchObject({ count: 1, medianSeconds: 900, name: '' });
    for (const who of ['op', 'op2'] as const) {
      const group = byHandler[String(w.ids[who])];
      expect(group?.name).not.toBe('');
      expect(await w.alarmCount({ ...DAY_RANGE, status: 'processed', handlerId: w.ids[who] })).toBe(
        group?.count,
      );
    }
  });

  it('approval turnaround: alarms of the day with an approval (a revoked one is not) = History alarms approved=true', async () => {
    const data = await analyse({});
    expect(data.approval).toEqual({ count: 1, medianSeconds: 900, p90Seconds: 900 });
    expect(await w.alarmCount({ ...DAY_RANGE, approved: true })).toBe(1);
  });

  it('false positives per algorithm = hand count = the list by algorithm (and falsePositive=true)', async () => {
    const data = await analyse({});
    const day = inDay();
    expect(data.falsePositiveByAlgorithm).toHaveLength(2);
    for (const algo of data.falsePositiveByAlgorithm) {
      const hand = day.filter((a) => a.algorithmId === algo.algorithmId);
      const fp = hand.filter((a) => a.falsePositive).length;
      expect(algo).toMatchObject({ total: hand.length, falsePositive: fp });
      expect(algo.share).toBeCloseTo(fp / hand.length, 4);
      expect(await w.alarmCount({ ...DAY_RANGE, algorithmId: algo.algorithmId })).toBe(algo.total);
      expect(await w.alarmCount({ ...DAY_RANGE, algorithmId: algo.algorithmId, falsePositive: true })).toBe(
        fp,
      );
    }
    const smoke = data.falsePositiveByAlgorithm.find((a) => a.algorithmId === w.refs.smoke);
    expect(smoke).toMatchObject({ total: 5, falsePositive: 2, share: 0.4 });
  });

  it('backlog by hour: alarms of the day raised by the end of each hour and not handled by then', async () => {
    const data = await analyse({});
    expect(data.granularity).toBe('hour');
    expect(data.backlog).toHaveLength(24);
    const day = inDay();
    const expected = Array.from({ length: 24 }, (_, k) => {
      const end = BASE + (k + 1) * H;
      const open = day.filter(
        (a) => a.alarmTime < end && !((a.state === 2 || a.state === 3) && closedAt(a) < end),
      ).length;
      return { time: iso(BASE + k * H), open };
    });
    expect(data.backlog).toEqual(expected);
    // Still open at the end of the day: a6 (approval revoked), a7, a10, a12.
    expect(data.backlog.at(-1)?.open).toBe(4);
    expect(await w.alarmCount({ ...DAY_RANGE, status: 'untreated' })).toBe(4);
  });

  it('by day on the viewer’s midnight (utcOffset), buckets cover the range', async () => {
    const range = { startTime: iso(BASE - 2 * 24 * H - H), endTime: iso(BASE + 24 * H) };
    const res = await w.call<EfficiencyAnalysis>(ANALYSIS_API.efficiency, { ...range, utcOffset: 480 });
    expect(res.statusCode).toBe(200);
    const data = res.body.data;
    expect(data.granularity).toBe('day');
    // 2025-03-07 23:00 UTC is 07:00 on the 8th in UTC+8: the first bucket starts at that day's local midnight.
    expect(data.backlog[0]?.time).toBe('2025-03-07T16:00:00.000Z');
    expect(data.backlog.at(-1)?.time).toBe('2025-03-10T16:00:00.000Z');
    expect(data.backlog).toHaveLength(4);
    // a9 (the evening before) joins the processed ones.
    expect(data.overall.count).toBe(9);
    expect(data.overall.count).toBe(await w.alarmCount({ ...range, status: 'processed' }));
    const hourly = await analyse({ granularity: 'hour', ...range });
    expect(hourly.backlog).toHaveLength(74);
  });

  it('plant, area and scene filters agree with the list', async () => {
    const cases = [
      { sceneId: w.refs.sceneB },
      { areaId: w.refs.areaA },
      { factoryId: w.refs.factoryB },
      { sceneId: w.refs.sceneA, areaId: w.refs.areaA },
    ];
    for (const filter of cases) {
      const data = await analyse(filter);
      expect(data.overall.count).toBe(await w.alarmCount({ ...DAY_RANGE, ...filter, status: 'processed' }));
      const total = data.falsePositiveByAlgorithm.reduce((n, a) => n + a.total, 0);
      expect(total).toBe(await w.alarmCount({ ...DAY_RANGE, ...filter }));
    }
    const b = await analyse({ sceneId: w.refs.sceneB });
    expect(b.overall.count).toBe(2); // a4, a11
    expect(b.byScene.map((s) => s.sceneId)).toEqual([w.refs.sceneB]);
  });

  it('scene authority: a limited account sees its scenes only; another scene is unknown to it', async () => {
    const data = await analyse({}, w.tokens.limited);
    const sceneA = processed(inDay()).filter((a) => a.sceneId === w.refs.sceneA);
    expect(data.overall).toEqual(handStats(sceneA));
    expect(data.overall.count).toBe(
      await w.alarmCount({ ...DAY_RANGE, status: 'processed' }, w.tokens.limited),
    );
    expect(data.byScene.map((s) => s.sceneId)).toEqual([w.refs.sceneA]);
    expect(data.falsePositiveByAlgorithm.reduce((n, a) => n + a.total, 0)).toBe(
      await w.alarmCount(DAY_RANGE, w.tokens.limited),
    );
    const hidden = await w.call(
      ANALYSIS_API.efficiency,
      { ...DAY_RANGE, sceneId: w.refs.sceneB },
      {
        token: w.tokens.limited,
        lang: 'zh-CN',
      },
    );
    expect(hidden.statusCode).toBe(400);
    expect(hidden.body.message).toBe(translate('analysis.unknownScene', 'zh-CN'));
  });

  it('bad ranges and unknown scenes answer 400 with their message', async () => {
    const bad = async (body: object, code: Parameters<typeof translate>[0]) => {
      const res = await w.call(ANALYSIS_API.efficiency, body, { lang: 'zh-CN' });
      expect(res.statusCode).toBe(400);
      expect(res.body.message).toBe(translate(code, 'zh-CN'));
    };
    await bad({}, 'time.rangeRequired');
    await bad({ startTime: DAY_RANGE.startTime }, 'time.rangeRequired');
    expect(translate('time.rangeRequired', 'zh-CN')).toBe('请选择开始时间和截止时间!');
    await bad({ startTime: DAY_RANGE.endTime, endTime: DAY_RANGE.startTime }, 'time.endBeforeStart');
    await bad({ startTime: iso(BASE - 367 * 24 * H), endTime: iso(BASE) }, 'time.rangeTooLong');
    await bad({ ...DAY_RANGE, sceneId: 999_999 }, 'analysis.unknownScene');
    const year = await w.call(ANALYSIS_API.efficiency, {
      startTime: iso(BASE - 366 * 24 * H),
      endTime: iso(BASE),
    });
    expect(year.statusCode).toBe(200);
  });
});
