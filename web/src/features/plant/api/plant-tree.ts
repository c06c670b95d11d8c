import { PLANT_API, type PlantFlatNode, type PlantKind, type PlantNodeDetail } from '@sentinel/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/shared/request/request.ts';

/** Every plant query starts with this key (mutations invalidate it). */
export const PLANT_KEY = ['plant'] as const;

export const fetchPlantNodes = (kind?: PlantKind) =>
  request<PlantFlatNode[]>(PLANT_API.nodes, { query: { kind } });

/** Flat list in tree order, each node with its path ('东区煤化工厂 / 焦化车间 / 1号炉区'). */
export const plantNodesQueryOptions = (kind?: PlantKind) =>
  queryOptions({
    queryKey: [...PLANT_KEY, 'nodes', kind ?? 'all'],
    queryFn: () => fetchPlantNodes(kind),
    staleTime: 30_000,
  });

export const usePlantNodes = (kind?: PlantKind) => useQuery(plantNodesQueryOptions(kind));

export const fetchPlantNode = (id: number) => request<PlantNodeDetail>(PLANT_API.node(id));

export const plantNodeQueryOptions = (id: number | undefined) =>
  queryOptions({
    queryKey: [...PLANT_KEY, 'node', id],
    queryFn: () => fetchPlantNode(id as number),
    enabled: id !== undefined,
  });

export const usePlantNode = (id: number | undefined) => useQuery(plantNodeQueryOptions(id));
