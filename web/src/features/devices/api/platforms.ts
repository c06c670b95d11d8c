import {
  type CameraTypeListQuery,
  DEVICE_API,
  type PlatformBody,
  type PlatformRow,
} from '@sentinel/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { crudApi } from '@/shared/crud/index.ts';
import { request } from '@/shared/request/request.ts';

export interface PlatformOption {
  id: number;
  name: string;
  kind: string;
}

/** Camera platforms; a change also refreshes the cameras (they show their platform). */
export const platformApi = crudApi<PlatformRow, PlatformBody, CameraTypeListQuery>(
  ['cameraPlatforms'],
  { list: DEVICE_API.platformList, create: DEVICE_API.platform, one: DEVICE_API.platformById },
  { alsoInvalidate: [['cameras']] },
);

export const fetchAllPlatforms = () => request<PlatformOption[]>(DEVICE_API.platformAll);

export const useAllPlatforms = () =>
  useQuery(queryOptions({ queryKey: ['cameraPlatforms', 'all'], queryFn: fetchAllPlatforms }));
