/**
 * Report sending (issue 16 §1, §2, §5): report definitions (content, scope, frequency, recipients
 * with their language), their sends through the configured mail server, the record of every send,
 * and the plant data report (a definition whose content is the per-area figures of one plant).
 */
import { z } from 'zod';
import { ALARM_INTERVAL_MAX } from './alarm-rules.ts';
import { email, idNumber, pageQuery } from './validators.ts';

const BASE = '/api/v2/backend/reportSending';

export const REPORT_SENDING_API = {
  /** POST { page, limit, keyword?, plantReport? } → definitions. */
  list: `${BASE}/definitions/list`,
  /** POST body → the new definition (audited). */
  add: `${BASE}/definitions`,
  /** PUT body / DELETE (audited). */
  one: (id: number | string) => `${BASE}/definitions/${id}`,
  /** POST → the queued send record (audited). */
  send: (id: number | string) => `${BASE}/definitions/${id}/send`,
  /** POST body (a definition, saved or not) → the rendered mail in both languages. */
  preview: `${BASE}/preview`,
  /** POST { page, limit, startTime?, endTime?, outcome?, definitionId? } → send records. */
  records: `${BASE}/records/list`,
  /** POST → a new record sending the same report again (audited). */
  resend: (id: number | string) => `${BASE}/records/${id}/resend`,
} as const;

/** What a report holds. 'plantAreas' is the plant data report: one plant's figures per area. */
export const REPORT_CONTENTS = ['alarmSummary', 'jobSafety', 'handlingEfficiency', 'plantAreas'] as const;
export type ReportContent = (typeof REPORT_CONTENTS)[number];

/** SPEC §9 frequencies without real time (a report is a period's figures), plus weekly and monthly. */
export const REPORT_FREQUENCIES = [
  'minute',
  'fiveMinutes',
  'halfHour',
  'hour',
  'daily',
  'weekly',
  'monthly',
  'interval',
] as const;
export type ReportFrequency = (typeof REPORT_FREQUENCIES)[number];

export const REPORT_LANGS = ['en', 'zh-CN'] as const;
export const REPORT_OUTCOMES = ['pending', 'sent', 'skipped', 'failed'] as const;
export type ReportOutcome = (typeof REPORT_OUTCOMES)[number];
/** Why nothing was sent (the record shows it translated). */
export const REPORT_REASONS = ['noAlarms', 'noMailServer', 'noRecipients', 'smtp'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
export const REPORT_TRIGGERS = ['schedule', 'manual', 'resend'] as const;

/** Event on the event stream: a record changed (`data: { recordId, outcome }`). */
export const REPORT_SENDING_EVENT = 'reportSending.updated';
/** Event on the event stream: a send failed for good (`data: { recordId, definitionName, reason }`). */
export const REPORT_SENDING_FAILED_EVENT = 'reportSending.failed';

const ids = z.array(idNumber()).max(50, { error: 'field.invalid' }).default([]);

export const reportScope = z.object({
  factoryIds: ids,
  areaIds: ids,
  sceneIds: ids,
});
export type ReportScope = z.infer<typeof reportScope>;

export const reportRecipient = z
  .object({
    accountId: idNumber().nullable().default(null),
    address: z.union([z.literal(''), email]).default(''),
    lang: z.enum(REPORT_LANGS, { error: 'field.invalid' }),
  })
  .refine((r) => (r.accountId === null) !== (r.address === ''), {
    error: 'reportSending.recipientOne',
    path: ['address'],
  });
export type ReportRecipient = z.infer<typeof reportRecipient>;

const hhmm = z
  .string({ error: 'field.invalid' })
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: 'reportSending.badTime' });

export const reportDefinitionBody = z
  .object({
    name: z.string({ error: 'field.required' }).trim().min(1, { error: 'field.required' }).max(100),
    enabled: z.boolean().default(true),
    contents: z
      .array(z.enum(REPORT_CONTENTS, { error: 'field.invalid' }))
      .min(1, { error: 'reportSending.contentRequired' })
      .max(4),
    /** The plant of a 'plantAreas' report. */
    plantId: idNumber().nullable().default(null),
    scope: reportScope.default({ factoryIds: [], areaIds: [], sceneIds: [] }),
    frequency: z.enum(REPORT_FREQUENCIES, { error: 'field.invalid' }),
    /** With 'interval': minutes between sends (1 … 1440). */
    intervalMinutes: z.number().int().min(1).max(ALARM_INTERVAL_MAX).nullable().default(null),
    /** With daily / weekly / monthly: the time of day, server time "HH:mm". */
    timeOfDay: hhmm.default('07:00'),
    /** With weekly: 1 Monday … 7 Sunday. */
    weekday: z.number().int().min(1).max(7).default(1),
    /** With monthly: 1 … 28. */
    dayOfMonth: z.number().int().min(1).max(28).default(1),
    recipients: z
      .array(reportRecipient)
      .min(1, { error: 'reportSending.recipientsRequired' })
      .max(50, { error: 'field.invalid' }),
    skipWhenNoAlarms: z.boolean().default(false),
  })
  .superRefine((v, ctx) => {
    if (v.frequency === 'interval' && v.intervalMinutes === null) {
      ctx.addIssue({ code: 'custom', path: ['intervalMinutes'], message: 'reportSending.intervalRequired' });
    }
    if (v.contents.includes('plantAreas') && v.plantId === null) {
      ctx.addIssue({ code: 'custom', path: ['plantId'], message: 'reportSending.plantRequired' });
    }
  });
export type ReportDefinitionBody = z.infer<typeof reportDefinitionBody>;
export type ReportDefinitionInput = z.input<typeof reportDefinitionBody>;

export const reportDefinitionItem = z.object({
  id: z.number(),
  name: z.string(),
  enabled: z.boolean(),
  contents: z.array(z.enum(REPORT_CONTENTS)),
  plantId: z.number().nullable(),
  plantName: z.string(),
  scope: reportScope,
  frequency: z.enum(REPORT_FREQUENCIES),
  intervalMinutes: z.number().nullable(),
  timeOfDay: z.string(),
  weekday: z.number(),
  dayOfMonth: z.number(),
  recipients: z.array(
    z.object({
      accountId: z.number().nullable(),
      address: z.string(),
      lang: z.enum(REPORT_LANGS),
      /** The account's name (accounts), '' for an address. */
      name: z.string(),
    }),
  ),
  skipWhenNoAlarms: z.boolean(),
  nextDueAt: z.string().nullable(),
  lastSentAt: z.string().nullable(),
  lastOutcome: z.enum(REPORT_OUTCOMES).nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ReportDefinitionItem = z.infer<typeof reportDefinitionItem>;

export const reportDefinitionListQuery = pageQuery.extend({
  keyword: z.string().trim().max(100).optional(),
  /** true: plant data reports only (content 'plantAreas'); false: the others; absent: all. */
  plantReport: z.boolean().optional(),
});
export type ReportDefinitionListQuery = z.infer<typeof reportDefinitionListQuery>;
export const reportDefinitionList = z.object({ list: z.array(reportDefinitionItem), count: z.number() });
export type ReportDefinitionList = z.infer<typeof reportDefinitionList>;

export const reportMessage = z.object({
  lang: z.enum(REPORT_LANGS),
  subject: z.string(),
  html: z.string(),
  text: z.string(),
  /** Name and size in bytes of the xlsx attachment. */
  attachment: z.object({ filename: z.string(), size: z.number() }),
});
export type ReportMessage = z.infer<typeof reportMessage>;
export const reportPreview = z.object({
  rangeStart: z.string(),
  rangeEnd: z.string(),
  totalAlarms: z.number(),
  messages: z.array(reportMessage),
});
export type ReportPreview = z.infer<typeof reportPreview>;

export const reportRecordItem = z.object({
  id: z.number(),
  definitionId: z.number().nullable(),
  definitionName: z.string(),
  trigger: z.enum(REPORT_TRIGGERS),
  resendOf: z.number().nullable(),
  rangeStart: z.string(),
  rangeEnd: z.string(),
  recipients: z.array(z.object({ address: z.string(), lang: z.enum(REPORT_LANGS) })),
  /** Bytes of the messages sent (0 when nothing went out). */
  size: z.number(),
  outcome: z.enum(REPORT_OUTCOMES),
  reason: z.enum(REPORT_REASONS).nullable(),
  /** The SMTP server's answer, or the error of the last attempt. */
  answer: z.string(),
  attempts: z.number(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type ReportRecordItem = z.infer<typeof reportRecordItem>;

const isoTime = z.iso.datetime({ offset: true, error: 'field.invalid' });
export const reportRecordListQuery = pageQuery.extend({
  startTime: isoTime.optional(),
  endTime: isoTime.optional(),
  outcome: z.enum(REPORT_OUTCOMES, { error: 'field.invalid' }).optional(),
  definitionId: idNumber().optional(),
});
export type ReportRecordListQuery = z.infer<typeof reportRecordListQuery>;
export const reportRecordList = z.object({ list: z.array(reportRecordItem), count: z.number() });
export type ReportRecordList = z.infer<typeof reportRecordList>;

export const REPORT_SENDING_MESSAGES = {
  'reportSending.notFound': { en: 'The report does not exist', 'zh-CN': '报表不存在' },
  'reportSending.recordNotFound': { en: 'The send record does not exist', 'zh-CN': '发送记录不存在' },
  'reportSending.recipientOne': {
    en: 'Choose an account or enter an address',
    'zh-CN': '请选择账号或填写邮箱地址',
  },
  'reportSending.recipientsRequired': {
    en: 'Add at least one recipient',
    'zh-CN': '请至少添加一个收件人',
  },
  'reportSending.contentRequired': { en: 'Choose what the report holds', 'zh-CN': '请选择报表内容' },
  'reportSending.intervalRequired': {
    en: 'Enter the interval in minutes',
    'zh-CN': '请输入间隔分钟数',
  },
  'reportSending.plantRequired': { en: 'Choose the plant', 'zh-CN': '请选择厂区' },
  'reportSending.badTime': { en: 'Enter the time as HH:mm', 'zh-CN': '时间格式应为 HH:mm' },
  'reportSending.unknownAccount': {
    en: 'A recipient account does not exist',
    'zh-CN': '收件人账号不存在',
  },
  'reportSending.outsideAuthority': {
    en: 'You may only report on scenes you can see: choose them one by one',
    'zh-CN': '只能对您有权查看的场景设置报表，请逐个选择场景',
  },
  'reportSending.unknownPlace': {
    en: 'A plant, area or scene of the scope does not exist',
    'zh-CN': '范围中的厂区、区域或场景不存在',
  },
  'reportSending.queued': { en: 'The report is being sent', 'zh-CN': '报表正在发送' },
} as const;
