import { DEVICE_API } from '@sentinel/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/request/request.ts';

/** The plant tree as the plant feature serves it (only the fields the area pickers need). */
export interface AreaTreeNode {
  id: number;
  name: string;
  kind: string;
  children?: AreaTreeNode[];
}

/**
 * GET plant/tree. Silent: when the plant feature is not there (or fails) the pickers show no
 * areas instead of an error toast, and cameras can still be saved without an area.
 */
export const fetchAreaTree = () =>
  request<AreaTreeNode[]>(DEVICE_API.plantTree, { silent: true }).catch(() => [] as AreaTreeNode[]);

export const areaTreeQueryOptions = () =>
  queryOptions({ queryKey: ['devices', 'areaTree'], queryFn: fetchAreaTree, staleTime: 60_000 });

export const useAreaTree = () => useQuery(areaTreeQueryOptions());
