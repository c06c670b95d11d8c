import { type CollieryInfo, PLANT_API, type SaveCollieryInfoBody } from '@sentinel/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { loadApplicationInfo } from '@/features/session/index.ts';
import { action, request } from '@/shared/request/request.ts';

export const fetchCollieryInfo = () => request<CollieryInfo>(PLANT_API.collieryInfo);

export const collieryInfoQueryOptions = () =>
  queryOptions({ queryKey: ['collieryInfo'], queryFn: fetchCollieryInfo });

export const useCollieryInfo = () => useQuery(collieryInfoQueryOptions());

export const saveCollieryInfo = (body: SaveCollieryInfoBody) =>
  action<CollieryInfo>(PLANT_API.collieryInfo, { method: 'PUT', body });

/** Saves, then reloads the application info so the sidebar shows the new logo at once. */
export function useSaveCollieryInfo() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveCollieryInfo,
    onSuccess: async (envelope) => {
      client.setQueryData(['collieryInfo'], envelope.data);
      await loadApplicationInfo();
    },
  });
}
