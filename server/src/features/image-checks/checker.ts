import { readFile, stat } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import type { Db } from '../../db/client.ts';
import { INGEST_IMAGE_MAX_BYTES } from '../../platform/engine-auth.ts';
import { mediaRoot, resolveMediaPath } from '../../platform/media.ts';
import {
  alarmsAfter,
  eventsAfter,
  type ImageCheckInsert,
  insertChecks,
  lastCheckedId,
  removeOrphans,
} from './repo.ts';

/**
 * The image checker (issue 14): follows new alarms and events by id (the cursor is the highest
 * record id already checked), reads each image from the media store and records what it found.
 */

/** Records checked per source and run. */
export const IMAGE_CHECK_BATCH = 200;

type Finding = Pick<ImageCheckInsert, 'problem' | 'bytes' | 'mime' | 'width' | 'height'>;

const isJpeg = (b: Buffer) => b.length > 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff;
const isPng = (b: Buffer) =>
  b.length > 8 && b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));

/** missing / tooLarge / wrongType / unreadable, or sound with its bytes, mime and size. */
export async function checkImage(root: string, path: string): Promise<Finding> {
  const file = path ? resolveMediaPath(root, path) : undefined;
  if (!file) return { problem: 'missing' };
  const info = await stat(file).catch(() => undefined);
  if (!info?.isFile()) return { problem: 'missing' };
  if (info.size > INGEST_IMAGE_MAX_BYTES) return { problem: 'tooLarge', bytes: info.size };
  const data = await readFile(file).catch(() => undefined);
  if (!data) return { problem: 'unreadable', bytes: info.size };
  const mime = isJpeg(data) ? 'image/jpeg' : isPng(data) ? 'image/png' : undefined;
  if (!mime) return { problem: 'wrongType', bytes: data.length };
  try {
    const meta = await sharp(data).metadata();
    await sharp(data).stats();
    return {
      problem: null,
      bytes: data.length,
      mime,
      width: meta.width ?? null,
      height: meta.height ?? null,
    };
  } catch {
    return { problem: 'unreadable', bytes: data.length, mime };
  }
}

/** One run: removes checks of deleted records, then checks the next batch of each source. */
export async function runImageChecks(app: FastifyInstance, db: Db = app.db): Promise<number> {
  const root = mediaRoot(app);
  // Records sharing a file (the demo's one picture per camera) read and decode it once per run.
  const findings = new Map<string, Promise<Finding>>();
  const check = (path: string) => {
    let finding = findings.get(path);
    if (!finding) {
      finding = checkImage(root, path);
      findings.set(path, finding);
    }
    return finding;
  };
  await removeOrphans(db);
  let checked = 0;
  const alarms = await alarmsAfter(db, await lastCheckedId(db, 'alarm'), IMAGE_CHECK_BATCH);
  const rows: ImageCheckInsert[] = [];
  for (const a of alarms) {
    for (const [imageType, path] of [
      ['original', a.original],
      ['drawn', a.drawn],
    ] as const) {
      const base = { source: 'alarm', recordId: a.id, cameraId: a.cameraId, cameraName: a.cameraName };
      rows.push({
        ...base,
        imageType,
        occurredAt: a.occurredAt,
        path: path || null,
        ...(await check(path)),
      });
    }
  }
  const events = await eventsAfter(db, await lastCheckedId(db, 'event'), IMAGE_CHECK_BATCH);
  for (const e of events) {
    const base = { source: 'event', recordId: e.id, cameraId: e.cameraId, cameraName: e.cameraName };
    rows.push({
      ...base,
      imageType: 'event',
      occurredAt: e.occurredAt,
      path: e.image || null,
      ...(await check(e.image)),
    });
  }
  await insertChecks(db, rows);
  checked += rows.length;
  return checked;
}
