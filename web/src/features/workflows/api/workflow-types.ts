import {
  type ListResult,
  WORKFLOW_API,
  type WorkflowTypeBody,
  type WorkflowTypeOption,
  type WorkflowTypeRow,
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

const useSaveWorkflowType = () => {
  const invalidate = useInvalidateTypes();
  return useMutation({
    // Workflow types are edited with PUT /workflowType and the id in the body.
    mutationFn: ({ id, body }: { id?: number; body: WorkflowTypeBody }) =>
      action<{ id: number } | null>(WORKFLOW_API.type, {
        method: id ? 'PUT' : 'POST',
        body: id ? { ...body, id } : body,
      }),
    onSuccess: invalidate,
  });
};

const useDeleteWorkflowType = () => {
  const invalidate = useInvalidateTypes();
  return useMutation({
    mutationFn: (id: number) => action<null>(WORKFLOW_API.typeDelete(id), { method: 'DELETE' }),
    onSuccess: invalidate,
  });
};

function useInvalidateTypes() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: ['workflowTypes'] }),
      client.invalidateQueries({ queryKey: ['workflows'] }),
    ]);
}

/** The catalogue's calls as the kit takes them (the list filters by `name`: the page's keyword). */
export const workflowTypeApi = {
  useList: ({ page, limit, keyword }: { page: number; limit: number; keyword?: string }) =>
    useWorkflowTypes({ page, limit, name: keyword ?? '' }),
  useSave: useSaveWorkflowType,
  useRemove: useDeleteWorkflowType,
};
