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
