import { WORKFLOW_API, type WorkflowDetail, type WorkflowSaveBody } from '@sentinel/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { action, request } from '@/shared/request/request.ts';

export const fetchWorkflow = (id: number) => request<WorkflowDetail>(WORKFLOW_API.detail(id));

export const workflowQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['workflows', 'detail', id],
    queryFn: () => fetchWorkflow(id),
    // The editor owns the chart once loaded: no background refetch over unsaved work.
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
    gcTime: 0,
  });

export const useWorkflow = (id: number) => useQuery(workflowQueryOptions(id));

/**
 * Save name, type and (when given) the chart. `silent` when the caller reports a refused chart
 * itself (highlighting the offending nodes).
 */
export const saveWorkflow = (body: WorkflowSaveBody, silent = false) =>
  action<null>(WORKFLOW_API.workflow, { method: 'PUT', body, silent });

export function useSaveWorkflow() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ body, silent }: { body: WorkflowSaveBody; silent?: boolean }) =>
      saveWorkflow(body, silent),
    onSuccess: (_data, { body }) =>
      client.invalidateQueries({
        queryKey: ['workflows'],
        predicate: (query) => !(query.queryKey[1] === 'detail' && query.queryKey[2] === body.id),
      }),
  });
}
