import {
  ALARM_API,
  type AlarmItem,
  type AlarmListQuery,
  type SceneCountResult,
  type SceneStatistics,
} from '@sentinel/contract';
import { useQuery } from '@tanstack/react-query';
import { request } from '@/shared/request/request.ts';
import { ALARM_LISTS_KEY, fetchAlarmList } from '@/shared/ui/alarm-detail-dialog/index.ts';
import { alarmFiguresKey } from './keys.ts';

/** How many of the scene's latest alarms the page lists. */
export const SCENE_ALARM_COUNT = 10;

/**
 * The scene's latest alarms (POST videoAlarmRecord/list, newest first). Kept under the alarm
 * lists' key, so the shared alarm buttons and dialog patch and refresh it after a handling.
 */
export const sceneAlarmListQuery = (sceneId: number): AlarmListQuery => ({
  page: 1,
  limit: SCENE_ALARM_COUNT,
  sceneId,
});
export const sceneAlarmListKey = (sceneId: number) =>
  [...ALARM_LISTS_KEY, sceneAlarmListQuery(sceneId)] as const;

export const useSceneAlarmList = (sceneId: number) =>
  useQuery({
    queryKey: sceneAlarmListKey(sceneId),
    queryFn: () => fetchAlarmList(sceneAlarmListQuery(sceneId)),
    retry: false,
  });

/** GET videoAlarmRecord/statistics/{sceneId}: last 30 days by state and priority. */
export const useSceneStatistics = (sceneId: number) =>
  useQuery({
    queryKey: [...alarmFiguresKey(sceneId), 'statistics'],
    queryFn: () => request<SceneStatistics>(ALARM_API.statistics(sceneId), { silent: true }),
    retry: false,
  });

/** GET videoAlarmRecord/findMax/{sceneId}: the scene's latest alarm, or null. */
export const useSceneLatestAlarm = (sceneId: number) =>
  useQuery({
    queryKey: [...alarmFiguresKey(sceneId), 'findMax'],
    queryFn: () => request<AlarmItem | null>(ALARM_API.findMax(sceneId), { silent: true }),
    retry: false,
  });

/** POST videoAlarmRecord/sceneCount for this scene (all time): untreated and total. */
export const useSceneCount = (sceneId: number) =>
  useQuery({
    queryKey: [...alarmFiguresKey(sceneId), 'sceneCount'],
    queryFn: async () => {
      const result = await request<SceneCountResult>(ALARM_API.sceneCount, {
        method: 'POST',
        body: { sceneIds: [sceneId] },
        silent: true,
      });
      return result.list.find((row) => row.sceneId === sceneId) ?? { sceneId, untreated: 0, total: 0 };
    },
    retry: false,
  });

/** GET videoAlarmRecord/{sceneId}/{cameraId}/lastAlarmRecord: the camera's latest alarm in the scene. */
export const useCameraLastAlarm = (sceneId: number, cameraId: number, enabled = true) =>
  useQuery({
    queryKey: [...alarmFiguresKey(sceneId), 'camera', cameraId],
    queryFn: async () => {
      const rows = await request<AlarmItem[]>(ALARM_API.lastAlarmRecord(sceneId, cameraId), {
        silent: true,
      });
      return rows[0] ?? null;
    },
    enabled,
    retry: false,
  });
