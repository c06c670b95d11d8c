import {
  AI_INSTANCE_API,
  AI_INSTANCE_DEPLOYED_EVENT,
  type AiInstanceDetail,
  type AiInstanceListQuery,
  type AiInstanceListResult,
  type DeploymentEvent,
  type PublishBody,
} from '@sentinel/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRealtime } from '@/shared/realtime/use-realtime.ts';
import { action, request } from '@/shared/request/request.ts';

/** Query keys of the instance library. */
export const INSTANCES_KEY = ['aiInstances'] as const;

export const fetchInstances = (query: AiInstanceListQuery, signal?: AbortSignal) =>
  request<AiInstanceListResult>(AI_INSTANCE_API.list, { method: 'POST', body: query, silent: true, signal });

/** POST aiInstance/list: a page of instances (the previous page stays shown while the next loads). */
export const useInstances = (query: AiInstanceListQuery) =>
  useQuery({
    queryKey: [...INSTANCES_KEY, 'list', query],
    queryFn: ({ signal }) => fetchInstances(query, signal),
    placeholderData: keepPreviousData,
  });

/** GET aiInstance/{id}: versions, history, cameras. */
export const useInstance = (id: number | null) =>
  useQuery({
    queryKey: [...INSTANCES_KEY, 'detail', id],
    queryFn: ({ signal }) => {
      if (id === null) throw new Error('no instance');
      return request<AiInstanceDetail>(AI_INSTANCE_API.detail(id), { silent: true, signal });
    },
    enabled: id !== null,
    retry: false,
  });

function useInvalidateAll() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: INSTANCES_KEY });
}

/** Publish a version (the server's success toast; a refusal shows its message). */
export function usePublish(id: number) {
  const onSettled = useInvalidateAll();
  return useMutation({
    mutationFn: (body: PublishBody) => action<DeploymentEvent>(AI_INSTANCE_API.publish(id), { body }),
    onSettled,
  });
}

/** Roll back to the version live before the current one. */
export function useRollback(id: number) {
  const onSettled = useInvalidateAll();
  return useMutation({
    mutationFn: () => action<DeploymentEvent>(AI_INSTANCE_API.rollback(id), { body: {} }),
    onSettled,
  });
}

/** A publish or roll-back anywhere (another console, training) re-reads the library. */
export function useDeploymentEvents() {
  const invalidate = useInvalidateAll();
  useRealtime(AI_INSTANCE_DEPLOYED_EVENT, () => void invalidate());
}
