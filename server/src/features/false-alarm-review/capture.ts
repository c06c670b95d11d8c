import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { copyFile, mkdir, unlink } from 'node:fs/promises';
import { dirname, extname } from 'node:path';
import sharp from 'sharp';
import type { Db } from '../../db/client.ts';
import type { videoAlarm } from '../../db/schema/index.ts';
import { resolveMediaPath } from '../../platform/media.ts';
import { insertRecord, type RecordRow } from './repo.ts';

type AlarmRow = typeof videoAlarm.$inferSelect;

/** Where the records' own frames live (alarm media retention never looks here). */
export const FRAME_DIR = 'false-alarm';

export interface CapturedFrame {
  path: string;
  width: number;
  height: number;
}

/**
 * Copies the alarm's original image to a new file of its own under `false-alarm/` and reads its
 * size from the header. No frame ('' and 0×0) when the alarm has none or its file is gone: marking
 * a false positive never fails for a missing picture.
 */
export async function copyFrame(mediaDir: string, alarmImage: string): Promise<CapturedFrame> {
  const none = { path: '', width: 0, height: 0 };
  const source = alarmImage ? resolveMediaPath(mediaDir, alarmImage) : undefined;
  if (!source) return none;
  const ext = extname(source).toLowerCase() === '.png' ? '.png' : '.jpg';
  const path = `${FRAME_DIR}/${randomBytes(12).toString('hex')}${ext}`;
  const target = resolveMediaPath(mediaDir, path);
  if (!target) return none;
  try {
    await mkdir(dirname(target), { recursive: true });
    await copyFile(source, target, constants.COPYFILE_EXCL);
  } catch {
    return none;
  }
  try {
    const meta = await sharp(target).metadata();
    return { path, width: meta.width ?? 0, height: meta.height ?? 0 };
  } catch {
    return { path, width: 0, height: 0 };
  }
}

export async function removeFrame(mediaDir: string, path: string): Promise<void> {
  const file = path ? resolveMediaPath(mediaDir, path) : undefined;
  if (file) await unlink(file).catch(() => undefined);
}

/** Who marked the alarm false positive. */
export interface Marker {
  accountId: number | null;
  accountName: string;
}

/** The record's fields from the alarm (as it is after the mark) and its frame. */
export function recordValues(alarm: AlarmRow, frame: CapturedFrame, marker: Marker, now: Date) {
  return {
    alarmId: alarm.id,
    alarmTime: alarm.alarmTime,
    algorithmId: alarm.algorithmId,
    algorithmName: alarm.videoAlarmTypeName,
    algorithmVersionId: alarm.algorithmVersionId,
    sceneId: alarm.sceneId,
    cameraId: alarm.cameraId,
    cameraName: alarm.cameraName,
    frame: frame.path,
    frameWidth: frame.width,
    frameHeight: frame.height,
    detections: alarm.detections,
    markedById: marker.accountId,
    markedBy: marker.accountName,
    createdAt: now,
  };
}

/**
 * Capture (issue 13 §4): called by triage inside the transaction that marks `alarm` false positive,
 * so the mark and its record commit together. The frame is copied first; `frames` collects the
 * copies so the caller removes them when the transaction does not commit.
 */
export async function captureFalseAlarm(
  tx: Db,
  alarm: AlarmRow,
  marker: Marker,
  now: Date,
  media: { dir: string; frames: string[] } | undefined,
): Promise<RecordRow | undefined> {
  const frame = media ? await copyFrame(media.dir, alarm.alarmImage) : { path: '', width: 0, height: 0 };
  if (frame.path) media?.frames.push(frame.path);
  return insertRecord(tx, recordValues(alarm, frame, marker, now));
}
