import {
  ALGORITHM_API,
  type AlgorithmTypeBody,
  type AlgorithmTypeItem,
  type AlgorithmTypeListQuery,
  type AlgorithmTypeOption,
} from '@sentinel/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { crudApi } from '@/shared/crud/index.ts';
import { request } from '@/shared/request/request.ts';

/** Algorithm types; a change also refreshes the algorithms (they show their type's name). */
export const algorithmTypeApi = crudApi<AlgorithmTypeItem, AlgorithmTypeBody, AlgorithmTypeListQuery>(
  ['algorithmTypes'],
  { list: ALGORITHM_API.typeList, create: ALGORITHM_API.type, one: ALGORITHM_API.typeOne },
  { alsoInvalidate: [['algorithms']] },
);

export const fetchAllAlgorithmTypes = () => request<AlgorithmTypeOption[]>(ALGORITHM_API.typeAll);

export const useAllAlgorithmTypes = () =>
  useQuery(queryOptions({ queryKey: ['algorithmTypes', 'all'], queryFn: fetchAllAlgorithmTypes }));
