import { IMAGE_CHECK_API, type ImageCheckListQuery, type ImageCheckListResult } from '@sentinel/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { action, request } from '@/shared/request/request.ts';

const KEY = ['selfCheckImages'] as const;

export type ImageSource = 'alarm' | 'event';

/**
 * POST self-check/images/alarms|events. Not sent (disabled) until camera, image type and time are
 * all chosen: the page says so instead (SPEC §5 'imageCheck.required').
 */
export const useImageChecks = (source: ImageSource, query: ImageCheckListQuery, ready: boolean) =>
  useQuery({
    queryKey: [...KEY, source, query],
    queryFn: ({ signal }) =>
      request<ImageCheckListResult>(source === 'alarm' ? IMAGE_CHECK_API.alarms : IMAGE_CHECK_API.events, {
        method: 'POST',
        body: query,
        silent: true,
        signal,
      }),
    enabled: ready,
    placeholderData: keepPreviousData,
    retry: false,
  });

/** POST self-check/images/run: the checker once now; then every image-check list is refreshed. */
export const useRunImageChecks = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => action<{ checked: number }>(IMAGE_CHECK_API.run, { silent: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
};
