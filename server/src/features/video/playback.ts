import {
  CAMERA_VIDEO_PATH_LIMIT,
  type CameraAlarmClip,
  type CameraVideoClip,
  type CameraVideoPathQuery,
  type CameraVideoPathResult,
  clipStartTime,
  type StreamKind,
} from '@sentinel/contract';
import { and, desc, eq, gte, inArray, lte, ne, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { videoAlarm } from '../../db/schema/index.ts';
import { badRequest } from '../../platform/errors.ts';
import { mediaUrl } from '../../platform/media.ts';
import type { VisibleScenes } from '../../platform/scene-authority.ts';
import { fetchRecordings, RECORDINGS_DEFAULT_RANGE_MS, recordingClips } from './recordings.ts';
import type { VideoCamera } from './stream-camera.ts';
import { signStreamToken } from './stream-token.ts';

/** A stored media path becomes its URL; absolute URLs and paths stay (as the alarm mapper does). */
function clipUrl(value: string): string {
  if (value.startsWith('/') || /^https?:\/\//i.test(value)) return value;
  return mediaUrl(value);
}

function clipKind(url: string): StreamKind {
  const path = (url.split(/[?#]/)[0] ?? '').toLowerCase();
  if (path.endsWith('.m3u8')) return 'hls';
  if (path.endsWith('.flv')) return /^wss?:/.test(path) ? 'ws-flv' : 'http-flv';
  return 'mp4';
}

/** Both times or neither, start not after end (400 'time.rangeRequired'). */
export function playbackRange(query: CameraVideoPathQuery): { from?: Date; to?: Date } {
  if (Boolean(query.startTime) !== Boolean(query.endTime)) throw badRequest('time.rangeRequired');
  if (!query.startTime || !query.endTime) return {};
  const from = new Date(query.startTime);
  const to = new Date(query.endTime);
  if (from.getTime() > to.getTime()) throw badRequest('time.rangeRequired');
  return { from, to };
}

/**
 * The camera's alarm clips (video_alarm rows of the camera with a clip), newest first, at most
 * CAMERA_VIDEO_PATH_LIMIT; an account limited to some scenes sees the alarms of its scenes only
 * (as in the alarm list).
 */
export async function alarmClips(
  db: Db,
  cameraId: number,
  range: { from?: Date; to?: Date },
  scenes: VisibleScenes,
): Promise<{ list: CameraAlarmClip[]; truncated: boolean }> {
  const where: SQL[] = [eq(videoAlarm.cameraId, cameraId), ne(videoAlarm.alarmVideo, '')];
  if (range.from) where.push(gte(videoAlarm.alarmTime, range.from));
  if (range.to) where.push(lte(videoAlarm.alarmTime, range.to));
  if (scenes !== 'all') where.push(inArray(videoAlarm.sceneId, scenes.length > 0 ? scenes : [-1]));
  const rows = await db
    .select({
      id: videoAlarm.id,
      alarmTime: videoAlarm.alarmTime,
      videoAlarmTypeName: videoAlarm.videoAlarmTypeName,
      alarmVideo: videoAlarm.alarmVideo,
    })
    .from(videoAlarm)
    .where(and(...where))
    .orderBy(desc(videoAlarm.alarmTime), desc(videoAlarm.id))
    .limit(CAMERA_VIDEO_PATH_LIMIT + 1);
  const list = rows.slice(0, CAMERA_VIDEO_PATH_LIMIT).map((row): CameraAlarmClip => {
    const url = clipUrl(row.alarmVideo);
    return {
      source: 'alarm',
      id: row.id,
      alarmTime: row.alarmTime.toISOString(),
      videoAlarmTypeName: row.videoAlarmTypeName,
      url,
      kind: clipKind(url),
    };
  });
  return { list, truncated: rows.length > CAMERA_VIDEO_PATH_LIMIT };
}

/**
 * Alarm clips and recordings in one list, newest first (by the alarm's time or the recording's
 * start; an alarm first on a tie), at most CAMERA_VIDEO_PATH_LIMIT. The alarm clips given are
 * the newest ones, so the merged head is exact; `alarmsTruncated` carries on.
 */
export function mergeClips(
  alarms: CameraAlarmClip[],
  recordings: CameraVideoClip[],
  alarmsTruncated: boolean,
): { list: CameraVideoClip[]; truncated: boolean } {
  const all: CameraVideoClip[] = [...alarms, ...recordings];
  const time = all.map((clip) => Date.parse(clipStartTime(clip)));
  const order = all.map((_, i) => i).sort((a, b) => (time[b] ?? 0) - (time[a] ?? 0) || a - b);
  return {
    list: order.slice(0, CAMERA_VIDEO_PATH_LIMIT).map((i) => all[i] as CameraVideoClip),
    truncated: alarmsTruncated || all.length > CAMERA_VIDEO_PATH_LIMIT,
  };
}

export interface RecordingsContext {
  /** MEDIA_RECORDINGS_URL (undefined: no recordings are asked for). */
  baseUrl: string | undefined;
  /** MEDIA_RECORDINGS_PUBLIC_URL (undefined: baseUrl). */
  publicUrl: string | undefined;
  secret: string;
  ttlSeconds: number;
  nowMs: number;
  accountId: number;
  /** Called when the playback server cannot be used (logged by the caller). */
  onUnavailable?: (reason: string) => void;
}

/**
 * getCameraVideoPath: the camera's alarm clips and, with MEDIA_RECORDINGS_URL, the recordings its
 * playback server reports for the range (the last 24 hours without one). The server being down
 * never fails the answer: the alarm clips are listed with `recordingsUnavailable`.
 */
export async function cameraVideoPath(
  db: Db,
  cam: VideoCamera,
  range: { from?: Date; to?: Date },
  scenes: VisibleScenes,
  ctx: RecordingsContext,
): Promise<CameraVideoPathResult> {
  const base = ctx.baseUrl;
  const recordingsRange =
    range.from && range.to
      ? { from: range.from, to: range.to }
      : { from: new Date(ctx.nowMs - RECORDINGS_DEFAULT_RANGE_MS), to: new Date(ctx.nowMs) };
  const listToken = signStreamToken(ctx.secret, {
    stream: cam.code,
    accountId: ctx.accountId,
    expires: Math.floor(ctx.nowMs / 1000) + ctx.ttlSeconds,
  });
  const [alarms, answer] = await Promise.all([
    alarmClips(db, cam.id, range, scenes),
    base ? fetchRecordings(base, cam.code, recordingsRange, listToken) : Promise.resolve(undefined),
  ]);
  let recordings: CameraVideoClip[] = [];
  if (answer?.ok && base) {
    recordings = recordingClips(answer.recordings, {
      publicBase: ctx.publicUrl ?? base,
      stream: cam.code,
      range: recordingsRange,
      secret: ctx.secret,
      accountId: ctx.accountId,
      ttlSeconds: ctx.ttlSeconds,
      nowMs: ctx.nowMs,
    });
  } else if (answer && !answer.ok) {
    ctx.onUnavailable?.(answer.reason);
  }
  return {
    cameraId: cam.id,
    ...mergeClips(alarms.list, recordings, alarms.truncated),
    recordingsUnavailable: answer !== undefined && !answer.ok,
  };
}
