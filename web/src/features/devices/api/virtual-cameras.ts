import { type CameraListQuery, type CameraRow, DEVICE_API, type VirtualCameraBody } from '@sentinel/contract';
import { crudApi } from '@/shared/crud/index.ts';

/** Virtual cameras (a video file or url); a change refreshes every camera list and picker. */
export const virtualCameraApi = crudApi<CameraRow, VirtualCameraBody, Omit<CameraListQuery, 'virtual'>>(
  ['cameras', 'virtual'],
  { list: DEVICE_API.virtualList, create: DEVICE_API.virtual, one: DEVICE_API.virtualById },
  { alsoInvalidate: [['cameras']] },
);
