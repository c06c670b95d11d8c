import type { AlarmRule } from '@sentinel/contract';
import { describe, expect, it } from 'vitest';
import { LEVELS_DESC, toBody, toFormValues } from './rule-form.ts';

const saved: AlarmRule = {
  userId: 5,
  type: 1,
  enabled: true,
  frequency: 'realtime',
  intervalMinutes: null,
  maxPerMinute: null,
  maxPerFiveMinutes: 10,
  maxPerHour: null,
  maxPerDay: null,
  priorities: [],
  updatedAt: null,
};

describe('alarm rule form values', () => {
  it('shows "all levels" as every level checked, urgent first', () => {
    expect(LEVELS_DESC).toEqual([120004, 120003, 120002, 120001]);
    expect(toFormValues(saved).priorities).toEqual([120004, 120003, 120002, 120001]);
    expect(toFormValues({ ...saved, priorities: [120004] }).priorities).toEqual([120004]);
  });

  it('sends every level checked as "all", empty thresholds as no limit, the interval only when used', () => {
    const values = { ...toFormValues(saved), intervalMinutes: 30, maxPerDay: undefined as unknown as null };
    expect(toBody(5, values)).toEqual({
      userId: 5,
      type: 1,
      enabled: true,
      frequency: 'realtime',
      intervalMinutes: null,
      maxPerMinute: null,
      maxPerFiveMinutes: 10,
      maxPerHour: null,
      maxPerDay: null,
      priorities: [],
    });
    const every = toBody(5, { ...values, frequency: 'interval', priorities: [120004, 120003, 120004] });
    expect(every).toMatchObject({ frequency: 'interval', intervalMinutes: 30, priorities: [120003, 120004] });
  });
});
