import {
  type CameraTypeBody,
  type CameraTypeListQuery,
  type CameraTypeRow,
  DEVICE_API,
} from '@sentinel/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { crudApi } from '@/shared/crud/index.ts';
import { request } from '@/shared/request/request.ts';

export type CameraTypeOption = Pick<CameraTypeRow, 'id' | 'brand' | 'model' | 'type'>;

/** Camera types; a change also refreshes the cameras (they show their type). */
export const cameraTypeApi = crudApi<CameraTypeRow, CameraTypeBody, CameraTypeListQuery>(
  ['cameraTypes'],
  { list: DEVICE_API.cameraTypeList, create: DEVICE_API.cameraType, one: DEVICE_API.cameraTypeById },
  { alsoInvalidate: [['cameras']] },
);

export const fetchAllCameraTypes = () => request<CameraTypeOption[]>(DEVICE_API.cameraTypeAll);

export const useAllCameraTypes = () =>
  useQuery(queryOptions({ queryKey: ['cameraTypes', 'all'], queryFn: fetchAllCameraTypes }));
