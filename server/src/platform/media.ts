import { randomBytes } from 'node:crypto';
import { mkdir, unlink, writeFile } from 'node:fs/promises';
import { dirname, extname, resolve, sep } from 'node:path';
import multipart from '@fastify/multipart';
import send from '@fastify/send';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { imageSize } from 'image-size';
import sharp from 'sharp';
import { z } from 'zod';
import { envelopeOf, ok } from './envelope.ts';
import { AppError, badRequest, notFound } from './errors.ts';
import { canReadMedia, readableByEveryUser, registerMediaOwner } from './media-registry.ts';
import { readingMultipart } from './multipart.ts';

/** SPEC §5: snapshot and logo images are at most 500 KB. */
export const MAX_IMAGE_BYTES = 500 * 1024;
/** Refuse decompression bombs: no stored image needs more than ~40 megapixels. */
const MAX_INPUT_PIXELS = 40_000_000;
/** URL prefix of stored media (GET, logged-in users). */
export const MEDIA_URL_PREFIX = '/api/v2/backend/media/';

/** What callers may upload through POST …/media/image (the media subdirectory). */
export const IMAGE_KINDS = ['snapshot', 'logo', 'zone'] as const;
export type ImageKind = (typeof IMAGE_KINDS)[number];

export interface StoredImage {
  /** Relative to DATA_DIR/media, e.g. 'logo/3f9c….png' (store this in the database). */
  path: string;
  /** Where the browser fetches it: '/api/v2/backend/media/logo/3f9c….png'. */
  url: string;
}

const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;
const CONTENT_TYPES: Record<string, string> = {
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  /** Alarm clips reported by engines (content-checked at ingest) and offline videos. */
  '.mp4': 'video/mp4',
  /** Offline videos (content-checked at upload). */
  '.flv': 'video/x-flv',
  '.ts': 'video/mp2t',
};

export const mediaRoot = (app: FastifyInstance) => resolve(app.appConfig.dataDir, 'media');

const PLAIN_MEDIA_PATH = /^[A-Za-z0-9._~/-]+$/;

/** '/api/v2/backend/media/<path>' for a stored relative path ('' stays '' — no image). */
export function mediaUrl(path: string): string {
  if (!path) return '';
  // Only characters encodeURIComponent keeps ('/' separating segments): the path is its URL as it
  // is (every alarm in a list page has three media paths; the split and join cost showed there).
  if (PLAIN_MEDIA_PATH.test(path)) return MEDIA_URL_PREFIX + path;
  return MEDIA_URL_PREFIX + path.split('/').map(encodeURIComponent).join('/');
}

/**
 * The absolute file of a relative media path, or undefined when the path could leave the media
 * directory (every segment must be a plain name: no '..', no '.', no empty or hidden segment).
 */
export function resolveMediaPath(root: string, relative: string): string | undefined {
  const segments = relative.split('/');
  if (segments.length === 0 || segments.length > 8) return undefined;
  if (!segments.every((s) => SEGMENT.test(s))) return undefined;
  const absolute = resolve(root, ...segments);
  if (!absolute.startsWith(root + sep)) return undefined;
  return absolute;
}

/**
 * Checks an uploaded image by its content (JPEG or PNG only: 400 'image.type'), its size
 * (at most 500 KB: 413 'image.size'), re-encodes it (drops metadata, applies the EXIF
 * orientation; JPEG stays JPEG, PNG stays PNG) and stores it under DATA_DIR/media/<subdir>/.
 */
export function storeImage(
  app: FastifyInstance,
  input: { buffer: Buffer; subdir: string; maxBytes?: number; keepOriginal?: boolean },
): Promise<StoredImage> {
  return storeImageIn(mediaRoot(app), input);
}

/** storeImage into a given media directory (seeds: DemoSeedContext.mediaDir). */
export async function storeImageIn(
  mediaDir: string,
  /**
   * `maxBytes` (default 500 KB, SPEC §5): engines' alarm images may be larger. `keepOriginal`
   * (authenticated engines at ingest rate): checked by content, stored as sent, not re-encoded.
   */
  input: { buffer: Buffer; subdir: string; maxBytes?: number; keepOriginal?: boolean },
): Promise<StoredImage> {
  const { buffer, subdir, maxBytes = MAX_IMAGE_BYTES, keepOriginal = false } = input;
  if (!subdir.split('/').every((s) => SEGMENT.test(s))) throw new Error(`invalid media subdir ${subdir}`);
  if (buffer.length === 0) throw badRequest('image.type');
  if (buffer.length > maxBytes) throw new AppError(413, 'image.size');
  const format = imageFormatOf(buffer);

  let output: Buffer = buffer;
  if (!keepOriginal) {
    try {
      const pipeline = sharp(buffer, { limitInputPixels: MAX_INPUT_PIXELS }).rotate();
      output =
        format === 'jpeg'
          ? await pipeline.jpeg({ quality: 85, mozjpeg: true }).toBuffer()
          : await pipeline.png({ compressionLevel: 9 }).toBuffer();
    } catch {
      // Announced as JPEG/PNG but not decodable (truncated, corrupt).
      throw badRequest('image.type');
    }
  }

  const name = `${randomBytes(12).toString('hex')}.${format === 'jpeg' ? 'jpg' : 'png'}`;
  const path = `${subdir}/${name}`;
  const file = resolveMediaPath(resolve(mediaDir), path);
  if (!file) throw new Error(`invalid media path ${path}`);
  await writeNewMediaFile(file, output);
  return { path, url: mediaUrl(path) };
}

/**
 * JPEG or PNG, by content: the header is parsed (its markers or chunks, its size), not the name
 * or the announced type; no more than MAX_INPUT_PIXELS (a decompression bomb is refused before
 * anything decodes it). image-size reads the header in the calling thread in ~11 µs for a 350 KB
 * JPEG, where sharp's metadata() took ~150 µs of CPU and a round trip through libuv's thread pool
 * — on the engines' ingest path, once per image (bench/README.md, 2026-11-28, fifth session).
 */
function imageFormatOf(buffer: Buffer): 'jpeg' | 'png' {
  let size: ReturnType<typeof imageSize>;
  try {
    size = imageSize(buffer);
  } catch {
    throw badRequest('image.type');
  }
  const format = size.type === 'jpg' ? 'jpeg' : size.type === 'png' ? 'png' : undefined;
  const pixels = size.width * size.height;
  if (!format || !(pixels > 0) || pixels > MAX_INPUT_PIXELS) throw badRequest('image.type');
  return format;
}

/** Media directories this process has created or found (one mkdir a directory, not a file). */
const knownDirectories = new Set<string>();

/**
 * Writes a new media file under a fresh random name (`wx`: never over another file). No
 * temporary file and rename: a media path is only handed out — stored in a row, answered to a
 * client — after its write has finished, and a failed write removes what it left. At ingest rate
 * this is a third of the file system work (bench/README.md, "Alarms").
 */
export async function writeNewMediaFile(file: string, data: Buffer): Promise<void> {
  const directory = dirname(file);
  if (!knownDirectories.has(directory)) {
    await mkdir(directory, { recursive: true });
    knownDirectories.add(directory);
  }
  try {
    await writeFile(file, data, { flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT' && knownDirectories.delete(directory)) {
      // The directory went away since (a cleared data directory): create it again, once.
      return writeNewMediaFile(file, data);
    }
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') await unlink(file).catch(() => undefined);
    throw error;
  }
}

/** Removes a stored media file (e.g. a replaced logo). Unknown or unsafe paths are ignored. */
export async function removeMedia(app: FastifyInstance, path: string): Promise<void> {
  if (!path) return;
  const file = resolveMediaPath(mediaRoot(app), path);
  if (!file) return;
  await unlink(file).catch(() => undefined);
}

/**
 * Reads the single uploaded file of a multipart request (any field name). An oversize file
 * arrives truncated just above the limit, so storeImage answers 413 'image.size'.
 */
export async function readImageUpload(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw badRequest('image.type');
  return readingMultipart(async () => {
    const part = await request.file();
    if (!part) throw badRequest('image.type');
    return part.toBuffer();
  });
}

/**
 * @fastify/multipart for the whole app (`await request.file()` in any route): a file is cut just
 * above 500 KB instead of failing the request, so that storeImage answers 413 'image.size'.
 */
export const multipartPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(multipart, {
      throwFileSizeLimit: false,
      limits: { fileSize: MAX_IMAGE_BYTES + 1, files: 1, fields: 20, fieldSize: 64 * 1024 },
    });
  },
  { name: 'multipart-upload' },
);

/**
 * Sends a stored media file by its relative path through @fastify/send: streamed (never read
 * whole), with ETag / If-None-Match (304) and byte ranges (206; 416 with the file's size
 * in `Content-Range` past the end), so clips seek in the player. 404 for unknown or unsafe paths.
 */
export async function sendMediaFile(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  relative: string,
): Promise<FastifyReply> {
  const root = mediaRoot(app);
  const file = resolveMediaPath(root, relative);
  const type = file ? CONTENT_TYPES[extname(file).toLowerCase()] : undefined;
  if (!file || !type) throw notFound();
  const sent = await send(request.raw, `/${relative.split('/').map(encodeURIComponent).join('/')}`, {
    root,
    dotfiles: 'deny',
    index: false,
    cacheControl: false,
  });
  if (sent.type !== 'file') {
    sent.stream.destroy();
    if (sent.statusCode === 416) return reply.code(416).headers(sent.headers).send();
    throw notFound();
  }
  for (const [name, value] of Object.entries(sent.headers)) reply.header(name, value);
  return reply
    .code(sent.statusCode)
    .header('cache-control', 'private, max-age=86400')
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'")
    .type(type)
    .send(sent.stream);
}

const storedImage = z.object({ path: z.string(), url: z.string() });

/**
 * GET /media/* (logged-in users; the `user_token` cookie counts as the token, so `<img src>`
 * works) and POST /media/image?kind=… (multipart field `file`). Mounted under /api/v2/backend.
 */
export const mediaRoutes: FastifyPluginAsyncZod = async (app) => {
  // What users upload here (logos, camera snapshots, zone pictures) any logged-in user may see.
  for (const subdir of IMAGE_KINDS) registerMediaOwner(app, { subdir, canRead: readableByEveryUser });
  app.get(
    '/media/*',
    {
      config: { access: 'user', tokenInCookie: true },
      schema: { hide: true, params: z.object({ '*': z.string() }) },
    },
    async (request, reply) => {
      const relative = request.params['*'];
      const file = resolveMediaPath(mediaRoot(app), relative);
      if (!file || !CONTENT_TYPES[extname(file).toLowerCase()]) throw notFound();
      // The same visibility as the record holding the file; a hidden one is as unknown (404).
      if (!request.user || !(await canReadMedia(app, request.user, relative))) throw notFound();
      return sendMediaFile(app, request, reply, relative);
    },
  );

  app.post(
    '/media/image',
    {
      config: { access: 'user' },
      schema: {
        tags: ['media'],
        summary: 'Upload a JPEG or PNG image (multipart field `file`, at most 500 KB)',
        consumes: ['multipart/form-data'],
        querystring: z.object({ kind: z.enum(IMAGE_KINDS) }),
        response: { 200: envelopeOf(storedImage) },
      },
    },
    async (request) => {
      const buffer = await readImageUpload(request);
      const stored = await storeImage(app, { buffer, subdir: request.query.kind });
      return ok(request, stored);
    },
  );
};
