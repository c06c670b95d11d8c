import { type JobTypeItem, type JobTypeKind, SCENE_API } from '@sentinel/contract';
import { useQuery } from '@tanstack/react-query';
import { crudApi } from '@/shared/crud/index.ts';
import { request } from '@/shared/request/request.ts';
import { SCENES_KEY } from './scene-list.ts';

const KEY = ['jobTypes'] as const;

export interface JobTypeQuery {
  page: number;
  limit: number;
  keyword?: string;
  kind?: JobTypeKind;
}

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

/** The job type catalogue's calls (edited with PUT /jobType and the id in the body); a change refreshes scenes too. */
export const jobTypeApi = crudApi<JobTypeItem, JobTypeInput, JobTypeQuery>(
  KEY,
  { list: SCENE_API.jobTypeList, create: SCENE_API.jobType, one: SCENE_API.jobTypeOne },
  { alsoInvalidate: [SCENES_KEY], idInBody: true },
);
