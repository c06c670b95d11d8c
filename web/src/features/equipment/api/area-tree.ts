import { type AreaTreeNode, EQUIPMENT_API } from '@sentinel/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/request/request.ts';

/**
 * GET plant/tree (built by the plant feature). Silent: when it is missing or fails the pickers
 * show no areas instead of an error, and devices can still be saved without an area.
 */
export const fetchAreaTree = () =>
  request<AreaTreeNode[]>(EQUIPMENT_API.plantTree, { silent: true }).catch(() => [] as AreaTreeNode[]);

export const areaTreeQueryOptions = () =>
  queryOptions({ queryKey: ['equipment', 'areaTree'], queryFn: fetchAreaTree, staleTime: 60_000 });

export const useAreaTree = () => useQuery(areaTreeQueryOptions());
