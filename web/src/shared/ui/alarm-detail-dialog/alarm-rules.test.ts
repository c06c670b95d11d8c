import { describe, expect, it } from 'vitest';
import { alarmActions, dialogLevel, isApproved } from './alarm-rules.ts';

const alarm = (alarmState: number, approveTime: string | null = null) => ({ alarmState, approveTime });

describe('actions by alarm state (SPEC §4)', () => {
  it('pending: process and mark false positive', () => {
    expect(alarmActions(alarm(1), 'normal')).toEqual(['deal', 'cancel']);
  });
  it('processed and cancelled: nothing', () => {
    expect(alarmActions(alarm(2), 'normal')).toEqual([]);
    expect(alarmActions(alarm(3), 'normal')).toEqual([]);
    expect(alarmActions(alarm(3), 'approval')).toEqual([]);
  });
  it('awaiting approval: approve only in the approval view, mark false positive everywhere', () => {
    expect(alarmActions(alarm(4), 'normal')).toEqual(['cancel']);
    expect(alarmActions(alarm(4), 'approval')).toEqual(['approve', 'cancel']);
  });
  it('approved: revoke only in the approval view', () => {
    const approved = alarm(2, '2026-11-18T10:00:00Z');
    expect(isApproved(approved)).toBe(true);
    expect(alarmActions(approved, 'normal')).toEqual([]);
    expect(alarmActions(approved, 'approval')).toEqual(['noApprove']);
  });
  it('removes actions whose button code is not granted', () => {
    const only = (codes: string[]) => (code: string) => codes.includes(code);
    expect(alarmActions(alarm(1), 'normal', only(['historyAlarm:deal']))).toEqual(['deal']);
    expect(alarmActions(alarm(4), 'normal', only(['historyAlarm:deal']))).toEqual([]);
    expect(alarmActions(alarm(4), 'approval', only(['alarmApproval:approve']))).toEqual(['approve']);
    expect(
      alarmActions(alarm(4), 'approval', only(['alarmApproval:approve', 'historyAlarm:cancel'])),
    ).toEqual(['approve', 'cancel']);
    expect(alarmActions(alarm(2, 'x'), 'approval', only([]))).toEqual([]);
  });
  it('names the three dialog levels', () => {
    expect([120004, 120003, 120002, 120001].map(dialogLevel)).toEqual([
      'urgent',
      'severe',
      'general',
      'general',
    ]);
  });
});
