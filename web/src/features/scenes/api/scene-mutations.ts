import { SCENE_API, type SceneBody, type SceneItem, type SceneUpdateBody } from '@sentinel/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { action } from '@/shared/request/request.ts';
import { SCENES_KEY } from './scene-list.ts';

export const createScene = (body: SceneBody) =>
  action<SceneItem>(SCENE_API.scene, { method: 'POST', body, long: true });
export const updateScene = (body: SceneUpdateBody) =>
  action<SceneItem>(SCENE_API.scene, { method: 'PUT', body, long: true });
export const deleteScene = (id: number) => action<null>(SCENE_API.one(id), { method: 'DELETE' });
export const deleteScenes = (ids: number[]) =>
  action<null>(SCENE_API.scene, { method: 'DELETE', body: { ids }, long: true });
/** SPEC §9: scene enable and disable are long calls. */
export const setSceneEnabled = ({ id, enabled }: { id: number; enabled: boolean }) =>
  action<null>(enabled ? SCENE_API.enable(id) : SCENE_API.disable(id), { method: 'POST', long: true });

/** Every scene change refreshes the lists, the scene menus (sidebar) and the scene pages. */
function useSceneMutation<A, R>(fn: (arg: A) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => client.invalidateQueries({ queryKey: SCENES_KEY }),
  });
}

export const useCreateScene = () => useSceneMutation(createScene);
export const useUpdateScene = () => useSceneMutation(updateScene);
export const useDeleteScene = () => useSceneMutation(deleteScene);
export const useDeleteScenes = () => useSceneMutation(deleteScenes);
export const useSetSceneEnabled = () => useSceneMutation(setSceneEnabled);
