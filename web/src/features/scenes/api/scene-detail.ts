import { SCENE_API, type SceneDetail } from '@sentinel/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestOrNull } from '@/shared/request/request-or-null.ts';
import { SCENES_KEY } from './scene-list.ts';

/** The scene with its cameras; null when there is no such scene (404). */
export const sceneDetailQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [...SCENES_KEY, 'detail', id],
    queryFn: () => requestOrNull<SceneDetail>(SCENE_API.detail(id)),
    enabled: Number.isInteger(id) && id > 0,
    retry: false,
  });

export const useSceneDetail = (id: number) => useQuery(sceneDetailQueryOptions(id));
