import { SCENE_API, type SceneDetail } from '@sentinel/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { RequestError } from '@/shared/request/errors.ts';
import { request } from '@/shared/request/request.ts';
import { SCENES_KEY } from './scene-list.ts';

/** The scene with its cameras; null when there is no such scene (404). */
export async function fetchSceneDetail(id: number): Promise<SceneDetail | null> {
  try {
    return await request<SceneDetail>(SCENE_API.detail(id), { silent: true });
  } catch (error) {
    if (error instanceof RequestError && error.httpStatus === 404) return null;
    throw error;
  }
}

export const sceneDetailQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [...SCENES_KEY, 'detail', id],
    queryFn: () => fetchSceneDetail(id),
    enabled: Number.isInteger(id) && id > 0,
    retry: false,
  });

export const useSceneDetail = (id: number) => useQuery(sceneDetailQueryOptions(id));
