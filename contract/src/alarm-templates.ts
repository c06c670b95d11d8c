import { z } from 'zod';
import { ALARM_STATE_LABELS } from './alarm-export.ts';
import type { AlarmItem } from './alarms.ts';
import { PRIORITY_LABELS } from './algorithms.ts';
import type { Lang } from './messages.ts';

/**
 * Message templates for alarms sent out of the console (issue 16 §3): the mail channel (alarm and
 * report mails) and the outbound channel (webhook / MQTT `message`). A template is plain text with
 * `{{placeholder}}` markers; the placeholders below are the only ones known — anything else is
 * refused when a template is saved, and left as written when rendered.
 */
export const ALARM_TEMPLATE_CHANNELS = ['mail', 'outbound'] as const;
export type AlarmTemplateChannel = (typeof ALARM_TEMPLATE_CHANNELS)[number];

export const ALARM_TEMPLATE_PLACEHOLDERS = [
  'alarmId',
  'alarmTime',
  'level',
  'algorithm',
  'scene',
  'camera',
  'area',
  'plant',
  'state',
  'result',
  'link',
] as const;
export type AlarmPlaceholder = (typeof ALARM_TEMPLATE_PLACEHOLDERS)[number];
export type AlarmTemplateVars = Record<AlarmPlaceholder, string>;

export interface AlarmTemplateText {
  subject: string;
  body: string;
}

const MARKER = /\{\{\s*([A-Za-z][A-Za-z0-9_]*)\s*\}\}/g;

/** The placeholder names a template text uses, in order of first use. */
export function templatePlaceholders(text: string): string[] {
  return [...new Set([...text.matchAll(MARKER)].map((m) => m[1] ?? ''))];
}

/** The placeholders of `text` that are not known (a template using one is refused on save). */
export function unknownPlaceholders(text: string): string[] {
  const known = new Set<string>(ALARM_TEMPLATE_PLACEHOLDERS);
  return templatePlaceholders(text).filter((name) => !known.has(name));
}

/** Fills every known placeholder; unknown ones stay as written. */
export function renderTemplate(text: string, vars: AlarmTemplateVars): string {
  return text.replace(MARKER, (whole, name: string) =>
    Object.hasOwn(vars, name) ? vars[name as AlarmPlaceholder] : whole,
  );
}

/** The templates used until an administrator saves others. */
export const DEFAULT_ALARM_TEMPLATES: Record<AlarmTemplateChannel, Record<Lang, AlarmTemplateText>> = {
  mail: {
    en: {
      subject: '[{{level}}] {{algorithm}} at {{camera}}',
      body: 'Alarm {{alarmId}} at {{alarmTime}}\nLevel: {{level}}\nType: {{algorithm}}\nScene: {{scene}}\nCamera: {{camera}} ({{plant}} / {{area}})\nState: {{state}}\n{{link}}',
    },
    'zh-CN': {
      subject: '【{{level}}】{{camera}} {{algorithm}}',
      body: '报警 {{alarmId}}，时间 {{alarmTime}}\n等级：{{level}}\n类型：{{algorithm}}\n场景：{{scene}}\n摄像头：{{camera}}（{{plant}} / {{area}}）\n状态：{{state}}\n{{link}}',
    },
  },
  outbound: {
    en: {
      subject: '{{algorithm}}',
      body: '[{{level}}] {{algorithm}} at {{camera}}, {{scene}} ({{alarmTime}})',
    },
    'zh-CN': {
      subject: '{{algorithm}}',
      body: '【{{level}}】{{camera}}（{{scene}}）{{algorithm}}，{{alarmTime}}',
    },
  },
};

export const ALARM_TEMPLATES_API = {
  /** GET → every channel × language with its saved (or default) text. */
  list: '/api/v2/backend/alarmTemplates',
  /** PUT AlarmTemplateBody → saves; DELETE → back to the default (alarmTemplates:edit). */
  template: (channel: AlarmTemplateChannel, lang: Lang) =>
    `/api/v2/backend/alarmTemplates/${channel}/${encodeURIComponent(lang)}`,
  /** GET ?limit → the newest alarms the caller sees (AlarmItem[]), the preview's samples. */
  samples: '/api/v2/backend/alarmTemplates/samples',
} as const;

/** Published after a template changes: every instance drops its cached templates. */
export const ALARM_TEMPLATES_CHANGED = 'alarmTemplates.changed';

export const alarmTemplateParams = z.object({
  channel: z.enum(ALARM_TEMPLATE_CHANNELS, { error: 'field.invalid' }),
  lang: z.enum(['en', 'zh-CN'], { error: 'field.invalid' }),
});

export const alarmTemplateBody = z.object({
  subject: z.string({ error: 'field.required' }).trim().min(1, { error: 'field.required' }).max(200, {
    error: 'field.tooLong',
  }),
  body: z.string({ error: 'field.required' }).trim().min(1, { error: 'field.required' }).max(4000, {
    error: 'field.tooLong',
  }),
});
export type AlarmTemplateBody = z.infer<typeof alarmTemplateBody>;

export const alarmTemplateItem = z.object({
  channel: z.enum(ALARM_TEMPLATE_CHANNELS),
  lang: z.enum(['en', 'zh-CN']),
  subject: z.string(),
  body: z.string(),
  /** False while the default is used. */
  custom: z.boolean(),
  updatedAt: z.string().nullable(),
});
export type AlarmTemplateItem = z.infer<typeof alarmTemplateItem>;

export const alarmTemplateSamplesQuery = z.object({
  limit: z.coerce.number({ error: 'field.invalid' }).int().min(1).max(50).default(10),
});

/** The values of the built-in sample alarm (the preview before a recent alarm is chosen). */
export const SAMPLE_ALARM_VARS: AlarmTemplateVars = {
  alarmId: '1024',
  alarmTime: '2026-01-15 08:30:00',
  level: 'Urgent',
  algorithm: 'No helmet',
  scene: 'Loading bay',
  camera: 'Gate camera 3',
  area: 'North yard',
  plant: 'Plant 1',
  state: 'Pending',
  result: '',
  link: 'https://sentinel.example/historyRecords/historyAlarm?id=1024',
};

/** 'yyyy-mm-dd hh:mm:ss' (SPEC §9) of an ISO time, in UTC when no zone is given. */
function formatAlarmTime(iso: string, timeZone = 'UTC'): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return iso;
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '00';
  return `${part('year')}-${part('month')}-${part('day')} ${part('hour')}:${part('minute')}:${part('second')}`;
}

/** The placeholder values of an alarm in a language (what mail, outbound and the preview fill in). */
export function alarmTemplateVars(
  alarm: Pick<
    AlarmItem,
    | 'id'
    | 'alarmTime'
    | 'priority'
    | 'videoAlarmTypeName'
    | 'sceneName'
    | 'cameraName'
    | 'areaName'
    | 'factoryName'
    | 'alarmState'
    | 'alarmResult'
  >,
  lang: Lang,
  options: { link?: string; timeZone?: string } = {},
): AlarmTemplateVars {
  const level = (PRIORITY_LABELS as Record<number, { en: string; 'zh-CN': string }>)[alarm.priority];
  return {
    alarmId: String(alarm.id),
    alarmTime: formatAlarmTime(alarm.alarmTime, options.timeZone),
    level: level ? level[lang] : String(alarm.priority),
    algorithm: alarm.videoAlarmTypeName,
    scene: alarm.sceneName,
    camera: alarm.cameraName,
    area: alarm.areaName,
    plant: alarm.factoryName,
    state: ALARM_STATE_LABELS[alarm.alarmState]?.[lang] ?? String(alarm.alarmState),
    result: alarm.alarmResult,
    link: options.link ?? '',
  };
}
