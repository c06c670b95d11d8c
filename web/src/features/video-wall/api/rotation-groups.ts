import { DEVICE_API, type ListResult, type RotationRow } from '@sentinel/contract';
import { useQuery } from '@tanstack/react-query';
import { request } from '@/shared/request/request.ts';

/** Camera rotation groups (readable by every logged-in user); the first 50 are enough for a picker. */
export const fetchRotationGroups = () =>
  request<ListResult<RotationRow>>(DEVICE_API.rotationList, {
    method: 'POST',
    body: { page: 1, limit: 50, keyword: '' },
  });

export const useRotationGroups = () =>
  useQuery({ queryKey: ['videoWall', 'rotationGroups'], queryFn: fetchRotationGroups });
