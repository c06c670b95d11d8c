import {
  type CameraOption,
  DEVICE_API,
  type PlantTreeNode,
  SCENE_API,
  type SceneItem,
} from '@sentinel/contract';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/request/request.ts';

const STALE = 60_000;

/** Filter pickers (a failure leaves the picker empty). */
export const useSceneOptions = () =>
  useQuery({
    queryKey: ['historyEvents', 'pickers', 'scenes'],
    queryFn: () =>
      request<SceneItem[]>(SCENE_API.listAll, { method: 'POST', body: {}, long: true, silent: true }),
    staleTime: STALE,
  });

export const useCameraOptions = () =>
  useQuery({
    queryKey: ['historyEvents', 'pickers', 'cameras'],
    queryFn: () =>
      request<CameraOption[]>(DEVICE_API.cameraListAll, { method: 'POST', body: {}, silent: true }),
    staleTime: STALE,
  });

export const usePlantTree = () =>
  useQuery({
    queryKey: ['historyEvents', 'pickers', 'plantTree'],
    queryFn: () => request<PlantTreeNode[]>(DEVICE_API.plantTree, { silent: true }),
    staleTime: STALE,
  });
