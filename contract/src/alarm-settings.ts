/**
 * System settings › Alarm settings (issue 16 §3): the GLOBAL push policy of the floating alarm
 * panel — the levels pushed, a per-camera cooldown, quiet hours — and the alarm sound (built-in
 * or an uploaded mp3, SPEC §9: only mp3 is recognised by its file signature). It applies before
 * each user's own alarm rule (alarm-rules). Pure helpers here are shared by server and web.
 */
import { z } from 'zod';
import { PRIORITY_CODES } from './validators.ts';

export const ALARM_SETTINGS_API = {
  /** GET → AlarmSettings (any logged-in user: the panel reads it); PUT AlarmSettingsBody (alarmSettings:edit). */
  settings: '/api/v2/backend/alarmSettings',
  /**
   * GET → the custom sound (audio/mpeg; 404 while the built-in one is used; any logged-in user);
   * POST multipart `file` → uploads it; DELETE → back to the built-in sound (alarmSettings:edit).
   */
  sound: '/api/v2/backend/alarmSettings/sound',
} as const;

/** Published after any change (settings or sound): every instance reloads, panels reload. */
export const ALARM_SETTINGS_CHANGED = 'alarmSettings.changed';

/** The largest custom sound accepted (bytes). */
export const ALARM_SOUND_MAX_BYTES = 1024 * 1024;
/** The longest cooldown (a day, in seconds). */
export const ALARM_COOLDOWN_MAX = 86_400;

export const ALARM_SETTINGS_MESSAGES = {
  'alarmSettings.priorities': { en: 'Choose among the four alarm levels', 'zh-CN': '请选择报警等级' },
  'alarmSettings.cooldown': {
    en: `Enter a whole number of seconds from 0 to ${ALARM_COOLDOWN_MAX} (0: no cooldown)`,
    'zh-CN': `请输入0到${ALARM_COOLDOWN_MAX}之间的整数秒（0表示不冷却）`,
  },
  'alarmSettings.time': { en: 'Enter a time as HH:mm', 'zh-CN': '请按HH:mm格式输入时间' },
  'alarmSettings.timeZone': { en: 'Unknown time zone', 'zh-CN': '未知的时区' },
  'alarmSettings.soundType': {
    en: 'The file is not an mp3 sound (checked by its content)',
    'zh-CN': '文件不是mp3音频（按文件内容检查）',
  },
  'alarmSettings.soundSize': {
    en: `The sound file can be at most ${ALARM_SOUND_MAX_BYTES / 1024 / 1024} MB`,
    'zh-CN': `音频文件不能超过${ALARM_SOUND_MAX_BYTES / 1024 / 1024}MB`,
  },
  'alarmTemplates.unknownPlaceholder': {
    en: 'Unknown placeholder: {names}',
    'zh-CN': '未知的占位符：{names}',
  },
} as const;

const priorities = z
  .array(
    z.number({ error: 'alarmSettings.priorities' }).refine((v) => PRIORITY_CODES.some((c) => c === v), {
      error: 'alarmSettings.priorities',
    }),
    { error: 'alarmSettings.priorities' },
  )
  .max(PRIORITY_CODES.length * 2, { error: 'alarmSettings.priorities' })
  .transform((list) => [...new Set(list)].sort((a, b) => a - b))
  .default([]);

const clock = z.string({ error: 'alarmSettings.time' }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, {
  error: 'alarmSettings.time',
});

/** Whether `zone` is an IANA time zone this runtime knows. */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

export const alarmSettingsBody = z.object({
  /** Levels pushed to the panel (empty: every level). */
  priorities,
  /** Seconds after a camera's pushed alarm during which its next alarms are not pushed (0: off). */
  cooldownSeconds: z
    .number({ error: 'alarmSettings.cooldown' })
    .int({ error: 'alarmSettings.cooldown' })
    .min(0, { error: 'alarmSettings.cooldown' })
    .max(ALARM_COOLDOWN_MAX, { error: 'alarmSettings.cooldown' })
    .default(0),
  quietEnabled: z.boolean({ error: 'field.invalid' }).default(false),
  /** Quiet hours, local time of `timeZone`; from > to spans midnight; from = to: never quiet. */
  quietFrom: clock.default('22:00'),
  quietTo: clock.default('07:00'),
  /** Levels not pushed at all during quiet hours (the others are pushed silently). */
  quietSuppressed: priorities,
  timeZone: z
    .string({ error: 'alarmSettings.timeZone' })
    .trim()
    .min(1, { error: 'alarmSettings.timeZone' })
    .max(64, { error: 'alarmSettings.timeZone' })
    .refine(isTimeZone, { error: 'alarmSettings.timeZone' })
    .default('UTC'),
});
export type AlarmSettingsBody = z.infer<typeof alarmSettingsBody>;
export type AlarmPushPolicy = z.output<typeof alarmSettingsBody>;

export const alarmSettings = z.object({
  priorities: z.array(z.number()),
  cooldownSeconds: z.number(),
  quietEnabled: z.boolean(),
  quietFrom: z.string(),
  quietTo: z.string(),
  quietSuppressed: z.array(z.number()),
  timeZone: z.string(),
  /** 'builtin' or 'custom' (an uploaded mp3, fetched from ALARM_SETTINGS_API.sound). */
  sound: z.enum(['builtin', 'custom']),
  soundName: z.string(),
  soundSize: z.number(),
  /** Changes with every upload (the panel's cache key). */
  soundVersion: z.string(),
  updatedAt: z.string().nullable(),
});
export type AlarmSettings = z.infer<typeof alarmSettings>;

export const DEFAULT_ALARM_POLICY: AlarmPushPolicy = {
  priorities: [],
  cooldownSeconds: 0,
  quietEnabled: false,
  quietFrom: '22:00',
  quietTo: '07:00',
  quietSuppressed: [],
  timeZone: 'UTC',
};

const minutesOf = (clockText: string) => {
  const [h, m] = clockText.split(':').map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
};

/** Minutes since local midnight of `at` in `timeZone`. */
export function localMinutes(at: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const hour = Number(parts.find((p) => p.type === 'hour')?.value ?? 0);
  const minute = Number(parts.find((p) => p.type === 'minute')?.value ?? 0);
  return (hour % 24) * 60 + minute;
}

/** Whether `at` falls in the quiet hours [from, to) of the policy (local time of its zone). */
export function inQuietHours(
  policy: Pick<AlarmPushPolicy, 'quietEnabled' | 'quietFrom' | 'quietTo' | 'timeZone'>,
  at: Date,
): boolean {
  if (!policy.quietEnabled) return false;
  const from = minutesOf(policy.quietFrom);
  const to = minutesOf(policy.quietTo);
  if (from === to) return false;
  let now: number;
  try {
    now = localMinutes(at, policy.timeZone);
  } catch {
    now = at.getUTCHours() * 60 + at.getUTCMinutes();
  }
  return from < to ? now >= from && now < to : now >= from || now < to;
}

/**
 * Whether the bytes are an mp3 by their signature (SPEC §9): an ID3v2 tag ("ID3", version 2–4), or
 * an MPEG audio frame header (11-bit frame sync, a valid version and layer, a valid bitrate and
 * sample-rate index) at the start.
 */
export function isMp3(bytes: Uint8Array): boolean {
  if (bytes.length < 4) return false;
  const [b0 = 0, b1 = 0, b2 = 0, b3 = 0] = bytes;
  if (b0 === 0x49 && b1 === 0x44 && b2 === 0x33) return b3 >= 2 && b3 <= 4;
  if (b0 !== 0xff || (b1 & 0xe0) !== 0xe0) return false;
  const version = (b1 >> 3) & 0b11; // 01 reserved
  const layer = (b1 >> 1) & 0b11; // 00 reserved
  const bitrate = (b2 >> 4) & 0b1111; // 1111 bad
  const sampleRate = (b2 >> 2) & 0b11; // 11 reserved
  return version !== 0b01 && layer !== 0b00 && bitrate !== 0b1111 && sampleRate !== 0b11;
}
