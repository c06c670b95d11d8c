import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PANEL_RULE,
  DIGEST_SIZE,
  digestPeriodMs,
  nextDigestAt,
  PanelPolicy,
  type PanelRule,
  passesPriority,
} from './panel-policy.ts';

const MIN = 60_000;
/** A fixed clock at the start of a UTC day (so also of an hour, half hour, minute). */
const T0 = Date.parse('2024-05-01T00:00:00Z');
const rule = (over: Partial<PanelRule> = {}): PanelRule => ({ ...DEFAULT_PANEL_RULE, ...over });
const alarm = (priority = 120002, id = 0) => ({ id, priority });

describe('panel policy: priority filter', () => {
  it('lets every priority through with an empty list, only the listed ones otherwise', () => {
    expect(passesPriority(rule(), 120001)).toBe(true);
    const urgent = rule({ priorities: [120004] });
    expect(passesPriority(urgent, 120004)).toBe(true);
    expect(passesPriority(urgent, 120002)).toBe(false);
    const p = new PanelPolicy(urgent, T0);
    expect(p.offer(alarm(120002), T0)).toBe('filtered');
    expect(p.offer(alarm(120004), T0)).toBe('push');
  });

  it('a disabled rule governs nothing', () => {
    const off = rule({ enabled: false, priorities: [120004], maxPerMinute: 1, frequency: 'hour' });
    const p = new PanelPolicy(off, T0);
    expect(p.realtime).toBe(true);
    expect([p.offer(alarm(120001), T0), p.offer(alarm(120001), T0)]).toEqual(['push', 'push']);
  });

  it('filtered alarms do not count toward the thresholds', () => {
    const p = new PanelPolicy(rule({ priorities: [120004], maxPerMinute: 1 }), T0);
    expect(p.offer(alarm(120001), T0)).toBe('filtered');
    expect(p.offer(alarm(120004), T0)).toBe('push');
  });
});

describe('panel policy: thresholds', () => {
  it.each([
    ['maxPerMinute', MIN],
    ['maxPerFiveMinutes', 5 * MIN],
    ['maxPerHour', 60 * MIN],
    ['maxPerDay', 1440 * MIN],
  ] as const)('%s caps the pushes of its window, the next window starts afresh', (field, window) => {
    const p = new PanelPolicy(rule({ [field]: 2 }), T0);
    expect(p.offer(alarm(), T0)).toBe('push');
    expect(p.offer(alarm(), T0 + window - 1)).toBe('push');
    expect(p.offer(alarm(), T0 + window - 1)).toBe('held');
    expect(p.takeHeld()).toBe(1);
    expect(p.takeHeld()).toBe(0);
    expect(p.offer(alarm(), T0 + window)).toBe('push');
  });

  it('the tightest window wins; held alarms do not use up the cap', () => {
    const p = new PanelPolicy(rule({ maxPerMinute: 3, maxPerHour: 4 }), T0);
    const minute1 = [0, 1, 2, 3].map(() => p.offer(alarm(), T0 + 1000));
    expect(minute1).toEqual(['push', 'push', 'push', 'held']);
    // next minute: the hour has one left
    expect([p.offer(alarm(), T0 + MIN), p.offer(alarm(), T0 + MIN)]).toEqual(['push', 'held']);
    expect(p.takeHeld()).toBe(2);
    // next hour
    expect(p.offer(alarm(), T0 + 60 * MIN)).toBe('push');
  });

  it('keeps the counters when the rule changes', () => {
    const p = new PanelPolicy(rule({ maxPerMinute: 1 }), T0);
    expect(p.offer(alarm(), T0)).toBe('push');
    p.setRule(rule({ maxPerMinute: 2 }));
    expect(p.offer(alarm(), T0)).toBe('push');
    expect(p.offer(alarm(), T0)).toBe('held');
  });
});

describe('panel policy: frequencies and digests', () => {
  it('periods of each frequency, aligned to the clock', () => {
    expect(digestPeriodMs(rule())).toBeNull();
    expect(nextDigestAt(rule(), T0)).toBeNull();
    const cases: [PanelRule['frequency'], number][] = [
      ['minute', MIN],
      ['fiveMinutes', 5 * MIN],
      ['halfHour', 30 * MIN],
      ['hour', 60 * MIN],
      ['daily', 1440 * MIN],
    ];
    for (const [frequency, period] of cases) {
      expect(digestPeriodMs(rule({ frequency }))).toBe(period);
      expect(nextDigestAt(rule({ frequency }), T0)).toBe(T0 + period);
      expect(nextDigestAt(rule({ frequency }), T0 + 1)).toBe(T0 + period);
    }
    const every7 = rule({ frequency: 'interval', intervalMinutes: 7 });
    expect(digestPeriodMs(every7)).toBe(7 * MIN);
    const next = nextDigestAt(every7, T0) as number;
    expect(next % (7 * MIN)).toBe(0);
    expect(next > T0 && next <= T0 + 7 * MIN).toBe(true);
    expect(digestPeriodMs(rule({ frequency: 'interval', intervalMinutes: null }))).toBeNull();
    // the daily digest comes at 00:00 UTC
    expect(new Date(nextDigestAt(rule({ frequency: 'daily' }), T0) as number).toISOString()).toBe(
      '2024-05-02T00:00:00.000Z',
    );
  });

  it('queues alarms and delivers them at the end of the period, newest first, with the held count', () => {
    const p = new PanelPolicy(rule({ frequency: 'fiveMinutes', maxPerMinute: 2 }), T0);
    expect(p.realtime).toBe(false);
    expect(p.offer(alarm(120002, 1), T0 + 10)).toBe('queued');
    expect(p.offer(alarm(120004, 2), T0 + 20)).toBe('queued');
    expect(p.offer(alarm(120004, 3), T0 + 30)).toBe('held');
    const due = nextDigestAt(p.current, T0 + 30) as number;
    expect(due).toBe(T0 + 5 * MIN);
    const digest = p.flush(due);
    expect(digest).toEqual({
      count: 2,
      held: 1,
      alarms: [alarm(120004, 2), alarm(120002, 1)],
      from: new Date(T0).toISOString(),
      to: new Date(due).toISOString(),
    });
    // nothing new: no digest
    expect(p.flush(due + 5 * MIN)).toBeNull();
  });

  it(`a digest carries at most ${DIGEST_SIZE} alarms but counts them all`, () => {
    const p = new PanelPolicy<{ id: number; priority: number }>(rule({ frequency: 'minute' }), T0);
    for (let i = 1; i <= 50; i++) p.offer(alarm(120002, i), T0 + i);
    const digest = p.flush(T0 + MIN);
    expect(digest?.count).toBe(50);
    expect(digest?.alarms).toHaveLength(DIGEST_SIZE);
    expect(digest?.alarms[0]?.id).toBe(50);
  });
});
