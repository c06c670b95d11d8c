import { existsSync } from 'node:fs';
import { join } from 'node:path';
import {
  OFFLINE_STALE_MS,
  OFFLINE_VIDEO_API,
  type OfflineAnalysisDetail,
  type OfflineEngineJob,
} from '@sentinel/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { offlineAnalysis } from '../../db/schema/index.ts';
import { backends, body } from '../../test/helpers.ts';
import { multipartFile, testImage } from '../../test/multipart.ts';
import { type OfflineHarness, offlineHarness, realMp4 } from './test-support.ts';

describe.each(backends)('offline analysis through the engine interface on %s', (backend) => {
  let h: OfflineHarness;
  const claim = async (key: string) => {
    const res = await h.app.inject({
      method: 'POST',
      url: OFFLINE_VIDEO_API.engineClaim,
      headers: { 'x-engine-key': key },
    });
    expect(res.statusCode).toBe(200);
    return body<{ job: OfflineEngineJob | null }>(res).data.job;
  };
  const progress = (key: string, id: number, value: number) =>
    h.app.inject({
      method: 'POST',
      url: OFFLINE_VIDEO_API.engineProgress(id),
      headers: { 'x-engine-key': key },
      payload: { progress: value },
    });
  const event = async (key: string, id: number, fields: Record<string, string>, image?: Buffer) => {
    const form = multipartFile(image ?? (await testImage('jpeg', 64)), {
      field: 'image',
      filename: 'f.jpg',
      contentType: 'image/jpeg',
      fields,
    });
    return h.app.inject({
      method: 'POST',
      url: OFFLINE_VIDEO_API.engineEvent(id),
      headers: { 'x-engine-key': key, ...form.headers },
      payload: form.payload,
    });
  };
  const finish = (key: string, id: number, payload: Record<string, unknown>) =>
    h.app.inject({
      method: 'POST',
      url: OFFLINE_VIDEO_API.engineFinish(id),
      headers: { 'x-engine-key': key },
      payload,
    });
  const detail = async (id: number) =>
    body<OfflineAnalysisDetail>(
      await h.app.inject({ method: 'GET', url: OFFLINE_VIDEO_API.detail(id), headers: { token: h.admin } }),
    ).data;

  beforeAll(async () => {
    h = await offlineHarness(backend);
  });
  afterAll(async () => {
    await h.close();
  });

  it('refuses calls without a valid engine key', async () => {
    const res = await h.app.inject({
      method: 'POST',
      url: OFFLINE_VIDEO_API.engineClaim,
      headers: { 'x-engine-key': 'wrong' },
    });
    expect(res.statusCode).toBe(401);
    expect(
      (
        await h.app.inject({
          method: 'POST',
          url: OFFLINE_VIDEO_API.engineClaim,
          headers: { token: h.admin },
        })
      ).statusCode,
    ).toBe(401);
    // The key is checked before the body: a bad body without a key is still 401.
    for (const url of [OFFLINE_VIDEO_API.engineProgress(1), OFFLINE_VIDEO_API.engineFinish(1)]) {
      const bad = await h.app.inject({ method: 'POST', url, payload: { progress: 'lots' } });
      expect(bad.statusCode, url).toBe(401);
    }
  });

  it('runs a whole analysis: claim, download, progress, events with images, finish', async () => {
    expect(await claim(h.engineKey)).toBeNull();
    const item = await h.startFileAnalysis('engine run');
    const job = await claim(h.engineKey);
    expect(job).toMatchObject({
      id: item.id,
      source: 'file',
      format: 'mp4',
      videoUrl: OFFLINE_VIDEO_API.engineVideo(item.id),
    });
    expect(job?.algorithms.map((a) => a.code)).toEqual(['helmet', 'smoke']);
    // One job, one engine.
    expect(await claim(h.otherEngineKey)).toBeNull();
    expect((await detail(item.id)).state).toBe(1);

    const video = await h.app.inject({
      method: 'GET',
      url: OFFLINE_VIDEO_API.engineVideo(item.id),
      headers: { 'x-engine-key': h.engineKey },
    });
    expect(video.statusCode).toBe(200);
    expect(video.rawPayload.equals(realMp4())).toBe(true);
    const other = await h.app.inject({
      method: 'GET',
      url: OFFLINE_VIDEO_API.engineVideo(item.id),
      headers: { 'x-engine-key': h.otherEngineKey },
    });
    expect(other.statusCode).toBe(409);

    expect((await progress(h.engineKey, item.id, 40)).statusCode).toBe(200);
    expect((await progress(h.engineKey, item.id, 20)).statusCode).toBe(200);
    expect((await detail(item.id)).progress).toBe(40);
    expect((await progress(h.otherEngineKey, item.id, 50)).statusCode).toBe(409);

    const first = await event(h.engineKey, item.id, {
      algorithmCode: 'smoke',
      offsetSeconds: '3.5',
      result: '发现吸烟行为',
    });
    expect(first.statusCode).toBe(200);
    const second = await event(h.engineKey, item.id, {
      algorithmId: String(h.algorithms.helmet),
      offsetSeconds: '1.2',
    });
    expect(second.statusCode).toBe(200);
    const wrongAlgorithm = await event(h.engineKey, item.id, { algorithmCode: 'fire', offsetSeconds: '1' });
    expect(wrongAlgorithm.statusCode).toBe(400);
    const notImage = await event(
      h.engineKey,
      item.id,
      { algorithmCode: 'smoke', offsetSeconds: '1' },
      Buffer.from('not an image'),
    );
    expect(notImage.statusCode).toBe(400);
    const badOffset = await event(h.engineKey, item.id, { algorithmCode: 'smoke', offsetSeconds: '-1' });
    expect(badOffset.statusCode).toBe(400);

    expect((await finish(h.engineKey, item.id, { state: 'finished' })).statusCode).toBe(200);
    const done = await detail(item.id);
    expect(done).toMatchObject({ state: 2, progress: 100, eventCount: 2, engineName: 'offline-engine-a' });
    expect(done.finishedAt).not.toBeNull();
    expect(done.events.map((e) => [e.algorithmName, e.offsetSeconds, e.result])).toEqual([
      ['未戴安全帽', 1.2, ''],
      ['吸烟', 3.5, '发现吸烟行为'],
    ]);
    const image = await h.app.inject({
      method: 'GET',
      url: done.events[0]?.imageUrl ?? '',
      headers: { token: h.operator },
    });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/jpeg');
    // A finished analysis takes no more reports.
    expect((await progress(h.engineKey, item.id, 100)).statusCode).toBe(409);

    // Deleting it removes the event images too; its engine is told 404.
    const imageFile = join(
      h.dataDir,
      'media',
      decodeURIComponent((done.events[0]?.imageUrl ?? '').replace('/api/v2/backend/media/', '')),
    );
    expect(existsSync(imageFile)).toBe(true);
    const removed = await h.app.inject({
      method: 'DELETE',
      url: OFFLINE_VIDEO_API.remove(item.id, h.adminAccount.id),
      headers: { token: h.admin },
    });
    expect(removed.statusCode).toBe(200);
    expect(existsSync(imageFile)).toBe(false);
    expect((await progress(h.engineKey, item.id, 10)).statusCode).toBe(404);
  });

  it('records a failure with the engine’s reason', async () => {
    const res = await h.app.inject({
      method: 'PUT',
      url: OFFLINE_VIDEO_API.create,
      headers: { token: h.admin },
      payload: {
        name: 'camera archive',
        url: 'http://nvr.plant.local/a.mp4',
        algorithmIds: [h.algorithms.helmet],
      },
    });
    const id = body<{ id: number }>(res).data.id;
    const job = await claim(h.otherEngineKey);
    expect(job).toMatchObject({ id, source: 'url', videoUrl: 'http://nvr.plant.local/a.mp4' });
    expect(
      (await finish(h.otherEngineKey, id, { state: 'failed', error: 'connection refused' })).statusCode,
    ).toBe(200);
    expect(await detail(id)).toMatchObject({
      state: 3,
      error: 'connection refused',
      engineName: 'offline-engine-b',
    });
  });

  it('hands a job whose engine fell silent to the next engine, without the earlier events', async () => {
    const item = await h.startFileAnalysis('silent');
    expect((await claim(h.engineKey))?.id).toBe(item.id);
    expect(
      (await event(h.engineKey, item.id, { algorithmCode: 'helmet', offsetSeconds: '2' })).statusCode,
    ).toBe(200);
    expect(await claim(h.otherEngineKey)).toBeNull();
    await h.app.db
      .update(offlineAnalysis)
      .set({ heartbeatAt: new Date(Date.now() - OFFLINE_STALE_MS - 1000) })
      .where(eq(offlineAnalysis.id, item.id));
    expect((await claim(h.otherEngineKey))?.id).toBe(item.id);
    expect(await detail(item.id)).toMatchObject({
      state: 1,
      progress: 0,
      eventCount: 0,
      events: [],
      engineName: 'offline-engine-b',
    });
    // The first engine is told it no longer runs it.
    expect((await progress(h.engineKey, item.id, 90)).statusCode).toBe(409);
  });
});
