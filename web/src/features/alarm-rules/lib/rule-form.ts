import {
  ALARM_RULE_TYPE,
  type AlarmFrequency,
  type AlarmRule,
  type AlarmRuleBody,
  PRIORITY_CODES,
} from '@sentinel/contract';

/** The form's values: thresholds empty (null) mean "no limit"; priorities shown as checked levels. */
export interface RuleFormValues {
  enabled: boolean;
  frequency: AlarmFrequency;
  intervalMinutes: number | null;
  maxPerMinute: number | null;
  maxPerFiveMinutes: number | null;
  maxPerHour: number | null;
  maxPerDay: number | null;
  priorities: number[];
}

/** Levels from the most to the least pressing (urgent → hint). */
export const LEVELS_DESC = [...PRIORITY_CODES].sort((a, b) => b - a);

/** A saved rule in the form; "all levels" (an empty list) shows every level checked. */
export function toFormValues(rule: AlarmRule): RuleFormValues {
  return {
    enabled: rule.enabled,
    frequency: rule.frequency,
    intervalMinutes: rule.intervalMinutes,
    maxPerMinute: rule.maxPerMinute,
    maxPerFiveMinutes: rule.maxPerFiveMinutes,
    maxPerHour: rule.maxPerHour,
    maxPerDay: rule.maxPerDay,
    priorities: rule.priorities.length === 0 ? [...LEVELS_DESC] : [...rule.priorities],
  };
}

const orNull = (value: number | null | undefined) =>
  value === undefined || value === null || Number.isNaN(value) ? null : value;

/** The PUT body: every level checked is stored as "all" (an empty list), so new levels are included. */
export function toBody(userId: number, values: RuleFormValues): AlarmRuleBody {
  const priorities = [...new Set(values.priorities)].sort((a, b) => a - b);
  return {
    userId,
    type: ALARM_RULE_TYPE,
    enabled: values.enabled,
    frequency: values.frequency,
    intervalMinutes: values.frequency === 'interval' ? orNull(values.intervalMinutes) : null,
    maxPerMinute: orNull(values.maxPerMinute),
    maxPerFiveMinutes: orNull(values.maxPerFiveMinutes),
    maxPerHour: orNull(values.maxPerHour),
    maxPerDay: orNull(values.maxPerDay),
    priorities: priorities.length === PRIORITY_CODES.length ? [] : priorities,
  };
}
