import { SCENE_CAMERA_API, type SceneCameraScene } from '@sentinel/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/shared/request/request.ts';
import { sceneCameraKeys } from './keys.ts';

export const fetchScenes = (kind?: 'general' | 'job' | 'temporary') =>
  request<SceneCameraScene[]>(SCENE_CAMERA_API.scenes, { query: { kind }, long: true });

export const scenesQueryOptions = (kind?: 'general' | 'job' | 'temporary') =>
  queryOptions({ queryKey: sceneCameraKeys.scenes(kind), queryFn: () => fetchScenes(kind) });

export const useScenes = (kind?: 'general' | 'job' | 'temporary') => useQuery(scenesQueryOptions(kind));
