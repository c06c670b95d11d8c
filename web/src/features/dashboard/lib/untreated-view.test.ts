import { describe, expect, it } from 'vitest';
import { testAlarm } from '@/shared/testing/alarm-fixture.ts';
import { rememberAlarms, SEEN_KEEP_MS, type SeenAlarm, untreatedView } from './untreated-view.ts';

const ids = (list: { id: number }[]) => list.map((a) => a.id);
const seenOf = (...entries: SeenAlarm[]) => entries;

describe('untreatedView (the newest untreated alarms, live)', () => {
  const fetched = [testAlarm(5), testAlarm(4), testAlarm(3, { alarmState: 4 })];

  it('lists the fetched ones newest first', () => {
    expect(ids(untreatedView(fetched, []))).toEqual([5, 4, 3]);
  });

  it('puts a new alarm on top and keeps at most `size`', () => {
    const fresh = testAlarm(9);
    expect(ids(untreatedView(fetched, seenOf({ alarm: fresh, at: 0 }), new Map(), 3))).toEqual([9, 5, 4]);
  });

  it('drops an alarm handled elsewhere (newer version, state 2 or 3)', () => {
    const dealt = testAlarm(4, { alarmState: 2, version: 1 });
    const cancelled = testAlarm(5, { alarmState: 3, version: 1 });
    expect(ids(untreatedView(fetched, seenOf({ alarm: dealt, at: 0 }, { alarm: cancelled, at: 0 })))).toEqual(
      [3],
    );
  });

  it('keeps a fetched row when an older event arrives late', () => {
    const list = [testAlarm(4, { alarmState: 4, version: 3 })];
    const stale = testAlarm(4, { alarmState: 2, version: 2 });
    expect(untreatedView(list, seenOf({ alarm: stale, at: 0 }))[0]?.version).toBe(3);
  });

  it('does not bring back an alarm the list fetched after its handling no longer has', () => {
    const created = testAlarm(7, { version: 0 });
    const handled = testAlarm(7, { alarmState: 2, version: 1 });
    const seen = rememberAlarms(new Map(), [created, handled], 10);
    expect(ids(untreatedView(fetched, seen.values()))).toEqual([5, 4, 3]);
  });

  it('hides alarms this browser just handled, until a later version (approval revoked)', () => {
    const gone = new Map([[5, 0]]);
    expect(ids(untreatedView(fetched, [], gone))).toEqual([4, 3]);
    const revoked = testAlarm(5, { alarmState: 4, version: 2 });
    expect(ids(untreatedView(fetched, seenOf({ alarm: revoked, at: 0 }), gone))).toEqual([5, 4, 3]);
  });

  it('lets the spare fetched rows move up when listed ones leave', () => {
    const ten = Array.from({ length: 10 }, (_, i) => testAlarm(20 - i));
    const gone = new Map([
      [20, 0],
      [19, 0],
    ]);
    expect(ids(untreatedView(ten, [], gone, 8))).toEqual([18, 17, 16, 15, 14, 13, 12, 11]);
  });
});

describe('rememberAlarms', () => {
  it('keeps the newest version and forgets old entries', () => {
    let seen = rememberAlarms(new Map(), [testAlarm(1, { version: 2 })], 0);
    seen = rememberAlarms(seen, [testAlarm(1, { version: 1, alarmState: 2 })], 5);
    expect(seen.get(1)?.alarm.version).toBe(2);
    seen = rememberAlarms(seen, [testAlarm(2)], SEEN_KEEP_MS + 1);
    expect([...seen.keys()]).toEqual([2]);
  });

  it('takes a batch, the newest version of each alarm winning whatever the order', () => {
    const seen = rememberAlarms(
      new Map(),
      [testAlarm(3, { version: 1, alarmState: 2 }), testAlarm(3, { version: 0 }), testAlarm(4)],
      0,
    );
    expect(seen.get(3)?.alarm.version).toBe(1);
    expect([...seen.keys()].sort()).toEqual([3, 4]);
  });
});
