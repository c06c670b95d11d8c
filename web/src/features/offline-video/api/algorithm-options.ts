import { ALGORITHM_API, type AlgorithmOption } from '@sentinel/contract';
import { useQuery } from '@tanstack/react-query';
import { request } from '@/shared/request/request.ts';
import { OFFLINE_KEY } from './keys.ts';

/** GET algorithm/list/all: the enabled algorithms an analysis may run (any logged-in user). */
export const useAlgorithmOptions = (enabled: boolean) =>
  useQuery({
    queryKey: [...OFFLINE_KEY, 'algorithms'],
    queryFn: () => request<AlgorithmOption[]>(ALGORITHM_API.all, { silent: true }),
    enabled,
    staleTime: 60_000,
  });
