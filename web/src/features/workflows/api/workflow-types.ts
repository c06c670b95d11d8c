import {
  WORKFLOW_API,
  type WorkflowTypeBody,
  type WorkflowTypeOption,
  type WorkflowTypeRow,
} from '@sentinel/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { crudApi } from '@/shared/crud/index.ts';
import { request } from '@/shared/request/request.ts';

/** Workflow types (one catalogue behind both the knowledge-base and the scene-management screens). */

export interface WorkflowTypeFilter {
  page: number;
  limit: number;
  name: string;
}

export const fetchAllWorkflowTypes = () => request<WorkflowTypeOption[]>(WORKFLOW_API.typeAll);

export const allWorkflowTypesQueryOptions = () =>
  queryOptions({ queryKey: ['workflowTypes', 'all'], queryFn: fetchAllWorkflowTypes });

export const useAllWorkflowTypes = () => useQuery(allWorkflowTypesQueryOptions());

/** Edited with PUT /workflowType and the id in the body; a change refreshes the flowcharts too. */
const calls = crudApi<WorkflowTypeRow, WorkflowTypeBody, WorkflowTypeFilter>(
  ['workflowTypes'],
  { list: WORKFLOW_API.typeList, create: WORKFLOW_API.type, one: WORKFLOW_API.typeDelete },
  { alsoInvalidate: [['workflows']], idInBody: true },
);

/** The catalogue's calls as the kit takes them (the list filters by `name`: the page's keyword). */
export const workflowTypeApi = {
  useList: ({ page, limit, keyword }: { page: number; limit: number; keyword?: string }) =>
    calls.useList({ page, limit, name: keyword ?? '' }),
  useSave: calls.useSave,
  useRemove: calls.useRemove,
};
