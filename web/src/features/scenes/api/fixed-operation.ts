import { type FixedOperationDetail, SCENE_API } from '@sentinel/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestOrNull } from '@/shared/request/request-or-null.ts';
import { SCENES_KEY } from './scene-list.ts';

/** GET fixedOperation/{id}; null when it does not exist. */
export const fixedOperationQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [...SCENES_KEY, 'fixedOperation', id],
    queryFn: () => requestOrNull<FixedOperationDetail>(SCENE_API.fixedOperation(id)),
    enabled: Number.isInteger(id) && id > 0,
    retry: false,
  });

export const useFixedOperation = (id: number) => useQuery(fixedOperationQueryOptions(id));
