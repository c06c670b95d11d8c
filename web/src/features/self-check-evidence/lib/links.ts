import { filtersUrl } from '@/shared/filters/url-filters.ts';

export const RUN_LOG_PATH = '/selfCheck/alarmRunLog';
export const CAMERA_ERROR_LOG_PATH = '/selfCheck/cameraErrorLog';
export const ALARM_IMG_PATH = '/selfCheck/alarmImg';

/** The run log of one binding (its default range: the last 24 h, as the matrix). */
export const runLogUrl = (ids: { sceneId: number; cameraId: number; algorithmId: number }) =>
  filtersUrl(RUN_LOG_PATH, ids);

export const cameraErrorLogUrl = (cameraId: number) => filtersUrl(CAMERA_ERROR_LOG_PATH, { cameraId });

/** The camera's problem images over a range (alarmImg needs camera, type and time). */
export const alarmImgUrl = (cameraId: number, startTime: string, endTime: string) =>
  filtersUrl(ALARM_IMG_PATH, { cameraId, imageType: 'allProblems', startTime, endTime });
