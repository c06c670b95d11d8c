import {
  type CameraCheckListResult,
  type CameraHealthListQuery,
  type CameraHealthListResult,
  type CameraProbeResult,
  type DemoStreamResult,
  type OutageListQuery,
  type OutageListResult,
  SELF_CHECK_CAMERAS_API,
  type SnapshotListQuery,
  type SnapshotListResult,
} from '@sentinel/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { action, request } from '@/shared/request/request.ts';

export const CAMERAS_KEY = ['selfCheckCameras'] as const;

const list = <T>(path: string, body: object, signal: AbortSignal) =>
  request<T>(path, { method: 'POST', body, silent: true, signal });

/** POST selfCheck/camera/list, refreshed every 10 s while the page is open. */
export const useCameraHealth = (query: CameraHealthListQuery) =>
  useQuery({
    queryKey: [...CAMERAS_KEY, 'cameras', query],
    queryFn: ({ signal }) => list<CameraHealthListResult>(SELF_CHECK_CAMERAS_API.cameras, query, signal),
    placeholderData: keepPreviousData,
    refetchInterval: 10_000,
    retry: false,
  });

/** POST selfCheck/camera/check/list: one camera's checks (the drawer). */
export const useCameraChecks = (cameraId: number | undefined, page: { page: number; limit: number }) =>
  useQuery({
    queryKey: [...CAMERAS_KEY, 'checks', cameraId, page],
    queryFn: ({ signal }) =>
      list<CameraCheckListResult>(SELF_CHECK_CAMERAS_API.checks, { ...page, cameraId }, signal),
    enabled: cameraId !== undefined,
    placeholderData: keepPreviousData,
    retry: false,
  });

/** POST selfCheck/camera/outage/list. */
export const useOutages = (query: OutageListQuery) =>
  useQuery({
    queryKey: [...CAMERAS_KEY, 'outages', query],
    queryFn: ({ signal }) => list<OutageListResult>(SELF_CHECK_CAMERAS_API.outages, query, signal),
    placeholderData: keepPreviousData,
    refetchInterval: 10_000,
    retry: false,
  });

/** POST selfCheck/camera/snapshot/list. */
export const useSnapshots = (query: SnapshotListQuery) =>
  useQuery({
    queryKey: [...CAMERAS_KEY, 'snapshots', query],
    queryFn: ({ signal }) => list<SnapshotListResult>(SELF_CHECK_CAMERAS_API.snapshots, query, signal),
    placeholderData: keepPreviousData,
    refetchInterval: 30_000,
    retry: false,
  });

/** "Probe now": one camera's stream probed at once; the lists refresh. */
export function useProbeNow() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (cameraId: number) =>
      request<CameraProbeResult>(SELF_CHECK_CAMERAS_API.probe, { method: 'POST', body: { cameraId } }),
    onSettled: () => client.invalidateQueries({ queryKey: CAMERAS_KEY }),
  });
}

/** Stops or starts a demo camera's demo stream. */
export function useDemoStream() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { cameraId: number; running: boolean }) =>
      action<DemoStreamResult>(SELF_CHECK_CAMERAS_API.demoStream, { body }),
    onSettled: () => client.invalidateQueries({ queryKey: CAMERAS_KEY }),
  });
}
