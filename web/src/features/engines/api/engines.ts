import { ALARM_API, type EngineCreated, type EngineItem } from '@sentinel/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { action, request } from '@/shared/request/request.ts';

const ENGINES_KEY = ['engines', 'list'] as const;

/** GET engine/list: name, key prefix, enabled, last seen (permission systemServerSettings). */
export const useEngines = () =>
  useQuery({
    queryKey: ENGINES_KEY,
    queryFn: () => request<EngineItem[]>(ALARM_API.engineList),
  });

function useEngineMutation<A, T>(run: (arg: A) => Promise<T>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSettled: () => client.invalidateQueries({ queryKey: ENGINES_KEY }),
  });
}

/** POST engine: the answer holds the key, shown this once. */
export const useCreateEngine = () =>
  useEngineMutation(
    async (name: string) => (await action<EngineCreated>(ALARM_API.engines, { body: { name } })).data,
  );

export const useSetEngineEnabled = () =>
  useEngineMutation(({ id, enabled }: { id: number; enabled: boolean }) =>
    action<EngineItem>(enabled ? ALARM_API.engineEnable(id) : ALARM_API.engineDisable(id)),
  );

export const useDeleteEngine = () =>
  useEngineMutation((id: number) => action<null>(ALARM_API.engine(id), { method: 'DELETE' }));
