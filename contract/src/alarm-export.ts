import { z } from 'zod';
import { alarmListQuery } from './alarms.ts';
import type { Title } from './menu-node.ts';

/**
 * Alarm exports (SPEC §7 "Other", issue 4 §9): the filtered alarm list as an xlsx produced in the
 * background (listed in the download center), and the alarms' images as a zip.
 */
export const EXPORT_API = {
  /** Starts an xlsx export of the filtered alarms; answers the new export file (state 0) at once. */
  videoAlarmRecordExport: '/api/v2/backend/export/download/videoAlarmRecordExport',
  /** Not in the SPEC: a zip of the filtered alarms' images (original + drawn), capped. */
  videoAlarmImages: '/api/v2/backend/export/download/videoAlarmImages',
  /** Streams one of the caller's completed export files (SPEC: POST with a body; GET works too). */
  download: (id: number) => `/api/v2/backend/export/download/${id}`,
  /** Not in the SPEC: runs a failed export of the caller's again with its filters. */
  retry: (id: number) => `/api/v2/backend/export/${id}/retry`,
  /** Where `fileUrl` points: the file by its stored name (GET; the user_token cookie counts). */
  filePrefix: '/api/v2/backend/export/file/',
} as const;

/** Export file states: SPEC §4 has 1 completed, otherwise generating; 2 marks a failed export. */
export const EXPORT_STATE = { generating: 0, completed: 1, failed: 2 } as const;

/** At most this many alarms go into one image zip (newest first). */
export const ALARM_IMAGES_MAX = 500;

function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/**
 * Body of both exports: the alarm list filters without paging, plus the caller's IANA time zone
 * for the times written in the file (default: the server's).
 */
export const alarmExportBody = alarmListQuery.omit({ page: true, limit: true }).extend({
  timeZone: z.string().max(64).refine(isTimeZone, { error: 'field.invalid' }).optional(),
});
export type AlarmExportBody = z.infer<typeof alarmExportBody>;

/** Column headers of the alarm xlsx, in order (the caller's language). */
export const ALARM_EXPORT_COLUMNS = [
  { key: 'id', title: { en: 'ID', 'zh-CN': '编号' }, width: 10 },
  { key: 'time', title: { en: 'Alarm time', 'zh-CN': '报警时间' }, width: 20 },
  { key: 'level', title: { en: 'Level', 'zh-CN': '等级' }, width: 8 },
  { key: 'type', title: { en: 'Type', 'zh-CN': '类型' }, width: 18 },
  { key: 'scene', title: { en: 'Scene', 'zh-CN': '场景' }, width: 18 },
  { key: 'camera', title: { en: 'Camera', 'zh-CN': '摄像头' }, width: 16 },
  { key: 'area', title: { en: 'Area', 'zh-CN': '区域' }, width: 14 },
  { key: 'plant', title: { en: 'Plant', 'zh-CN': '厂区' }, width: 14 },
  { key: 'state', title: { en: 'Status', 'zh-CN': '状态' }, width: 16 },
  { key: 'falsePositive', title: { en: 'False positive', 'zh-CN': '误报' }, width: 12 },
  { key: 'comment', title: { en: 'Comment', 'zh-CN': '处理意见' }, width: 30 },
  { key: 'handler', title: { en: 'Handler', 'zh-CN': '处理人' }, width: 12 },
  { key: 'approver', title: { en: 'Approver', 'zh-CN': '审批人' }, width: 12 },
] as const satisfies readonly { key: string; title: Title; width: number }[];

/** Alarm state names in the xlsx (SPEC §4). */
export const ALARM_STATE_LABELS: Record<number, Title> = {
  1: { en: 'Untreated', 'zh-CN': '未处理' },
  2: { en: 'Processed', 'zh-CN': '已处理' },
  3: { en: 'False positive', 'zh-CN': '误报' },
  4: { en: 'Awaiting approval', 'zh-CN': '待审批' },
};

export const YES_NO_LABELS: Record<'yes' | 'no', Title> = {
  yes: { en: 'Yes', 'zh-CN': '是' },
  no: { en: 'No', 'zh-CN': '否' },
};

export const ALARM_EXPORT_SHEET: Title = { en: 'Video alarms', 'zh-CN': '视频报警' };
