import { PLANT_API, type PlantTreeNode, WORKFLOW_API, type WorkflowOption } from '@sentinel/contract';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/request/request.ts';

/** The plant tree for the area picker (built by the plant feature). */
export const usePlantTree = () =>
  useQuery({
    queryKey: ['plant', 'tree'],
    queryFn: () => request<PlantTreeNode[]>(PLANT_API.tree, { silent: true }),
    staleTime: 60_000,
  });

/** Flowcharts for a fixed operation; an empty list when the workflow API does not answer. */
export const useWorkflowOptions = () =>
  useQuery({
    queryKey: ['workflows', 'all'],
    queryFn: () => request<WorkflowOption[]>(WORKFLOW_API.all, { silent: true }).catch(() => []),
    staleTime: 60_000,
  });
