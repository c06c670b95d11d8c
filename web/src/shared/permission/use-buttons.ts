import { API } from '@sentinel/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../request/request.ts';

/** The caller's button codes on one screen (SPEC §6: `role/{name}/subResource`, home uses dashboard). */
export const buttonsQueryOptions = (routeName: string) =>
  queryOptions({
    queryKey: ['buttons', routeName],
    queryFn: () => request<string[]>(API.roleSubResource(routeName)),
    staleTime: 5 * 60_000,
  });

/**
 * `can('cameraSet:add')` is true when the caller holds that button code on `routeName`.
 * Controls whose code is not allowed are removed (not just disabled); the server checks again.
 */
export function useButtons(routeName: string): { can: (code: string) => boolean; loading: boolean } {
  const { data, isPending } = useQuery(buttonsQueryOptions(routeName));
  const granted = new Set(data ?? []);
  return { can: (code) => granted.has(code), loading: isPending };
}
