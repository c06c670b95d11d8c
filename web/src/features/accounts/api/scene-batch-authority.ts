import { ACCOUNT_API, type SceneAuthorityResponse, type SceneBatchAuthorityBody } from '@sentinel/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { action } from '@/shared/request/request.ts';
import { ACCOUNTS_KEY } from './keys.ts';

/** POST scene/batch/authority: the same scene authority for several accounts. */
export const saveSceneBatchAuthority = async (body: SceneBatchAuthorityBody) =>
  (await action<SceneAuthorityResponse[]>(ACCOUNT_API.sceneBatchAuthority, { method: 'POST', body })).data;

export function useSaveSceneBatchAuthority() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveSceneBatchAuthority,
    onSuccess: () => client.invalidateQueries({ queryKey: ACCOUNTS_KEY }),
  });
}
