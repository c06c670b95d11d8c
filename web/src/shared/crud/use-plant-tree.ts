import { PLANT_API, type PlantTreeNode } from '@sentinel/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../request/request.ts';

/**
 * The one cache key of the plant tree: the plant pages, every area picker and filter read it, and
 * the plant feature's changes invalidate it (they invalidate everything under `['plant']`).
 */
export const PLANT_TREE_KEY = ['plant', 'tree'] as const;

/**
 * GET plant/tree. Silent: a screen that needs the tree shows its own error state (the plant pages)
 * or an empty picker (everywhere else), never a toast per picker.
 */
export const fetchPlantTree = () => request<PlantTreeNode[]>(PLANT_API.tree, { silent: true });

export const plantTreeQueryOptions = () =>
  queryOptions({ queryKey: PLANT_TREE_KEY, queryFn: fetchPlantTree, staleTime: 30_000 });

/** The nested plant tree (factory → plants → areas). */
export const usePlantTree = () => useQuery(plantTreeQueryOptions());
