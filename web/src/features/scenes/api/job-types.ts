import { type JobTypeItem, type JobTypeKind, type ListResult, SCENE_API } from '@sentinel/contract';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { action, request } from '@/shared/request/request.ts';
import { SCENES_KEY } from './scene-list.ts';

const KEY = ['jobTypes'] as const;

export interface JobTypeQuery {
  page: number;
  limit: number;
  keyword?: string;
  kind?: JobTypeKind;
}

export const jobTypesQueryOptions = (query: JobTypeQuery) =>
  queryOptions({
    queryKey: [...KEY, 'list', query],
    queryFn: () => request<ListResult<JobTypeItem>>(SCENE_API.jobTypeList, { method: 'POST', body: query }),
    placeholderData: keepPreviousData,
  });
export const useJobTypes = (query: JobTypeQuery) => useQuery(jobTypesQueryOptions(query));

/** Every job type (pickers). */
export const useAllJobTypes = () =>
  useQuery({
    queryKey: [...KEY, 'all'],
    queryFn: () => request<JobTypeItem[]>(SCENE_API.jobTypeListAll, { method: 'POST', body: {} }),
  });

export interface JobTypeInput {
  name: string;
  kind: JobTypeKind;
  description?: string;
}

const useSaveJobType = () => {
  const client = useQueryClient();
  return useMutation({
    // Job types are edited with PUT /jobType and the id in the body (not a SPEC path).
    mutationFn: ({ id, body }: { id?: number; body: JobTypeInput }) =>
      action<JobTypeItem>(SCENE_API.jobType, {
        method: id ? 'PUT' : 'POST',
        body: id ? { ...body, id } : body,
      }),
    onSettled: async () => {
      await client.invalidateQueries({ queryKey: KEY });
      await client.invalidateQueries({ queryKey: SCENES_KEY });
    },
  });
};

const useDeleteJobType = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => action<null>(SCENE_API.jobTypeOne(id), { method: 'DELETE' }),
    onSettled: () => client.invalidateQueries({ queryKey: KEY }),
  });
};

/** The job type catalogue's calls, as the kit's list page and form take them. */
export const jobTypeApi = { useList: useJobTypes, useSave: useSaveJobType, useRemove: useDeleteJobType };
