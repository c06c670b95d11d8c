import type { AlarmItem } from '@sentinel/contract';
import type { videoAlarm } from '../../db/schema/index.ts';
import { mediaUrl } from '../../platform/media.ts';

type AlarmRow = typeof videoAlarm.$inferSelect;

const iso = (value: Date | null) => (value ? value.toISOString() : null);

/** A stored alarm row as the contract's alarmItem (media paths become URLs under /media). */
export function toAlarmItem(row: AlarmRow): AlarmItem {
  const extra = row.extraInfo;
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
    alarmImage: mediaUrl(row.alarmImage),
    alarmImageDraw: mediaUrl(row.alarmImageDraw),
    alarmVideo: mediaUrl(row.alarmVideo),
    extraInfoName: row.extraInfoName,
    extraInfo:
      extra && typeof extra === 'object' && !Array.isArray(extra) ? (extra as Record<string, unknown>) : {},
    falsePositive: row.falsePositive,
    handler: row.handler,
    handleTime: iso(row.handleTime),
    approverId: row.approverId,
    approver: row.approver,
    approveTime: iso(row.approveTime),
    version: row.version,
  };
}
