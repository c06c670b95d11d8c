import { type ListResult, WORKFLOW_API, type WorkflowCreateBody, type WorkflowRow } from '@sentinel/contract';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { action, request } from '@/shared/request/request.ts';

export interface WorkflowFilter {
  page: number;
  limit: number;
  name: string;
  typeId?: number | undefined;
}

export const fetchWorkflows = (filter: WorkflowFilter) =>
  request<ListResult<WorkflowRow>>(WORKFLOW_API.list, { method: 'POST', body: filter });

export const workflowsQueryOptions = (filter: WorkflowFilter) =>
  queryOptions({
    queryKey: ['workflows', 'list', filter],
    queryFn: () => fetchWorkflows(filter),
    placeholderData: keepPreviousData,
  });

export const useWorkflows = (filter: WorkflowFilter) => useQuery(workflowsQueryOptions(filter));

export const createWorkflow = (body: WorkflowCreateBody) =>
  action<{ id: number }>(WORKFLOW_API.workflow, { method: 'POST', body });

export const deleteWorkflow = (id: number) => action<null>(WORKFLOW_API.detail(id), { method: 'DELETE' });

export function useCreateWorkflow() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createWorkflow,
    onSuccess: () => client.invalidateQueries({ queryKey: ['workflows'] }),
  });
}

export function useDeleteWorkflow() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteWorkflow,
    onSuccess: () => client.invalidateQueries({ queryKey: ['workflows'] }),
  });
}
