import { type FixedOperationDetail, SCENE_API } from '@sentinel/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { RequestError } from '@/shared/request/errors.ts';
import { request } from '@/shared/request/request.ts';
import { SCENES_KEY } from './scene-list.ts';

/** GET fixedOperation/{id}; null when it does not exist. */
export async function fetchFixedOperation(id: number): Promise<FixedOperationDetail | null> {
  try {
    return await request<FixedOperationDetail>(SCENE_API.fixedOperation(id), { silent: true });
  } catch (error) {
    if (error instanceof RequestError && error.httpStatus === 404) return null;
    throw error;
  }
}

export const fixedOperationQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [...SCENES_KEY, 'fixedOperation', id],
    queryFn: () => fetchFixedOperation(id),
    enabled: Number.isInteger(id) && id > 0,
    retry: false,
  });

export const useFixedOperation = (id: number) => useQuery(fixedOperationQueryOptions(id));
