import { WORKFLOW_API, type WorkflowOption } from '@sentinel/contract';
import { useQuery } from '@tanstack/react-query';
import { request } from '@/shared/request/request.ts';

/** Flowcharts for a fixed operation; an empty list when the workflow API does not answer. */
export const useWorkflowOptions = () =>
  useQuery({
    queryKey: ['workflows', 'all'],
    queryFn: () => request<WorkflowOption[]>(WORKFLOW_API.all, { silent: true }).catch(() => []),
    staleTime: 60_000,
  });
