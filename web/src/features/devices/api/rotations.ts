import {
  type CameraTypeListQuery,
  DEVICE_API,
  type RotationBody,
  type RotationRow,
} from '@sentinel/contract';
import { crudApi } from '@/shared/crud/index.ts';

/** Camera rotation groups (tours of the video wall). */
export const rotationApi = crudApi<RotationRow, RotationBody, CameraTypeListQuery>(['cameraRotations'], {
  list: DEVICE_API.rotationList,
  create: DEVICE_API.rotation,
  one: DEVICE_API.rotationById,
});
