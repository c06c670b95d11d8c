/**
 * Operations management (issue 15 §6): the operator duty roster — who is on shift for which
 * scenes. Alarm handling shows the on-duty operators of an alarm's scene; the efficiency analysis
 * splits handling times by "handled by an on-duty operator" or not.
 */
import { z } from 'zod';
import { recordId } from './validators.ts';

const BASE = '/api/v2/backend';

export const DUTY_ROSTER_API = {
  /** GET → {@link DutyShift}[] (every shift, with overlap warnings). Menu `operationsManagement`. */
  list: `${BASE}/dutyRoster/shift`,
  /** POST {@link dutyShiftBody} → {@link DutyShiftSaved}. Menu `operationsManagement`. Audited. */
  create: `${BASE}/dutyRoster/shift`,
  /** PUT {@link dutyShiftBody} → {@link DutyShiftSaved}. Audited. */
  update: (id: number) => `${BASE}/dutyRoster/shift/${id}`,
  /** DELETE → null. Audited. */
  remove: (id: number) => `${BASE}/dutyRoster/shift/${id}`,
  /** GET → {@link OnDutyEntry}[]: who is on duty now, over every scene. Menu `operationsManagement`. */
  now: `${BASE}/dutyRoster/onDuty`,
  /** GET → {@link OnDutyEntry}[]: who is on duty now for one scene (any user who sees the scene). */
  sceneNow: (sceneId: number) => `${BASE}/dutyRoster/onDuty/scene/${sceneId}`,
} as const;

export const DUTY_KINDS = ['weekly', 'dated'] as const;
export const MINUTES_PER_DAY = 1440;

const minute = z
  .number({ error: 'field.invalid' })
  .int({ error: 'field.invalid' })
  .min(0, { error: 'field.invalid' })
  .max(MINUTES_PER_DAY, { error: 'field.invalid' });

const isTimeZone = (v: string) => {
  try {
    new Intl.DateTimeFormat('en', { timeZone: v });
    return true;
  } catch {
    return false;
  }
};

export const dutyShiftBody = z
  .object({
    accountId: recordId('field.required'),
    sceneIds: z
      .array(recordId('field.invalid'), { error: 'duty.scenesRequired' })
      .min(1, { error: 'duty.scenesRequired' })
      .max(500, { error: 'field.invalid' }),
    kind: z.enum(DUTY_KINDS, { error: 'field.invalid' }),
    /** Weekly: ISO weekdays 1 (Monday) … 7 (Sunday). */
    weekdays: z
      .array(z.number().int().min(1).max(7), { error: 'field.invalid' })
      .max(7, { error: 'field.invalid' })
      .default([]),
    /** Weekly: minutes of the day in `timeZone`; an end at or before the start runs past midnight. */
    startMinute: minute.max(MINUTES_PER_DAY - 1, { error: 'field.invalid' }).default(0),
    endMinute: minute.default(0),
    /** IANA time zone the weekly times are meant in (the browser's). */
    timeZone: z.string().max(64).refine(isTimeZone, { error: 'field.invalid' }).default('UTC'),
    /** Dated: ISO 8601 start and end (end after start, at most 31 days). */
    startAt: z.iso.datetime({ offset: true, error: 'field.invalid' }).nullable().default(null),
    endAt: z.iso.datetime({ offset: true, error: 'field.invalid' }).nullable().default(null),
    note: z.string({ error: 'field.invalid' }).trim().max(200, { error: 'field.tooLong' }).default(''),
    enabled: z.boolean({ error: 'field.invalid' }).default(true),
  })
  .superRefine((v, ctx) => {
    if (v.kind === 'weekly') {
      if (v.weekdays.length === 0)
        ctx.addIssue({ code: 'custom', path: ['weekdays'], message: 'duty.weekdaysRequired' });
      if (v.startMinute === v.endMinute)
        ctx.addIssue({ code: 'custom', path: ['endMinute'], message: 'duty.emptyShift' });
    } else {
      if (!v.startAt) ctx.addIssue({ code: 'custom', path: ['startAt'], message: 'field.required' });
      if (!v.endAt) ctx.addIssue({ code: 'custom', path: ['endAt'], message: 'field.required' });
      if (v.startAt && v.endAt) {
        const length = Date.parse(v.endAt) - Date.parse(v.startAt);
        if (length <= 0) ctx.addIssue({ code: 'custom', path: ['endAt'], message: 'duty.endBeforeStart' });
        else if (length > 31 * 86_400_000)
          ctx.addIssue({ code: 'custom', path: ['endAt'], message: 'duty.tooLong' });
      }
    }
  });
export type DutyShiftBody = z.input<typeof dutyShiftBody>;

export const dutyShiftParams = z.object({ id: recordId('field.invalid') });
export const dutySceneParams = z.object({ sceneId: recordId('field.invalid') });

export const dutyShift = z.object({
  id: z.number(),
  accountId: z.number(),
  accountName: z.string(),
  displayName: z.string(),
  scenes: z.array(z.object({ id: z.number(), name: z.string() })),
  kind: z.enum(DUTY_KINDS),
  weekdays: z.array(z.number()),
  startMinute: z.number(),
  endMinute: z.number(),
  timeZone: z.string(),
  startAt: z.string().nullable(),
  endAt: z.string().nullable(),
  note: z.string(),
  enabled: z.boolean(),
  /** Other enabled shifts of the same account sharing a scene whose times overlap this one. */
  overlapsWith: z.array(z.number()),
  /** On duty at the time of the answer. */
  onDutyNow: z.boolean(),
});
export type DutyShift = z.infer<typeof dutyShift>;

export const dutyShiftSaved = z.object({ shift: dutyShift, overlapsWith: z.array(z.number()) });
export type DutyShiftSaved = z.infer<typeof dutyShiftSaved>;

export const onDutyEntry = z.object({
  accountId: z.number(),
  accountName: z.string(),
  displayName: z.string(),
  sceneId: z.number(),
  sceneName: z.string(),
  shiftId: z.number(),
  note: z.string(),
});
export type OnDutyEntry = z.infer<typeof onDutyEntry>;

export const DUTY_ROSTER_MESSAGES = {
  'duty.scenesRequired': { en: 'Choose at least one scene', 'zh-CN': '请至少选择一个场景' },
  'duty.weekdaysRequired': { en: 'Choose at least one weekday', 'zh-CN': '请至少选择一天' },
  'duty.emptyShift': { en: 'The end must differ from the start', 'zh-CN': '结束时间不能与开始时间相同' },
  'duty.endBeforeStart': { en: 'The end must be after the start', 'zh-CN': '结束时间必须晚于开始时间' },
  'duty.tooLong': { en: 'A dated shift lasts at most 31 days', 'zh-CN': '按日期排班最长31天' },
  'duty.unknownAccount': { en: 'There is no such account', 'zh-CN': '账号不存在' },
  'duty.unknownScene': { en: 'There is no such scene', 'zh-CN': '场景不存在' },
} as const;
