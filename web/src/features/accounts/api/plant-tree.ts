import { PLANT_API, type PlantTreeNode } from '@sentinel/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/request/request.ts';

/** GET plant/tree (the same call and cache key as the plant feature). */
export const fetchPlantTree = () => request<PlantTreeNode[]>(PLANT_API.tree);

export const plantTreeQueryOptions = () =>
  queryOptions({ queryKey: ['plant', 'tree'], queryFn: fetchPlantTree, staleTime: 30_000 });

export const usePlantTree = () => useQuery(plantTreeQueryOptions());
