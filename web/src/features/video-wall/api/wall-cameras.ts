import { VIDEO_WALL_API, type VideoWallCameras } from '@sentinel/contract';
import { useQuery } from '@tanstack/react-query';
import { request } from '@/shared/request/request.ts';

/** Online status changes: the list refreshes every 30 s while the wall is open. */
const REFRESH_MS = 30_000;

export const fetchWallCameras = () => request<VideoWallCameras>(VIDEO_WALL_API.cameras);

export const useWallCameras = () =>
  useQuery({ queryKey: ['videoWall', 'cameras'], queryFn: fetchWallCameras, refetchInterval: REFRESH_MS });
