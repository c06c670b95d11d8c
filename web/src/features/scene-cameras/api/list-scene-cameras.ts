import {
  type ListResult,
  SCENE_CAMERA_API,
  type SceneCameraItem,
  type SceneCameraListQuery,
} from '@sentinel/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/shared/request/request.ts';
import { sceneCameraKeys } from './keys.ts';

export const fetchSceneCameras = (query: SceneCameraListQuery) =>
  request<ListResult<SceneCameraItem>>(SCENE_CAMERA_API.list, { method: 'POST', body: query });

export const sceneCamerasQueryOptions = (query: SceneCameraListQuery | null) =>
  queryOptions({
    queryKey: sceneCameraKeys.list(query ?? {}),
    queryFn: () => fetchSceneCameras(query as SceneCameraListQuery),
    enabled: query !== null,
    placeholderData: keepPreviousData,
  });

/** Cameras bound to a scene; `null` while no scene is chosen. */
export const useSceneCameras = (query: SceneCameraListQuery | null) =>
  useQuery(sceneCamerasQueryOptions(query));
