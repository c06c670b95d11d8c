import {
  type ListResult,
  WORKFLOW_API,
  type WorkflowTypeBody,
  type WorkflowTypeOption,
  type WorkflowTypeRow,
  type WorkflowTypeUpdateBody,
} from '@sentinel/contract';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { action, request } from '@/shared/request/request.ts';

/** Workflow types (one catalogue behind both the knowledge-base and the scene-management screens). */

export interface WorkflowTypeFilter {
  page: number;
  limit: number;
  name: string;
}

export const fetchWorkflowTypes = (filter: WorkflowTypeFilter) =>
  request<ListResult<WorkflowTypeRow>>(WORKFLOW_API.typeList, { method: 'POST', body: filter });

export const workflowTypesQueryOptions = (filter: WorkflowTypeFilter) =>
  queryOptions({
    queryKey: ['workflowTypes', 'list', filter],
    queryFn: () => fetchWorkflowTypes(filter),
    placeholderData: keepPreviousData,
  });

export const useWorkflowTypes = (filter: WorkflowTypeFilter) => useQuery(workflowTypesQueryOptions(filter));

export const fetchAllWorkflowTypes = () => request<WorkflowTypeOption[]>(WORKFLOW_API.typeAll);

export const allWorkflowTypesQueryOptions = () =>
  queryOptions({ queryKey: ['workflowTypes', 'all'], queryFn: fetchAllWorkflowTypes });

export const useAllWorkflowTypes = () => useQuery(allWorkflowTypesQueryOptions());

export const saveWorkflowType = (body: WorkflowTypeBody | WorkflowTypeUpdateBody) =>
  action<{ id: number } | null>(WORKFLOW_API.type, { method: 'id' in body ? 'PUT' : 'POST', body });

export const deleteWorkflowType = (id: number) =>
  action<null>(WORKFLOW_API.typeDelete(id), { method: 'DELETE' });

function useInvalidateTypes() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: ['workflowTypes'] }),
      client.invalidateQueries({ queryKey: ['workflows'] }),
    ]);
}

export function useSaveWorkflowType() {
  const invalidate = useInvalidateTypes();
  return useMutation({ mutationFn: saveWorkflowType, onSuccess: invalidate });
}

export function useDeleteWorkflowType() {
  const invalidate = useInvalidateTypes();
  return useMutation({ mutationFn: deleteWorkflowType, onSuccess: invalidate });
}
