import {
  ALGORITHM_API,
  type AlgorithmBody,
  type AlgorithmItem,
  type AlgorithmListQuery,
} from '@sentinel/contract';
import { crudApi } from '@/shared/crud/index.ts';

/** The algorithms catalogue; a change also refreshes the types (they count their algorithms). */
export const algorithmApi = crudApi<AlgorithmItem, AlgorithmBody, AlgorithmListQuery>(
  ['algorithms'],
  { list: ALGORITHM_API.list, create: ALGORITHM_API.create, one: ALGORITHM_API.one },
  { alsoInvalidate: [['algorithmTypes']] },
);
