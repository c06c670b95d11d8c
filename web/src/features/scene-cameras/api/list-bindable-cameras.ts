import {
  type BindableCamera,
  type BindableCameraQuery,
  type ListResult,
  SCENE_CAMERA_API,
} from '@sentinel/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/shared/request/request.ts';
import { sceneCameraKeys } from './keys.ts';

export const fetchBindableCameras = (query: BindableCameraQuery) =>
  request<ListResult<BindableCamera>>(SCENE_CAMERA_API.bindable, { method: 'POST', body: query });

export const bindableCamerasQueryOptions = (query: BindableCameraQuery, open: boolean) =>
  queryOptions({
    queryKey: sceneCameraKeys.bindable(query),
    queryFn: () => fetchBindableCameras(query),
    enabled: open,
    placeholderData: keepPreviousData,
  });

export const useBindableCameras = (query: BindableCameraQuery, open: boolean) =>
  useQuery(bindableCamerasQueryOptions(query, open));
