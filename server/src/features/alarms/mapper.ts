import type { AlarmActionItem, AlarmItem } from '@sentinel/contract';
import type { alarmAction, videoAlarm } from '../../db/schema/index.ts';
import { mediaUrl } from '../../platform/media.ts';
import type { RollupKey } from './rollup.ts';

export type AlarmRow = typeof videoAlarm.$inferSelect;
export type AlarmActionRow = typeof alarmAction.$inferSelect;

/** A stored media path becomes its URL; absolute URLs (or '') are kept as they are. */
function mediaOf(value: string): string {
  if (!value || value.startsWith('/') || /^https?:\/\//.test(value)) return value;
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
    extraInfo:
      row.extraInfo && typeof row.extraInfo === 'object' && !Array.isArray(row.extraInfo)
        ? (row.extraInfo as Record<string, unknown>)
        : {},
    falsePositive: row.falsePositive,
    handler: row.handler,
    handleTime: row.handleTime ? row.handleTime.toISOString() : null,
    approverId: row.approverId,
    approver: row.approver,
    approveTime: row.approveTime ? row.approveTime.toISOString() : null,
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
