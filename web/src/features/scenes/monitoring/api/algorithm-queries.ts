import { type AlgorithmStateHoi, SCENE_API, type SceneAlgorithmItem } from '@sentinel/contract';
import { useQuery } from '@tanstack/react-query';
import { request } from '@/shared/request/request.ts';
import { algorithmsKey } from './keys.ts';

/** How often the scene's algorithm states (and camera online flags) are re-read. */
const STATE_REFRESH_MS = 30_000;

/** GET scene/{id}/algorithmStateHOI: per camera, each algorithm and whether it runs. */
export const useAlgorithmStates = (sceneId: number) =>
  useQuery({
    queryKey: [...algorithmsKey(sceneId), 'state'],
    queryFn: () => request<AlgorithmStateHoi>(SCENE_API.algorithmState(sceneId), { silent: true }),
    refetchInterval: STATE_REFRESH_MS,
    retry: false,
  });

/** GET scene/{a}/{b}/getAlgorithm: the algorithms configured for one camera of the scene, with levels. */
export const useCameraAlgorithms = (sceneId: number, cameraId: number) =>
  useQuery({
    queryKey: [...algorithmsKey(sceneId), 'camera', cameraId],
    queryFn: () => request<SceneAlgorithmItem[]>(SCENE_API.algorithm(sceneId, cameraId), { silent: true }),
    staleTime: STATE_REFRESH_MS,
    retry: false,
  });
