import type { AlarmItem } from '@sentinel/contract';

/** An alarm for unit tests: alarm `id` at 2026-01-01T00:00:{id}Z, unhandled, with `extra` on top. */
export function testAlarm(id: number, extra: Partial<AlarmItem> = {}): AlarmItem {
  return {
    id,
    alarmTime: new Date(Date.UTC(2026, 0, 1, 0, 0, id)).toISOString(),
    alarmState: 1,
    priority: 120002,
    videoAlarmTypeName: 'Helmet',
    algorithmId: null,
    sceneId: null,
    sceneName: '',
    cameraId: null,
    cameraName: '',
    areaName: '',
    factoryName: '',
    alarmResult: '',
    historyAssignmentId: null,
    jobNumber: '',
    stateComments: '',
    alarmImage: '',
    alarmImageDraw: '',
    alarmVideo: '',
    extraInfoName: '',
    extraInfo: {},
    falsePositive: false,
    handler: '',
    handleTime: null,
    approverId: null,
    approver: '',
    approveTime: null,
    version: 0,
    ...extra,
  };
}
