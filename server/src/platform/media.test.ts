import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  body,
  buildTestApp,
  createAccount,
  createTestDatabase,
  login,
  type TestDatabase,
} from '../test/helpers.ts';
import { multipartFile, pngOfSize, testImage } from '../test/multipart.ts';
import { MAX_IMAGE_BYTES, mediaUrl, resolveMediaPath } from './media.ts';

const UPLOAD = '/api/v2/backend/media/image';

describe('media', () => {
  let tdb: TestDatabase;
  let app: FastifyInstance;
  let dataDir: string;
  let token: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'sentinel-media-'));
    tdb = await createTestDatabase('pglite');
    app = await buildTestApp(tdb, { dataDir });
    token = await login(app, await createAccount(app));
    // A file next to the media directory that traversal must never reach.
    await writeFile(join(dataDir, 'secret.png'), 'secret');
  });
  afterAll(async () => {
    await app?.close();
    await tdb?.drop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  const upload = (file: Buffer, kind = 'snapshot', filename = 'image.png', headers = { token }) => {
    const form = multipartFile(file, { filename });
    return app.inject({
      method: 'POST',
      url: `${UPLOAD}?kind=${kind}`,
      headers: { ...headers, ...form.headers },
      payload: form.payload,
    });
  };
  const mediaFiles = async (sub: string) => readdir(join(dataDir, 'media', sub)).catch(() => [] as string[]);

  it('stores a real PNG re-encoded as PNG and serves it back to the header token', async () => {
    const res = await upload(await testImage('png'), 'snapshot');
    expect(res.statusCode).toBe(200);
    const { path, url } = body<{ path: string; url: string }>(res).data;
    expect(path).toMatch(/^snapshot\/[0-9a-f]{24}\.png$/);
    expect(url).toBe(`/api/v2/backend/media/${path}`);
    const got = await app.inject({ url, headers: { token } });
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('image/png');
    expect(got.headers['cache-control']).toContain('private');
    expect(got.headers['x-content-type-options']).toBe('nosniff');
    const meta = await sharp(got.rawPayload).metadata();
    expect(meta.format).toBe('png');
    expect(meta.width).toBe(32);
    const again = await app.inject({ url, headers: { token, 'if-none-match': String(got.headers.etag) } });
    expect(again.statusCode).toBe(304);
  });

  it('stores a real JPEG as JPEG without its metadata, whatever the file is called', async () => {
    const jpeg = await sharp(await testImage('jpeg'))
      .withMetadata({ exif: { IFD0: { Copyright: 'secret-camera-serial' } } })
      .jpeg()
      .toBuffer();
    expect(jpeg.includes('secret-camera-serial')).toBe(true);
    const res = await upload(jpeg, 'logo', 'photo.png');
    expect(res.statusCode).toBe(200);
    const { path, url } = body<{ path: string; url: string }>(res).data;
    expect(path).toMatch(/^logo\/[0-9a-f]{24}\.jpg$/);
    const got = await app.inject({ url, headers: { token } });
    expect(got.headers['content-type']).toBe('image/jpeg');
    expect(got.rawPayload.includes('secret-camera-serial')).toBe(false);
    expect((await sharp(got.rawPayload).metadata()).format).toBe('jpeg');
  });

  it('serves an image to the user_token cookie (for <img src>) and refuses without a session', async () => {
    const { url } = body<{ url: string }>(await upload(await testImage('png'))).data;
    const viaCookie = await app.inject({ url, headers: { cookie: `language=en; user_token=${token}` } });
    expect(viaCookie.statusCode).toBe(200);
    expect(viaCookie.headers['content-type']).toBe('image/png');
    const anonymous = await app.inject({ url });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ status: -401 });
    const badCookie = await app.inject({ url, headers: { cookie: 'user_token=not-a-session' } });
    expect(badCookie.statusCode).toBe(401);
    // The cookie is accepted only where a route says so (not for uploads: CSRF).
    const form = multipartFile(await testImage('png'));
    const uploadWithCookie = await app.inject({
      method: 'POST',
      url: `${UPLOAD}?kind=logo`,
      headers: { cookie: `user_token=${token}`, ...form.headers },
      payload: form.payload,
    });
    expect(uploadWithCookie.statusCode).toBe(401);
  });

  it('refuses a text file named .png, a GIF and an empty file with image.type, storing nothing', async () => {
    const before = await mediaFiles('zone');
    const text = await upload(Buffer.from('hello, I am not an image\n'.repeat(20)), 'zone', 'fake.png');
    expect(text.statusCode).toBe(400);
    expect(body(text).message).toBe('Only JPG or PNG images can be uploaded');
    const gif = await upload(await testImage('gif'), 'zone', 'anim.gif');
    expect(gif.statusCode).toBe(400);
    const empty = await upload(Buffer.alloc(0), 'zone');
    expect(empty.statusCode).toBe(400);
    // Truncated PNG: right magic number, undecodable content.
    const png = await testImage('png', 64);
    const truncated = await upload(png.subarray(0, 60), 'zone');
    expect(truncated.statusCode).toBe(400);
    expect(await mediaFiles('zone')).toEqual(before);
  });

  it('answers in Chinese', async () => {
    const form = multipartFile(Buffer.from('not an image'));
    const res = await app.inject({
      method: 'POST',
      url: `${UPLOAD}?kind=zone`,
      headers: { token, lang: 'zh-CN', ...form.headers },
      payload: form.payload,
    });
    expect(body(res).message).toBe('只能上传jpg或png格式的图片');
  });

  it('accepts exactly 500 KB and refuses 501 KB with 413 image.size', async () => {
    expect((await upload(await pngOfSize(MAX_IMAGE_BYTES), 'snapshot')).statusCode).toBe(200);
    const before = await mediaFiles('snapshot');
    const big = await upload(await pngOfSize(501 * 1024), 'snapshot');
    expect(big.statusCode).toBe(413);
    expect(body(big)).toMatchObject({ status: -413, message: 'The image cannot exceed 500 KB' });
    // A real noise image of several MB: cut at the multipart limit, still a clean 413.
    const noise = Buffer.alloc(1200 * 1200 * 3);
    for (let i = 0; i < noise.length; i++) noise[i] = (i * 2654435761) >>> 24;
    const huge = await sharp(noise, { raw: { width: 1200, height: 1200, channels: 3 } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(huge.length).toBeGreaterThan(2 * 1024 * 1024);
    const hugeRes = await upload(huge, 'snapshot');
    expect(hugeRes.statusCode).toBe(413);
    expect(body(hugeRes).message).toBe('The image cannot exceed 500 KB');
    expect(await mediaFiles('snapshot')).toEqual(before);
  });

  it('refuses an unknown kind, a request without a file, and anonymous uploads', async () => {
    expect((await upload(await testImage('png'), '..')).statusCode).toBe(400);
    expect((await upload(await testImage('png'), 'exports')).statusCode).toBe(400);
    const json = await app.inject({
      method: 'POST',
      url: `${UPLOAD}?kind=logo`,
      headers: { token },
      payload: { file: 'x' },
    });
    expect(json.statusCode).toBe(400);
    const form = multipartFile(await testImage('png'));
    const anonymous = await app.inject({
      method: 'POST',
      url: `${UPLOAD}?kind=logo`,
      headers: form.headers,
      payload: form.payload,
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('streams a clip in byte ranges (206, 416) for seeking, with its ETag', async () => {
    const clip = Buffer.from(Array.from({ length: 4096 }, (_, i) => i % 251));
    await mkdir(join(dataDir, 'media', 'clip'), { recursive: true });
    await writeFile(join(dataDir, 'media', 'clip', 'seek.mp4'), clip);
    const url = '/api/v2/backend/media/clip/seek.mp4';
    const whole = await app.inject({ url, headers: { token } });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('video/mp4');
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.rawPayload.equals(clip)).toBe(true);
    const part = await app.inject({ url, headers: { token, range: 'bytes=1000-1999' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe('bytes 1000-1999/4096');
    expect(part.rawPayload.equals(clip.subarray(1000, 2000))).toBe(true);
    const tail = await app.inject({ url, headers: { token, range: 'bytes=-96' } });
    expect(tail.rawPayload.equals(clip.subarray(4000))).toBe(true);
    const beyond = await app.inject({ url, headers: { token, range: 'bytes=5000-6000' } });
    expect(beyond.statusCode).toBe(416);
    const cached = await app.inject({ url, headers: { token, 'if-none-match': String(whole.headers.etag) } });
    expect(cached.statusCode).toBe(304);
  });

  it('never serves anything outside the media directory', async () => {
    for (const path of [
      '../secret.png',
      '..%2fsecret.png',
      '%2e%2e/secret.png',
      '%2e%2e%2fsecret.png',
      'snapshot/..%2f..%2fsecret.png',
      'snapshot/%2e%2e/%2e%2e/secret.png',
      '..%5csecret.png',
      '.hidden.png',
      'snapshot//x.png',
      '%2fetc%2fpasswd',
      'snapshot/missing.png',
      'snapshot',
    ]) {
      const res = await app.inject({ url: `/api/v2/backend/media/${path}`, headers: { token } });
      expect([400, 404], path).toContain(res.statusCode);
      expect(res.body).not.toContain('secret');
    }
    const root = join(dataDir, 'media');
    expect(resolveMediaPath(root, '../secret.png')).toBeUndefined();
    expect(resolveMediaPath(root, 'a/../../secret.png')).toBeUndefined();
    expect(resolveMediaPath(root, '/etc/passwd')).toBeUndefined();
    expect(resolveMediaPath(root, 'logo/a.png')).toBe(join(root, 'logo', 'a.png'));
    expect(mediaUrl('')).toBe('');
  });
});
