import type { CameraVideoClip, CameraVideoPathQuery } from '@sentinel/contract';
import { type PartialRange, rangeToQuery } from '@/shared/filters/time-presets.ts';

/** The playback filter form: a camera and an optional time range. */
export interface PlaybackFilterValues {
  cameraId?: number | null;
  range?: PartialRange;
}

/**
 * The getCameraVideoPath query of the filter form, or null without a camera (the page then asks
 * for one). A half-filled range never gets here (the range field refuses it); an empty range asks
 * for the camera's latest clips.
 */
export function playbackQuery(values: PlaybackFilterValues): CameraVideoPathQuery | null {
  const cameraId = values.cameraId;
  if (typeof cameraId !== 'number' || !Number.isInteger(cameraId) || cameraId <= 0) return null;
  return { cameraId, ...rangeToQuery(values.range) };
}

/** Whether two searches ask for the same clips. */
export function sameQuery(a: CameraVideoPathQuery | null, b: CameraVideoPathQuery | null): boolean {
  if (!a || !b) return a === b;
  return a.cameraId === b.cameraId && a.startTime === b.startTime && a.endTime === b.endTime;
}

/** The clip being played, while it is still listed (a new search may drop it). */
export function selectedClip(list: CameraVideoClip[], key: string | null): CameraVideoClip | null {
  if (key === null) return null;
  return list.find((clip) => clipKey(clip) === key) ?? null;
}

/** A clip's identity across sources (alarm ids and recording ids may overlap). */
export const clipKey = (clip: Pick<CameraVideoClip, 'source' | 'id'>): string => `${clip.source}-${clip.id}`;

/**
 * A recording's length as `M:SS`, or `H:MM:SS` from an hour (whole seconds, rounded down):
 * 600.5 → '10:00', 3725 → '1:02:05'.
 */
export function formatDuration(seconds: number): string {
  const total = Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0;
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const pad = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${pad(m)}:${pad(s)}` : `${m}:${pad(s)}`;
}
