import { ANALYSIS_API, DUTY_ROSTER_API, type EfficiencyAnalysis } from '@sentinel/contract';
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

/**
 * The efficiency analysis split by the duty roster (issue 15 §6): handled by an operator on duty
 * for the alarm's scene at the alarm time, or not — counted by hand from the story's model.
 */
describe.each(backends)('efficiency analysis by duty on %s', (backend) => {
  let w: HandlingWorld;
  beforeAll(async () => {
    w = await handlingWorld(backend);
    // op: scene A, BASE 00:00–03:30 (dated). op2: scene B, every Monday (BASE is one) all day, UTC.
    const shifts = [
      {
        accountId: w.ids.op,
        sceneIds: [w.refs.sceneA],
        kind: 'dated',
        startAt: iso(BASE),
        endAt: iso(BASE + 3.5 * H),
      },
      {
        accountId: w.ids.op2,
        sceneIds: [w.refs.sceneB],
        kind: 'weekly',
        weekdays: [1],
        startMinute: 0,
        endMinute: 1440,
        timeZone: 'UTC',
      },
    ];
    for (const shift of shifts) {
      const res = await w.call(DUTY_ROSTER_API.create, shift);
      if (res.statusCode !== 200) throw new Error(`shift: ${res.statusCode} ${res.body.message}`);
    }
  }, 60_000);
  afterAll(async () => w?.close());

  const onDuty = (a: AlarmModel) =>
    (a.handler === 'op' &&
      a.sceneId === w.refs.sceneA &&
      a.alarmTime >= BASE &&
      a.alarmTime < BASE + 3.5 * H) ||
    (a.handler === 'op2' && a.sceneId === w.refs.sceneB && new Date(a.alarmTime).getUTCDay() === 1);
  const stats = (list: AlarmModel[]) => {
    const seconds = list.map((a) => ((a.handleTime ?? a.approveTime ?? 0) - a.alarmTime) / 1000);
    return {
      count: list.length,
      medianSeconds: percentile(seconds, 0.5),
      p90Seconds: percentile(seconds, 0.9),
    };
  };

  it('on duty vs not: counts, median and p90 = hand count; the two add up to overall', async () => {
    const res = await w.call<EfficiencyAnalysis>(ANALYSIS_API.efficiency, DAY_RANGE);
    expect(res.statusCode, res.body.message).toBe(200);
    const processed = w.alarms.filter(
      (a) => a.alarmTime >= BASE && a.alarmTime < BASE + 24 * H && (a.state === 2 || a.state === 3),
    );
    const on = processed.filter(onDuty);
    const off = processed.filter((a) => !onDuty(a));
    // By hand: a1 (60 s), a2 (300 s), a3 (120 s) by op on A before 03:30; a4 (600 s) by op2 on B.
    expect(on.length).toBe(4);
    expect(res.body.data.byDuty).toEqual([
      { onDuty: true, ...stats(on) },
      { onDuty: false, ...stats(off) },
    ]);
    expect(res.body.data.byDuty[0]).toMatchObject({ count: 4, medianSeconds: 210 });
    expect(on.length + off.length).toBe(res.body.data.overall.count);
  });
});
