import { ANALYSIS_API, type MyStatistics, translate } from '@sentinel/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../../test/helpers.ts';
import {
  BASE,
  DAY_RANGE,
  H,
  type HandlingWorld,
  handlingWorld,
  iso,
  percentile,
  type Who,
} from './handling-test-support.ts';

const DAY_END = BASE + 24 * H - 1;

describe.each(backends)('my alarm statistics on %s', (backend) => {
  let w: HandlingWorld;
  beforeAll(async () => {
    w = await handlingWorld(backend);
  }, 60_000);
  afterAll(async () => w?.close());

  const mine = async (query: object, token?: string) => {
    const res = await w.call<MyStatistics>(ANALYSIS_API.mine, { ...DAY_RANGE, ...query }, { token });
    expect(res.statusCode, res.body.message).toBe(200);
    return res.body.data;
  };
  const actionsOf = (who: Who, from = BASE, to = DAY_END) =>
    w.actions.filter((a) => a.by === who && a.at >= from && a.at <= to);

  it("an operator's own actions of the day: counts, trend, handling times and levels = hand count", async () => {
    const data = await mine({}, w.tokens.op);
    expect(data).toMatchObject({
      accountId: w.ids.op,
      deal: 4,
      cancel: 2,
      approve: 0,
      noApprove: 0,
      granularity: 'hour',
    });
    expect(data.accountName).not.toBe('');
    // a1 60 s, a11 100, a3 120, a2 300, a8 1800, a9 5400 (raised the evening before, dealt at 00:30)
    expect(data.handling).toEqual({ count: 6, medianSeconds: 210, p90Seconds: 3600 });
    const handled = actionsOf('op').filter((a) => a.action === 'deal' || a.action === 'cancel');
    const seconds = handled.map((a) => (a.at - a.alarm.alarmTime) / 1000);
    expect(data.handling).toEqual({
      count: handled.length,
      medianSeconds: percentile(seconds, 0.5),
      p90Seconds: percentile(seconds, 0.9),
    });
    expect(data.byLevel).toEqual([
      { priority: 120002, count: 3 },
      { priority: 120003, count: 2 },
      { priority: 120004, count: 1 },
    ]);
    expect(data.trend).toHaveLength(24);
    const expected = Array.from({ length: 24 }, (_, k) => {
      const inHour = actionsOf('op').filter((a) => a.at >= BASE + k * H && a.at < BASE + (k + 1) * H);
      const n = (action: string) => inHour.filter((a) => a.action === action).length;
      return {
        time: iso(BASE + k * H),
        deal: n('deal'),
        cancel: n('cancel'),
        approve: n('approve'),
        noApprove: n('noApprove'),
      };
    });
    expect(data.trend).toEqual(expected);
    expect(data.trend[0]?.deal).toBe(1); // a9 at 00:30
  });

  it('an approver: approvals and revoked approvals of the day', async () => {
    const data = await mine({}, w.tokens.admin);
    expect(data).toMatchObject({ accountId: w.ids.admin, deal: 0, cancel: 0, approve: 2, noApprove: 1 });
    expect(data.handling).toEqual({ count: 0, medianSeconds: null, p90Seconds: null });
    expect(data.byLevel).toEqual([]);
  });

  it('over a range holding the alarms too, deal / cancel counts = History alarms by handler and state', async () => {
    const range = { startTime: iso(BASE - 24 * H), endTime: iso(BASE + 49 * H) };
    const data = await mine(range, w.tokens.op);
    expect(data.granularity).toBe('day');
    expect(data.trend).toHaveLength(4);
    expect(data.deal).toBe(await w.alarmCount({ ...range, handlerId: w.ids.op, alarmState: 2 }));
    expect(data.cancel).toBe(await w.alarmCount({ ...range, handlerId: w.ids.op, alarmState: 3 }));
    expect(data.deal + data.cancel).toBe(
      await w.alarmCount({ ...range, handlerId: w.ids.op, status: 'processed' }),
    );
    const op2 = await mine(range, w.tokens.op2);
    expect(op2.deal).toBe(await w.alarmCount({ ...range, handlerId: w.ids.op2, status: 'processed' }));
  });

  it('another account: 403 for a non-admin, their figures (and name) for an admin; unknown account 404', async () => {
    const refused = await w.call(
      ANALYSIS_API.mine,
      { ...DAY_RANGE, accountId: w.ids.op },
      { token: w.tokens.op2 },
    );
    expect(refused.statusCode).toBe(403);
    const self = await mine({ accountId: w.ids.op }, w.tokens.op);
    const viaAdmin = await mine({ accountId: w.ids.op }, w.tokens.admin);
    expect(viaAdmin).toEqual(self);
    const op2 = await mine({ accountId: w.ids.op2 }, w.tokens.admin);
    expect(op2).toMatchObject({ accountId: w.ids.op2, deal: 2, cancel: 0 });
    expect(op2.accountName).not.toBe(self.accountName);
    const unknown = await w.call(ANALYSIS_API.mine, { ...DAY_RANGE, accountId: 999_999 }, { lang: 'zh-CN' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body.message).toBe(translate('account.notFound', 'zh-CN'));
  });

  it('day buckets start at the viewer’s midnight', async () => {
    const data = await mine(
      {
        startTime: '2025-03-09T16:00:00.000Z',
        endTime: '2025-03-12T15:59:59.999Z',
        utcOffset: 480,
        granularity: 'day',
      },
      w.tokens.op,
    );
    expect(data.trend.map((t) => t.time)).toEqual([
      '2025-03-09T16:00:00.000Z',
      '2025-03-10T16:00:00.000Z',
      '2025-03-11T16:00:00.000Z',
    ]);
    // Every action of op falls before 16:00 UTC on the 10th (midnight in UTC+8).
    expect(data.trend[0]).toMatchObject({ deal: 4, cancel: 2 });
  });

  it('bad ranges answer 400 with their message', async () => {
    const bad = async (body: object, code: Parameters<typeof translate>[0]) => {
      const res = await w.call(ANALYSIS_API.mine, body, { lang: 'zh-CN', token: w.tokens.op });
      expect(res.statusCode).toBe(400);
      expect(res.body.message).toBe(translate(code, 'zh-CN'));
    };
    await bad({}, 'time.rangeRequired');
    await bad({ startTime: DAY_RANGE.endTime, endTime: DAY_RANGE.startTime }, 'time.endBeforeStart');
    await bad({ startTime: iso(BASE - 367 * 24 * H), endTime: iso(BASE) }, 'time.rangeTooLong');
  });
});
