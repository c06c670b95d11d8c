import { createHash } from 'node:crypto';
import { DATASET_IMAGE_MAX_BYTES, type MessageCode } from '@sentinel/contract';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { storeImage } from '../../platform/media.ts';

/** Where dataset images are stored under DATA_DIR/media. */
export const DATASET_MEDIA = 'dataset';
const MAX_PIXELS = 40_000_000;

export interface CheckedImage {
  buffer: Buffer;
  sha256: string;
  format: 'jpeg' | 'png';
  width: number;
  height: number;
}

/**
 * Checks a dataset image by its content: a JPEG or PNG (whatever its name says) that really
 * decodes, at most DATASET_IMAGE_MAX_BYTES. Answers the refusal's message code otherwise.
 */
export async function checkImage(buffer: Buffer): Promise<CheckedImage | { refused: MessageCode }> {
  if (buffer.length > DATASET_IMAGE_MAX_BYTES) return { refused: 'dataset.entryTooLarge' };
  if (buffer.length === 0) return { refused: 'dataset.notImage' };
  try {
    const meta = await sharp(buffer, { limitInputPixels: MAX_PIXELS }).metadata();
    if ((meta.format !== 'jpeg' && meta.format !== 'png') || !meta.width || !meta.height) {
      return { refused: 'dataset.notImage' };
    }
    // Decoding a small thumbnail reads the whole picture: a truncated or forged body fails here.
    await sharp(buffer, { limitInputPixels: MAX_PIXELS, failOn: 'error' })
      .resize(16, 16, { fit: 'inside' })
      .raw()
      .toBuffer();
    const sha256 = createHash('sha256').update(buffer).digest('hex');
    return { buffer, sha256, format: meta.format, width: meta.width, height: meta.height };
  } catch {
    return { refused: 'dataset.notImage' };
  }
}

/** Stores a checked image as it is (its sha256 stays the file's), answering its media path. */
export async function storeDatasetImage(app: FastifyInstance, image: CheckedImage): Promise<string> {
  const stored = await storeImage(app, {
    buffer: image.buffer,
    subdir: DATASET_MEDIA,
    maxBytes: DATASET_IMAGE_MAX_BYTES,
    keepOriginal: true,
  });
  return stored.path;
}
