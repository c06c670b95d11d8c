import { SCENE_CAMERA_API, type SceneCameraAlgorithmItem } from '@sentinel/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/shared/request/request.ts';
import { sceneCameraKeys } from './keys.ts';

/** GET scene/camera/algorithm/{sceneId}/{cameraId}/list: algorithms with level and zones. */
export const fetchCameraAlgorithms = (sceneId: number, cameraId: number) =>
  request<SceneCameraAlgorithmItem[]>(SCENE_CAMERA_API.algorithmList(sceneId, cameraId));

export const cameraAlgorithmsQueryOptions = (sceneId: number | undefined, cameraId: number | undefined) =>
  queryOptions({
    queryKey: sceneCameraKeys.algorithms(sceneId ?? 0, cameraId ?? 0),
    queryFn: () => fetchCameraAlgorithms(sceneId ?? 0, cameraId ?? 0),
    enabled: Boolean(sceneId && cameraId),
  });

export const useCameraAlgorithms = (sceneId: number | undefined, cameraId: number | undefined) =>
  useQuery(cameraAlgorithmsQueryOptions(sceneId, cameraId));
