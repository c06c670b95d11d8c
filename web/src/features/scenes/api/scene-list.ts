import { type ListResult, SCENE_API, type SceneItem, type SceneListQuery } from '@sentinel/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/shared/request/request.ts';

/** Every scene query starts with this key: invalidate it after any scene change. */
export const SCENES_KEY = ['scenes'] as const;

export const fetchScenes = (query: SceneListQuery) =>
  request<ListResult<SceneItem>>(SCENE_API.list, { method: 'POST', body: query });

export const scenesQueryOptions = (query: SceneListQuery) =>
  queryOptions({
    queryKey: [...SCENES_KEY, 'list', query],
    queryFn: () => fetchScenes(query),
    placeholderData: keepPreviousData,
  });

export const useScenes = (query: SceneListQuery) => useQuery(scenesQueryOptions(query));
