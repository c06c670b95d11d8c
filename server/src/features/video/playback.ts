import {
  CAMERA_VIDEO_PATH_LIMIT,
  type CameraVideoClip,
  type CameraVideoPathQuery,
  type StreamKind,
} from '@sentinel/contract';
import { and, desc, eq, gte, inArray, lte, ne, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { videoAlarm } from '../../db/schema/index.ts';
import { badRequest } from '../../platform/errors.ts';
import { mediaUrl } from '../../platform/media.ts';
import type { VisibleScenes } from '../../platform/scene-authority.ts';

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
 * (as in the alarm list). Recordings kept by a media server are not listed (README "Live video").
 */
export async function alarmClips(
  db: Db,
  cameraId: number,
  range: { from?: Date; to?: Date },
  scenes: VisibleScenes,
): Promise<{ list: CameraVideoClip[]; truncated: boolean }> {
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
  const list = rows.slice(0, CAMERA_VIDEO_PATH_LIMIT).map((row): CameraVideoClip => {
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
