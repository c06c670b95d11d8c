import { randomBytes } from 'node:crypto';
import { AVATAR_MAX_BYTES, AVATAR_SIZE } from '@sentinel/contract';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { AppError, badRequest } from '../../platform/errors.ts';
import {
  MEDIA_URL_PREFIX,
  mediaRoot,
  mediaUrl,
  removeMedia,
  resolveMediaPath,
  writeNewMediaFile,
} from '../../platform/media.ts';

/** Media subdirectory of avatars (any logged-in user may see them: they are in the header). */
export const AVATAR_SUBDIR = 'avatar';
const ACCEPTED = new Set(['jpeg', 'png', 'webp']);
/** A 2 MB image has no reason to be bigger than this (decompression bombs). */
const MAX_INPUT_PIXELS = 40_000_000;

/**
 * Checks an avatar by its CONTENT (sharp decodes it: JPEG, PNG or WebP; anything else — a script
 * renamed .png, an SVG, a GIF — answers 400 'avatar.type'), then stores a fresh 256×256 PNG made
 * from the decoded pixels: no byte of the upload is kept, so nothing executable or any metadata
 * survives. Answers the media URL.
 */
export async function storeAvatar(app: FastifyInstance, input: Buffer): Promise<string> {
  if (input.length === 0) throw badRequest('avatar.type');
  if (input.length > AVATAR_MAX_BYTES) throw new AppError(413, 'avatar.size');
  let output: Buffer;
  try {
    const { format } = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
    if (!format || !ACCEPTED.has(format)) throw badRequest('avatar.type');
    output = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS })
      .rotate()
      .resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'cover' })
      .png({ compressionLevel: 9 })
      .toBuffer();
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw badRequest('avatar.type');
  }
  const path = `${AVATAR_SUBDIR}/${randomBytes(12).toString('hex')}.png`;
  const file = resolveMediaPath(mediaRoot(app), path);
  if (!file) throw new Error(`invalid media path ${path}`);
  await writeNewMediaFile(file, output);
  return mediaUrl(path);
}

/** Removes the file of a previous avatar URL (only our own avatar files). */
export async function removeAvatarFile(app: FastifyInstance, url: string): Promise<void> {
  if (!url.startsWith(`${MEDIA_URL_PREFIX}${AVATAR_SUBDIR}/`)) return;
  await removeMedia(app, decodeURIComponent(url.slice(MEDIA_URL_PREFIX.length)));
}
