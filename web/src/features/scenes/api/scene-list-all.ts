import { SCENE_API, type SceneItem, type SceneKind } from '@sentinel/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/shared/request/request.ts';
import { SCENES_KEY } from './scene-list.ts';

/** SPEC §9: "scene list all" is a long call. */
export const fetchAllScenes = (kind: SceneKind, enabled?: boolean) =>
  request<SceneItem[]>(SCENE_API.listAll, {
    method: 'POST',
    body: { kind, enabled },
    long: true,
    silent: true,
  });

export const allScenesQueryOptions = (kind: SceneKind, enabled?: boolean, active = true) =>
  queryOptions({
    queryKey: [...SCENES_KEY, 'all', kind, enabled ?? null],
    queryFn: () => fetchAllScenes(kind, enabled),
    enabled: active,
    staleTime: 30_000,
  });

export const useAllScenes = (kind: SceneKind, enabled?: boolean, active = true) =>
  useQuery(allScenesQueryOptions(kind, enabled, active));
