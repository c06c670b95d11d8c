import { SCENE_CAMERA_API, type SceneCameraAlgorithmOption } from '@sentinel/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/shared/request/request.ts';
import { sceneCameraKeys } from './keys.ts';

export const fetchAlgorithmOptions = () => request<SceneCameraAlgorithmOption[]>(SCENE_CAMERA_API.algorithms);

export const algorithmOptionsQueryOptions = (open: boolean) =>
  queryOptions({ queryKey: sceneCameraKeys.options, queryFn: fetchAlgorithmOptions, enabled: open });

/** The algorithm catalogue with each algorithm's allowed levels (add dialog). */
export const useAlgorithmOptions = (open: boolean) => useQuery(algorithmOptionsQueryOptions(open));
