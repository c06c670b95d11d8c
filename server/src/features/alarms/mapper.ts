import type { AlarmActionItem, AlarmItem } from '@sentinel/contract';
import { sql } from 'drizzle-orm';
import type { alarmAction, videoAlarm } from '../../db/schema/index.ts';
import { mediaUrl } from '../../platform/media.ts';
import type { RollupKey } from './rollup.ts';

export type AlarmRow = typeof videoAlarm.$inferSelect;
export type AlarmActionRow = typeof alarmAction.$inferSelect;

/** A stored media path becomes its URL; absolute URLs (or '') are kept as they are. */
function mediaOf(value: string): string {
  if (!value || value.startsWith('/') || value.startsWith('http://') || value.startsWith('https://'))
    return value;
  return mediaUrl(value);
}

/** The API's view of one alarm row (SPEC §3 "Alarm record"). */
export function toAlarmItem(row: AlarmRow): AlarmItem {
  return {
    id: row.id,
    alarmTime: row.alarmTime.toISOString(),
    alarmState: row.alarmState,
    priority: row.priority,
    videoAlarmTypeName: row.videoAlarmTypeName,
    algorithmId: row.algorithmId,
    sceneId: row.sceneId,
    sceneName: row.sceneName,
    cameraId: row.cameraId,
    cameraName: row.cameraName,
    areaName: row.areaName,
    factoryName: row.factoryName,
    alarmResult: row.alarmResult,
    historyAssignmentId: row.historyAssignmentId,
    jobNumber: row.jobNumber,
    stateComments: row.stateComments,
    alarmImage: mediaOf(row.alarmImage),
    alarmImageDraw: mediaOf(row.alarmImageDraw),
    alarmVideo: mediaOf(row.alarmVideo),
    extraInfoName: row.extraInfoName,
    extraInfo: objectOf(row.extraInfo),
    falsePositive: row.falsePositive,
    handler: row.handler,
    handleTime: row.handleTime ? row.handleTime.toISOString() : null,
    approverId: row.approverId,
    approver: row.approver,
    approveTime: row.approveTime ? row.approveTime.toISOString() : null,
    version: row.version,
  };
}

/**
 * The columns the alarm list selects: exactly what `toAlarmItem` reads (no engine, area or
 * detection columns), named as the driver answers them.
 */
export const LIST_COLUMNS = sql.raw(
  'id, alarm_time, alarm_state, priority, video_alarm_type_name, algorithm_id, scene_id, scene_name, ' +
    'camera_id, camera_name, area_name, factory_name, alarm_result, history_assignment_id, job_number, ' +
    'state_comments, alarm_image, alarm_image_draw, alarm_video, extra_info_name, extra_info, ' +
    'false_positive, handler, handle_time, approver_id, approver, approve_time, version',
);

/**
 * A list row as the driver answers it (drizzle's sessions keep timestamps as PostgreSQL's text;
 * a bigint id may come as a string).
 */
export interface AlarmListRow {
  id: number | string;
  alarm_time: string | Date;
  alarm_state: number;
  priority: number;
  video_alarm_type_name: string;
  algorithm_id: number | null;
  scene_id: number | null;
  scene_name: string;
  camera_id: number | null;
  camera_name: string;
  area_name: string;
  factory_name: string;
  alarm_result: string;
  history_assignment_id: number | null;
  job_number: string;
  state_comments: string;
  alarm_image: string;
  alarm_image_draw: string;
  alarm_video: string;
  extra_info_name: string;
  extra_info: unknown;
  false_positive: boolean;
  handler: string;
  handle_time: string | Date | null;
  approver_id: number | null;
  approver: string;
  approve_time: string | Date | null;
  version: number;
}

const isoOf = (value: string | Date) => (value instanceof Date ? value : new Date(value)).toISOString();
const objectOf = (value: unknown) =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

/** The list's row as the API shows it: the same item as `toAlarmItem` makes of a whole row. */
export function toAlarmListItem(row: AlarmListRow): AlarmItem {
  return {
    id: Number(row.id),
    alarmTime: isoOf(row.alarm_time),
    alarmState: row.alarm_state,
    priority: row.priority,
    videoAlarmTypeName: row.video_alarm_type_name,
    algorithmId: row.algorithm_id,
    sceneId: row.scene_id,
    sceneName: row.scene_name,
    cameraId: row.camera_id,
    cameraName: row.camera_name,
    areaName: row.area_name,
    factoryName: row.factory_name,
    alarmResult: row.alarm_result,
    historyAssignmentId: row.history_assignment_id,
    jobNumber: row.job_number,
    stateComments: row.state_comments,
    alarmImage: mediaOf(row.alarm_image),
    alarmImageDraw: mediaOf(row.alarm_image_draw),
    alarmVideo: mediaOf(row.alarm_video),
    extraInfoName: row.extra_info_name,
    extraInfo: objectOf(row.extra_info),
    falsePositive: row.false_positive,
    handler: row.handler,
    handleTime: row.handle_time ? isoOf(row.handle_time) : null,
    approverId: row.approver_id,
    approver: row.approver,
    approveTime: row.approve_time ? isoOf(row.approve_time) : null,
    version: row.version,
  };
}

export function toAlarmActionItem(row: AlarmActionRow): AlarmActionItem {
  return {
    id: row.id,
    action: row.action as AlarmActionItem['action'],
    fromState: row.fromState,
    toState: row.toState,
    comment: row.comment,
    accountName: row.accountName,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The rollup counter key of an alarm row. */
export function rollupKeyOf(row: AlarmRow): RollupKey {
  return {
    alarmTime: row.alarmTime,
    sceneId: row.sceneId,
    cameraId: row.cameraId,
    algorithmId: row.algorithmId,
    areaId: row.areaId,
    factoryId: row.factoryId,
    alarmState: row.alarmState,
    priority: row.priority,
    falsePositive: row.falsePositive,
  };
}
