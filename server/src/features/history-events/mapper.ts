import type { DcsAlarmItem, EventItem } from '@sentinel/contract';
import type { dcsAlarm, eventRecord } from '../../db/schema/index.ts';
import { mediaUrl } from '../../platform/media.ts';

export type EventRow = typeof eventRecord.$inferSelect;
export type DcsAlarmRow = typeof dcsAlarm.$inferSelect;

/** A stored media path becomes its URL; absolute URLs (or '') are kept as they are. */
function mediaOf(value: string): string {
  if (!value || value.startsWith('/') || /^https?:\/\//.test(value)) return value;
  return mediaUrl(value);
}

const objectOf = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

/** The API's view of one event (SPEC §3 "Event record" plus scene, camera and job). */
export function toEventItem(row: EventRow): EventItem {
  return {
    id: row.id,
    eventName: row.eventName,
    eventTime: row.eventTime.toISOString(),
    eventImg: mediaOf(row.eventImg),
    sceneId: row.sceneId,
    sceneName: row.sceneName,
    cameraId: row.cameraId,
    cameraName: row.cameraName,
    historyAssignmentId: row.historyAssignmentId,
    extraInfo: objectOf(row.extraInfo),
  };
}

export function toDcsAlarmItem(row: DcsAlarmRow): DcsAlarmItem {
  return {
    id: row.id,
    alarmTime: row.alarmTime.toISOString(),
    alarmState: row.alarmState,
    priority: row.priority,
    dcsPointId: row.dcsPointId,
    tag: row.tag,
    pointName: row.pointName,
    unit: row.unit,
    value: row.value,
    lowLimit: row.lowLimit,
    highLimit: row.highLimit,
    message: row.message,
    areaId: row.areaId,
    areaName: row.areaName,
    sceneId: row.sceneId,
    sceneName: row.sceneName,
    stateComments: row.stateComments,
    handler: row.handler,
    handleTime: row.handleTime?.toISOString() ?? null,
    version: row.version,
  };
}
