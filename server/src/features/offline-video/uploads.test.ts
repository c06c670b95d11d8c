import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { OfflineUpload } from '@sentinel/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { offlineVideoUpload } from '../../db/schema/index.ts';
import { backends, body } from '../../test/helpers.ts';
import { type OfflineHarness, offlineHarness, realFlv, realMp4 } from './test-support.ts';
import { removeAbandonedUploads, UPLOAD_KEEP_MS } from './uploads.ts';

describe.each(backends)('offline video uploads on %s', (backend) => {
  let h: OfflineHarness;
  const offlineFiles = () => {
    const directory = join(h.dataDir, 'media', 'offline');
    return existsSync(directory) ? readdirSync(directory) : [];
  };

  beforeAll(async () => {
    h = await offlineHarness(backend, { offlineVideoMaxBytes: 100_000 });
  });
  afterAll(async () => {
    await h.close();
  });

  it('accepts an MP4 and an FLV by their content, with format, size and duration', async () => {
    const mp4 = realMp4();
    const res = await h.upload(h.admin, mp4, 'C:\\exports\\焦炉 1号.mp4');
    expect(res.statusCode).toBe(200);
    const upload = body<OfflineUpload>(res).data;
    expect(upload).toMatchObject({
      fileName: '焦炉 1号.mp4',
      size: mp4.length,
      format: 'mp4',
      maxBytes: 100_000,
    });
    expect(upload.durationSeconds).toBeGreaterThan(0);
    const [row] = await h.app.db
      .select()
      .from(offlineVideoUpload)
      .where(eq(offlineVideoUpload.id, upload.fileId));
    expect(row?.path).toMatch(/^offline\/[0-9a-f]{32}\.mp4$/);
    expect(existsSync(join(h.dataDir, 'media', row?.path ?? 'missing'))).toBe(true);

    // An FLV named .mp4 is still an FLV: the content decides.
    const flv = await h.upload(h.operator, realFlv(), 'conveyor.mp4');
    expect(flv.statusCode).toBe(200);
    expect(body<OfflineUpload>(flv).data).toMatchObject({ format: 'flv', fileName: 'conveyor.mp4' });
  });

  it('refuses a file that is not a video, whatever its name, and keeps nothing', async () => {
    const before = offlineFiles().length;
    const text = await h.upload(h.admin, Buffer.from('just some text, not a video at all'), 'report.mp4');
    expect(text.statusCode).toBe(400);
    expect(body(text).message).toBe('Only MP4, MOV, FLV or MPEG-TS video files can be uploaded');
    const zh = await h.upload(
      h.admin,
      Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4]),
      'photo.mp4',
      'zh-CN',
    );
    expect(zh.statusCode).toBe(400);
    expect(body(zh).message).toBe('只能上传MP4、MOV、FLV或TS格式的视频文件');
    expect(offlineFiles()).toHaveLength(before);
  });

  it('refuses a damaged video (an MP4 cut in half)', async () => {
    const before = offlineFiles().length;
    const mp4 = realMp4();
    const res = await h.upload(h.admin, mp4.subarray(0, Math.floor(mp4.length / 2)), 'cut.mp4', 'zh-CN');
    expect(res.statusCode).toBe(400);
    expect(body(res).message).toBe('视频文件已损坏或不完整，无法分析');
    expect(offlineFiles()).toHaveLength(before);
  });

  it('refuses a file over the limit with 413 and keeps nothing', async () => {
    const before = offlineFiles().length;
    const big = Buffer.concat([realMp4(), Buffer.alloc(100_000)]);
    const res = await h.upload(h.admin, big, 'big.mp4');
    expect(res.statusCode).toBe(413);
    expect(body(res)).toMatchObject({
      status: -413,
      message: 'The video file is larger than the upload limit',
    });
    expect(offlineFiles()).toHaveLength(before);
  });

  it('refuses a request without a file, and callers without the button', async () => {
    const plain = await h.app.inject({
      method: 'POST',
      url: '/api/v2/backend/offlineVideoAnalysis/upload',
      headers: { token: h.admin, 'content-type': 'application/json' },
      payload: {},
    });
    expect(plain.statusCode).toBe(400);
    expect((await h.upload(h.nobody, realMp4())).statusCode).toBe(403);
    const anonymous = await h.app.inject({
      method: 'POST',
      url: '/api/v2/backend/offlineVideoAnalysis/upload',
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('removes uploads no analysis took within a day, with their files', async () => {
    const res = await h.upload(h.admin, realMp4(), 'forgotten.mp4');
    const { fileId } = body<OfflineUpload>(res).data;
    const [row] = await h.app.db.select().from(offlineVideoUpload).where(eq(offlineVideoUpload.id, fileId));
    const file = join(h.dataDir, 'media', row?.path ?? 'missing');
    expect(existsSync(file)).toBe(true);
    await h.app.db
      .update(offlineVideoUpload)
      .set({ createdAt: new Date(Date.now() - UPLOAD_KEEP_MS - 60_000) })
      .where(eq(offlineVideoUpload.id, fileId));
    expect(await removeAbandonedUploads(h.app)).toBeGreaterThanOrEqual(1);
    expect(existsSync(file)).toBe(false);
    expect(
      await h.app.db.select().from(offlineVideoUpload).where(eq(offlineVideoUpload.id, fileId)),
    ).toHaveLength(0);
  });
});
