import {
  ALGORITHM_API,
  type AlgorithmOption,
  type CameraOption,
  DEVICE_API,
  SCENE_API,
  type SceneItem,
} from '@sentinel/contract';
import { useQuery } from '@tanstack/react-query';
import { request } from '../request/request.ts';

const STALE = 60_000;

/** Query key prefix of the list filter pickers (one cache for every screen that filters). */
export const PICKERS_KEY = ['pickers'] as const;

/** Options of the list filter pickers; a failure is silent and leaves the picker empty. */
export const useAlgorithmOptions = () =>
  useQuery({
    queryKey: [...PICKERS_KEY, 'algorithms'],
    queryFn: () => request<AlgorithmOption[]>(ALGORITHM_API.all, { silent: true }),
    staleTime: STALE,
  });

export const useSceneOptions = () =>
  useQuery({
    queryKey: [...PICKERS_KEY, 'scenes'],
    queryFn: () =>
      request<SceneItem[]>(SCENE_API.listAll, { method: 'POST', body: {}, long: true, silent: true }),
    staleTime: STALE,
  });

export const useCameraOptions = () =>
  useQuery({
    queryKey: [...PICKERS_KEY, 'cameras'],
    queryFn: () =>
      request<CameraOption[]>(DEVICE_API.cameraListAll, { method: 'POST', body: {}, silent: true }),
    staleTime: STALE,
  });
