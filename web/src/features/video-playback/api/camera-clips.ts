import { type CameraVideoPathQuery, type CameraVideoPathResult, VIDEO_API } from '@sentinel/contract';
import { useQuery } from '@tanstack/react-query';
import { request } from '@/shared/request/request.ts';

export const PLAYBACK_KEY = ['videoPlayback', 'clips'] as const;

export const fetchCameraClips = (query: CameraVideoPathQuery, signal?: AbortSignal) =>
  request<CameraVideoPathResult>(VIDEO_API.cameraVideoPath, { query: { ...query }, silent: true, signal });

/** GET getCameraVideoPath: a camera's recorded clips, newest first (only once a camera is chosen). */
export const useCameraClips = (query: CameraVideoPathQuery | null) =>
  useQuery({
    queryKey: [...PLAYBACK_KEY, query],
    queryFn: ({ signal }) => {
      if (!query) throw new Error('no camera');
      return fetchCameraClips(query, signal);
    },
    enabled: query !== null,
    retry: false,
  });
