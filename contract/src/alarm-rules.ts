import { z } from 'zod';
import { alarmItem } from './alarms.ts';
import { PRIORITY_CODES, recordId } from './validators.ts';

/**
 * A user's alarm rule (SPEC §2 alarm-rule page `/index?userId=&type=1`, SPEC §9): report
 * frequency and thresholds; they govern what is pushed to that user's floating alarm panel and
 * what goes into scheduled alarm reports.
 */
export const ALARM_RULE_API = {
  /** GET ?userId=&type=1 → the rule (defaults when none saved); PUT body → the saved rule. */
  rule: '/api/v2/backend/alarmRule',
} as const;

/** The only rule type of SPEC §2 (video alarms). */
export const ALARM_RULE_TYPE = 1;

export const ALARM_FREQUENCIES = [
  'realtime',
  'minute',
  'fiveMinutes',
  'halfHour',
  'hour',
  'daily',
  'interval',
] as const;
export type AlarmFrequency = (typeof ALARM_FREQUENCIES)[number];

export const ALARM_INTERVAL_MAX = 1440;
export const ALARM_THRESHOLD_MAX = 10_000;

/** The four thresholds ("no more than N per …"); null = no limit. */
export const ALARM_THRESHOLDS = ['maxPerMinute', 'maxPerFiveMinutes', 'maxPerHour', 'maxPerDay'] as const;
export type AlarmThreshold = (typeof ALARM_THRESHOLDS)[number];

const ruleType = z.coerce
  .number({ error: 'field.invalid' })
  .int({ error: 'field.invalid' })
  .refine((v) => v === ALARM_RULE_TYPE, { error: 'field.invalid' });

const userId = recordId('field.positiveInt');

const threshold = z
  .number({ error: 'alarmRule.threshold' })
  .int({ error: 'alarmRule.threshold' })
  .min(1, { error: 'alarmRule.threshold' })
  .max(ALARM_THRESHOLD_MAX, { error: 'alarmRule.threshold' })
  .nullable()
  .default(null);

export const alarmRuleQuery = z.object({ userId, type: ruleType.default(ALARM_RULE_TYPE) });
export type AlarmRuleQuery = z.infer<typeof alarmRuleQuery>;

/** The editable fields (shared by the PUT body and the web form). */
const fieldsShape = {
  enabled: z.boolean({ error: 'field.invalid' }).default(true),
  frequency: z.enum(ALARM_FREQUENCIES, { error: 'field.invalid' }).default('realtime'),
  intervalMinutes: z
    .number({ error: 'alarmRule.interval' })
    .int({ error: 'alarmRule.interval' })
    .min(1, { error: 'alarmRule.interval' })
    .max(ALARM_INTERVAL_MAX, { error: 'alarmRule.interval' })
    .nullable()
    .default(null),
  maxPerMinute: threshold,
  maxPerFiveMinutes: threshold,
  maxPerHour: threshold,
  maxPerDay: threshold,
  /** Priority codes pushed and reported; empty = all. */
  priorities: z
    .array(
      z.number({ error: 'alarmRule.priorities' }).refine((v) => PRIORITY_CODES.some((c) => c === v), {
        error: 'alarmRule.priorities',
      }),
      { error: 'alarmRule.priorities' },
    )
    .max(PRIORITY_CODES.length, { error: 'alarmRule.priorities' })
    .default([]),
};

/** With frequency 'interval', the interval (1–1440 minutes) is required. */
function intervalRequired(
  value: { frequency: AlarmFrequency; intervalMinutes: number | null },
  ctx: z.RefinementCtx,
) {
  if (value.frequency === 'interval' && value.intervalMinutes === null) {
    ctx.addIssue({ code: 'custom', path: ['intervalMinutes'], message: 'alarmRule.interval' });
  }
}

export const alarmRuleFields = z.object(fieldsShape).superRefine(intervalRequired);
export type AlarmRuleFields = z.infer<typeof alarmRuleFields>;

export const alarmRuleBody = z
  .object({ userId, type: ruleType.default(ALARM_RULE_TYPE), ...fieldsShape })
  .superRefine(intervalRequired);
export type AlarmRuleBody = z.infer<typeof alarmRuleBody>;

export const alarmRule = z.object({
  userId: z.number(),
  type: z.number(),
  enabled: z.boolean(),
  frequency: z.enum(ALARM_FREQUENCIES),
  intervalMinutes: z.number().nullable(),
  maxPerMinute: z.number().nullable(),
  maxPerFiveMinutes: z.number().nullable(),
  maxPerHour: z.number().nullable(),
  maxPerDay: z.number().nullable(),
  priorities: z.array(z.number()),
  /** ISO time of the last save; null while the defaults apply. */
  updatedAt: z.string().nullable(),
});
export type AlarmRule = z.infer<typeof alarmRule>;

/**
 * Event stream (`event: alarm.digest`): with a frequency other than real time, the alarms of the
 * period are delivered together at its end. `count` alarms passed the rule (`alarms` holds the
 * newest of them, at most 20); `held` more were held back by a threshold.
 */
export const alarmDigest = z.object({
  count: z.number(),
  held: z.number(),
  alarms: z.array(alarmItem),
  from: z.string(),
  to: z.string(),
});
export type AlarmDigest = z.infer<typeof alarmDigest>;

/** Event stream (`event: alarm.held`): `held` more alarms were held back by a threshold (real time). */
export const alarmHeld = z.object({ held: z.number() });
export type AlarmHeld = z.infer<typeof alarmHeld>;

/** Bus event published when a rule is saved (audience: that account). */
export const ALARM_RULE_UPDATED = 'alarmRule.updated';
