import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rename, unlink } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { OfflineUpload, OfflineVideoFormat } from '@sentinel/contract';
import { and, eq, lt } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { offlineVideoUpload } from '../../db/schema/index.ts';
import { AppError, badRequest } from '../../platform/errors.ts';
import { mediaRoot, removeMedia } from '../../platform/media.ts';
import { readingMultipart } from '../../platform/multipart.ts';
import type { SessionUser } from '../../platform/types.ts';
import { probeVideoFile } from './video-probe.ts';

/** Uploads not given to an analysis within this time are removed (with their files). */
export const UPLOAD_KEEP_MS = 24 * 3_600_000;
const DIRECTORY = 'offline';

/** A display name: the file's own name without a path, control characters or excess length. */
function cleanFileName(name: string | undefined): string {
  const plain = basename((name ?? '').replace(/\\/g, '/')).replace(/[\p{Cc}]/gu, '');
  return plain.slice(0, 200) || 'video';
}

/**
 * Receives one video (multipart field `file`), streamed to disk (never held in memory), cut off
 * just above OFFLINE_VIDEO_MAX_MB (413 'offlineVideo.size'), then checked by its content: not a
 * video 400 'offlineVideo.type', a damaged one 400 'offlineVideo.broken'. Kept as
 * media/offline/<random>.<format> and recorded for the caller until an analysis takes it.
 */
export async function receiveVideoUpload(
  app: FastifyInstance,
  request: FastifyRequest,
  user: SessionUser,
): Promise<OfflineUpload> {
  if (!request.isMultipart()) throw badRequest('offlineVideo.type');
  const maxBytes = app.appConfig.offlineVideoMaxBytes;
  const part = await readingMultipart(() =>
    request.file({ limits: { fileSize: maxBytes, files: 1, fields: 5 } }),
  );
  if (!part) throw badRequest('offlineVideo.type');

  const directory = join(mediaRoot(app), DIRECTORY);
  await mkdir(directory, { recursive: true });
  const stem = randomBytes(16).toString('hex');
  const incoming = join(directory, `${stem}.part`);
  let size = 0;
  part.file.on('data', (chunk: Buffer) => {
    size += chunk.length;
  });
  try {
    await readingMultipart(() => pipeline(part.file, createWriteStream(incoming, { flags: 'wx' })));
    if (part.file.truncated) throw new AppError(413, 'offlineVideo.size');
    const probe = await probeVideoFile(incoming);
    if (!probe.ok) throw badRequest(probe.reason === 'type' ? 'offlineVideo.type' : 'offlineVideo.broken');
    const path = `${DIRECTORY}/${stem}.${probe.format}`;
    await rename(incoming, join(mediaRoot(app), path));
    const fileName = cleanFileName(part.filename);
    const [row] = await app.db
      .insert(offlineVideoUpload)
      .values({
        path,
        fileName,
        size,
        format: probe.format,
        durationSeconds: probe.durationSeconds,
        uploadedBy: user.accountId,
        createdAt: app.appConfig.now(),
      })
      .returning({ id: offlineVideoUpload.id });
    if (!row) throw new Error('upload row not written');
    void removeAbandonedUploads(app).catch((error: unknown) =>
      app.log.warn({ err: error }, 'offline video: removing abandoned uploads failed'),
    );
    return {
      fileId: row.id,
      fileName,
      size,
      format: probe.format as OfflineVideoFormat,
      durationSeconds: probe.durationSeconds,
      maxBytes,
    };
  } finally {
    await unlink(incoming).catch(() => undefined);
  }
}

/** The caller's own upload (an analysis takes it), or undefined. */
export async function findOwnUpload(app: FastifyInstance, fileId: number, accountId: number) {
  const [row] = await app.db
    .select()
    .from(offlineVideoUpload)
    .where(and(eq(offlineVideoUpload.id, fileId), eq(offlineVideoUpload.uploadedBy, accountId)));
  return row;
}

/** Uploads older than UPLOAD_KEEP_MS that no analysis took: rows and files. */
export async function removeAbandonedUploads(app: FastifyInstance): Promise<number> {
  const before = new Date(app.appConfig.now().getTime() - UPLOAD_KEEP_MS);
  const rows = await app.db
    .delete(offlineVideoUpload)
    .where(lt(offlineVideoUpload.createdAt, before))
    .returning({ path: offlineVideoUpload.path });
  await Promise.all(rows.map((row) => removeMedia(app, row.path)));
  return rows.length;
}
