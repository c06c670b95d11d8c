import { stat } from 'node:fs/promises';
import { extname } from 'node:path';
import type { Readable } from 'node:stream';
import { ALARM_IMAGES_MAX } from '@sentinel/contract';
import { and, ne, or, type SQL } from 'drizzle-orm';
import { ZipFile } from 'yazl';
import type { Db } from '../../db/client.ts';
import { videoAlarm } from '../../db/schema/index.ts';
import { MEDIA_URL_PREFIX, resolveMediaPath } from '../../platform/media.ts';
import { NEWEST_FIRST } from './xlsx-writer.ts';

export interface ZipEntry {
  /** Absolute path of the stored image. */
  file: string;
  /** Name inside the zip. */
  name: string;
  mtime: Date;
}

/** The media-relative path of a stored image value (a relative path or a media URL), else undefined. */
export function mediaPathOf(value: string): string | undefined {
  if (!value) return undefined;
  if (value.startsWith(MEDIA_URL_PREFIX)) {
    try {
      return value.slice(MEDIA_URL_PREFIX.length).split('/').map(decodeURIComponent).join('/');
    } catch {
      return undefined;
    }
  }
  if (value.startsWith('/') || /^[a-z]+:/i.test(value)) return undefined;
  return value;
}

/**
 * The images (original and drawn) of the newest ALARM_IMAGES_MAX alarms matching `where` that
 * exist on disk, named `<id>_<original|drawn>.<ext>`.
 */
export async function alarmImageEntries(
  db: Db,
  mediaDir: string,
  where: SQL | undefined,
  max = ALARM_IMAGES_MAX,
): Promise<ZipEntry[]> {
  const rows = await db
    .select({ id: videoAlarm.id, original: videoAlarm.alarmImage, drawn: videoAlarm.alarmImageDraw })
    .from(videoAlarm)
    .where(and(where, or(ne(videoAlarm.alarmImage, ''), ne(videoAlarm.alarmImageDraw, ''))))
    .orderBy(...NEWEST_FIRST)
    .limit(max);
  const candidates = rows.flatMap((row) =>
    (['original', 'drawn'] as const).flatMap((kind) => {
      const relative = mediaPathOf(kind === 'original' ? row.original : row.drawn);
      const file = relative ? resolveMediaPath(mediaDir, relative) : undefined;
      return file ? [{ file, name: `${row.id}_${kind}${extname(file).toLowerCase()}` }] : [];
    }),
  );
  const found = await Promise.all(
    candidates.map(async (c) => {
      const info = await stat(c.file).catch(() => undefined);
      return info?.isFile() ? { ...c, mtime: info.mtime } : undefined;
    }),
  );
  return found.filter((e): e is ZipEntry => e !== undefined);
}

/** A zip stream of the entries (stored, not deflated: JPEG and PNG do not compress further). */
export function zipStream(entries: ZipEntry[]): Readable {
  const zip = new ZipFile();
  for (const entry of entries) zip.addFile(entry.file, entry.name, { compress: false, mtime: entry.mtime });
  zip.end();
  return zip.outputStream as Readable;
}
