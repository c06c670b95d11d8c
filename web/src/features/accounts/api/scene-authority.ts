import { ACCOUNT_API, type SceneAuthorityBody, type SceneAuthorityResponse } from '@sentinel/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { action } from '@/shared/request/request.ts';
import { ACCOUNTS_KEY } from './keys.ts';

/** POST scene/authority: one account's scene authority. */
export const saveSceneAuthority = async (body: SceneAuthorityBody) =>
  (await action<SceneAuthorityResponse>(ACCOUNT_API.sceneAuthority, { method: 'POST', body })).data;

export function useSaveSceneAuthority() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveSceneAuthority,
    onSuccess: () => client.invalidateQueries({ queryKey: ACCOUNTS_KEY }),
  });
}
