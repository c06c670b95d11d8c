import type { AlarmItem } from '@sentinel/contract';
import { describe, expect, it } from 'vitest';
import { testAlarm } from '@/shared/testing/alarm-fixture.ts';
import { heldOf, isAlarmItem, isHandled, mergeAlarms, PANEL_SIZE, replaceAlarms } from './alarm-feed.ts';

const alarm = (id: number, extra: Partial<AlarmItem> = {}) =>
  testAlarm(id, { priority: 120004, sceneName: 'S', cameraName: 'C', ...extra });

describe('mergeAlarms', () => {
  it('prepends new alarms newest first and de-duplicates by id', () => {
    const merged = mergeAlarms([alarm(1)], [alarm(3), alarm(2), alarm(3)]);
    expect(merged.map((a) => a.id)).toEqual([3, 2, 1]);
  });

  it('keeps only the newest PANEL_SIZE alarms', () => {
    const current = Array.from({ length: PANEL_SIZE }, (_, i) => alarm(i + 1));
    const merged = mergeAlarms(current, [alarm(100)]);
    expect(merged).toHaveLength(PANEL_SIZE);
    expect(merged[0]?.id).toBe(100);
    expect(merged.some((a) => a.id === 1)).toBe(false);
  });

  it('updates in place, ignoring an older version', () => {
    const current = [alarm(2), alarm(1, { version: 2, alarmState: 2 })];
    expect(mergeAlarms(current, [alarm(1, { version: 1 })])[1]?.alarmState).toBe(2);
    expect(mergeAlarms(current, [alarm(1, { version: 3, alarmState: 3 })])[1]?.alarmState).toBe(3);
  });

  it("keeps the local state 2 of a cancelled alarm when the action's own event comes after its answer", () => {
    // markHandled after the cancel's answer: state 2 (SPEC §4), the server's version and flag.
    const local = [alarm(1, { version: 2, alarmState: 2, falsePositive: true })];
    const event = alarm(1, { version: 2, alarmState: 3, falsePositive: true });
    expect(mergeAlarms(local, [event])[0]).toMatchObject({ alarmState: 2, falsePositive: true });
    // An unhandled record takes the same version as it comes (e.g. a poll and an event).
    const pending = [alarm(1, { version: 0, alarmState: 1 })];
    expect(mergeAlarms(pending, [alarm(1, { version: 0, stateComments: 'x' })])[0]?.stateComments).toBe('x');
  });
});

describe('replaceAlarms', () => {
  it('takes the poll answer but keeps a newer local record', () => {
    const current = [alarm(1, { version: 1, alarmState: 2 })];
    const result = replaceAlarms(current, [alarm(2), alarm(1)]);
    expect(result.map((a) => [a.id, a.alarmState])).toEqual([
      [2, 1],
      [1, 2],
    ]);
  });
});

describe('helpers', () => {
  it('treats states 2 and 3 as handled in the panel', () => {
    expect(isHandled(alarm(1, { alarmState: 2 }))).toBe(true);
    expect(isHandled(alarm(1, { alarmState: 3 }))).toBe(true);
    expect(isHandled(alarm(1, { alarmState: 4 }))).toBe(false);
  });
  it('recognises alarm items', () => {
    expect(isAlarmItem(alarm(1))).toBe(true);
    expect(isAlarmItem({ id: 1 })).toBe(false);
    expect(isAlarmItem(null)).toBe(false);
  });
});

describe('heldOf', () => {
  it("names the cause of an alarm.held event: the alarm settings' cooldown, else the alarm rule", () => {
    expect(heldOf({ held: 2, by: 'cooldown' })).toEqual({ count: 2, by: 'cooldown' });
    expect(heldOf({ held: 3 })).toEqual({ count: 3, by: 'rule' });
    expect(heldOf({ held: 3, by: 'other' })).toEqual({ count: 3, by: 'rule' });
    expect(heldOf({ held: -1, by: 'cooldown' }).count).toBe(0);
    expect(heldOf({ held: 1.5 }).count).toBe(0);
    expect(heldOf(null).count).toBe(0);
  });
});
