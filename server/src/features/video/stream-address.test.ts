import { type StreamUrlResult, VIDEO_API } from '@sentinel/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { camera } from '../../db/schema/index.ts';
import { backends, buildTestApp, createTestDatabase } from '../../test/helpers.ts';
import { DEMO_CLIPS, demoStreamKey } from './demo-stream/clips.ts';
import { TEST_STREAM_SECRET, type VideoHarness, videoHarness } from './stream-test-support.ts';
import { verifyStreamToken } from './stream-token.ts';

const urlOf = (cameraId: number | string, extra = '') =>
  `${VIDEO_API.streamUrl}?cameraId=${cameraId}${extra}`;
const tokenOf = (url: string) => new URL(url, 'http://x').searchParams.get('token') ?? undefined;

describe.each(backends)('live stream addresses, demo mode, on %s', (backend) => {
  let h: VideoHarness;

  beforeAll(async () => {
    h = await videoHarness(backend);
  });
  afterAll(async () => {
    await h?.close();
  });

  it('answers a ws-flv address of the demo source whose token verifies for that clip only', async () => {
    const res = await h.get<StreamUrlResult>(urlOf(h.refs.cameraA), { token: h.operator.token });
    expect(res.statusCode).toBe(200);
    const data = res.body.data;
    expect(data.cameraId).toBe(h.refs.cameraA);
    expect(data.kind).toBe('ws-flv');
    const clip = DEMO_CLIPS[h.refs.cameraA % DEMO_CLIPS.length] ?? '';
    expect(data.url.startsWith(`${VIDEO_API.demoStream(clip)}?token=`)).toBe(true);
    const ttl = h.app.appConfig.streamUrlTtlSeconds;
    expect(Date.parse(data.expiresAt)).toBe(h.clock.ms + ttl * 1000);

    const token = tokenOf(data.url);
    const check = verifyStreamToken(TEST_STREAM_SECRET, demoStreamKey(clip), token, h.clock.ms);
    expect(check).toEqual({ ok: true, accountId: h.operator.id, expires: h.clock.ms / 1000 + ttl });
    for (const other of DEMO_CLIPS.filter((c) => c !== clip)) {
      const wrong = verifyStreamToken(TEST_STREAM_SECRET, demoStreamKey(other), token, h.clock.ms);
      expect(wrong).toEqual({ ok: false, reason: 'signature' });
    }
    const late = verifyStreamToken(TEST_STREAM_SECRET, demoStreamKey(clip), token, h.clock.ms + ttl * 1000);
    expect(late).toEqual({ ok: false, reason: 'expired' });
  });

  it("plays the clip named by a camera's demo: main stream url", async () => {
    const clip = DEMO_CLIPS.find((c) => c !== DEMO_CLIPS[h.refs.cameraB % DEMO_CLIPS.length]) ?? '';
    await h.app.db
      .update(camera)
      .set({ mainStreamUrl: `demo:${clip}` })
      .where(eq(camera.id, h.refs.cameraB));
    const res = await h.get<StreamUrlResult>(urlOf(h.refs.cameraB));
    expect(res.statusCode).toBe(200);
    expect(res.body.data.url.startsWith(`${VIDEO_API.demoStream(clip)}?token=`)).toBe(true);
  });

  it('accepts accountId when it is the caller and refuses someone else (403)', async () => {
    const own = await h.get<StreamUrlResult>(urlOf(h.refs.cameraA, `&accountId=${h.operator.id}`), {
      token: h.operator.token,
    });
    expect(own.statusCode).toBe(200);
    const other = await h.get(urlOf(h.refs.cameraA, `&accountId=${h.scoped.id}`), {
      token: h.operator.token,
    });
    expect(other.statusCode).toBe(403);
    expect(other.body.status).toBe(-403);
  });

  it('answers 404 未找到摄像头！ for an unknown camera', async () => {
    const res = await h.get(urlOf(999_999), { lang: 'zh-CN' });
    expect(res.statusCode).toBe(404);
    expect(res.body).toMatchObject({ status: -404, message: '未找到摄像头！' });
    const en = await h.get(urlOf(999_999));
    expect(en.body.message).toBe('Camera not found!');
  });

  it("answers 404 for a camera outside the account's scenes, and the address for one inside", async () => {
    const outside = await h.get(urlOf(h.refs.cameraB), { token: h.scoped.token, lang: 'zh-CN' });
    expect(outside.statusCode).toBe(404);
    expect(outside.body.message).toBe('未找到摄像头！');
    const inside = await h.get<StreamUrlResult>(urlOf(h.refs.cameraA), { token: h.scoped.token });
    expect(inside.statusCode).toBe(200);
    expect(inside.body.data.cameraId).toBe(h.refs.cameraA);
  });

  it('answers 409 for a disabled camera', async () => {
    await h.app.db.update(camera).set({ enabled: false }).where(eq(camera.id, h.refs.cameraB));
    try {
      const res = await h.get(urlOf(h.refs.cameraB), { lang: 'zh-CN' });
      expect(res.statusCode).toBe(409);
      expect(res.body.message).toBe('该摄像头已停用，无法播放');
      // Outside the scoped account's scenes it stays "not found".
      const scoped = await h.get(urlOf(h.refs.cameraB), { token: h.scoped.token });
      expect(scoped.statusCode).toBe(404);
    } finally {
      await h.app.db.update(camera).set({ enabled: true }).where(eq(camera.id, h.refs.cameraB));
    }
  });

  it('refuses a bad query (400) and an anonymous caller (401)', async () => {
    for (const query of ['', '?cameraId=abc', '?cameraId=0', `?cameraId=${h.refs.cameraA}&accountId=x`]) {
      const res = await h.get(`${VIDEO_API.streamUrl}${query}`);
      expect(res.statusCode, query).toBe(400);
    }
    const anonymous = await h.app.inject({ method: 'GET', url: urlOf(h.refs.cameraA) });
    expect(anonymous.statusCode).toBe(401);
  });
});

const ZLM = 'ws://media.plant.local:8080/live/{stream}.live.flv?token={token}';

describe.each(backends)('live stream addresses through a media server template on %s', (backend) => {
  let h: VideoHarness;

  beforeAll(async () => {
    h = await videoHarness(backend, { mediaStreamTemplate: ZLM });
  });
  afterAll(async () => {
    await h?.close();
  });

  it('fills the template with the camera code (encoded) and a token signed for that code', async () => {
    const [cam] = await h.app.db
      .insert(camera)
      .values({ name: 'gate', code: 'GATE 01/东', areaId: h.refs.areaA })
      .returning({ id: camera.id });
    if (!cam) throw new Error('camera');
    const res = await h.get<StreamUrlResult>(urlOf(cam.id), { token: h.operator.token });
    expect(res.statusCode).toBe(200);
    const { url, kind } = res.body.data;
    expect(kind).toBe('ws-flv');
    const prefix = `ws://media.plant.local:8080/live/${encodeURIComponent('GATE 01/东')}.live.flv?token=`;
    expect(url.startsWith(prefix)).toBe(true);
    const token = decodeURIComponent(url.slice(prefix.length));
    expect(verifyStreamToken(TEST_STREAM_SECRET, 'GATE 01/东', token, h.clock.ms)).toMatchObject({
      ok: true,
      accountId: h.operator.id,
    });
    expect(verifyStreamToken(TEST_STREAM_SECRET, 'GATE 01', token, h.clock.ms).ok).toBe(false);
  });
});

describe.each(backends)('stream templates: kinds, {origin}, start-up checks on %s', (backend) => {
  const cases: Array<[string, StreamUrlResult['kind'], RegExp]> = [
    [
      'wss://m.example/live/{stream}.flv',
      'ws-flv',
      /^wss:\/\/m\.example\/live\/CAM-A-\w+\.flv\?token=\d+\.\d+\./,
    ],
    [
      'http://m.example:8080/live/{stream}.flv?token={token}&x=1',
      'http-flv',
      /^http:\/\/m\.example:8080\/live\/CAM-A-\w+\.flv\?token=[^&]+&x=1$/,
    ],
    [
      'http://m.example:8888/{stream}/index.m3u8?token={token}',
      'hls',
      /^http:\/\/m\.example:8888\/CAM-A-\w+\/index\.m3u8\?token=/,
    ],
    ['https://m.example/rec/{stream}.mp4', 'mp4', /^https:\/\/m\.example\/rec\/CAM-A-\w+\.mp4\?token=/],
    [
      '{origin}/live/{stream}.flv',
      'http-flv',
      /^http:\/\/console\.plant\.local:9000\/live\/CAM-A-\w+\.flv\?token=/,
    ],
  ];

  it.each(cases)('%s → %s', async (template, kind, pattern) => {
    const h = await videoHarness(backend, { mediaStreamTemplate: template });
    try {
      const res = await h.get<StreamUrlResult>(urlOf(h.refs.cameraA), { host: 'console.plant.local:9000' });
      expect(res.statusCode).toBe(200);
      expect(res.body.data.kind).toBe(kind);
      expect(res.body.data.url).toMatch(pattern);
    } finally {
      await h.close();
    }
  });

  it.each([
    ['ws://m.example/live/cam.flv?token={token}', /must contain \{stream\}/],
    ['rtsp://m.example/live/{stream}', /must start with/],
    ['ws://m.example/live/{stream}', /\.flv, \.m3u8 or \.mp4/],
  ])('refuses to start with %s', async (template, message) => {
    const tdb = await createTestDatabase(backend);
    try {
      await expect(buildTestApp(tdb, { mediaStreamTemplate: template })).rejects.toThrow(message);
    } finally {
      await tdb.drop();
    }
  });
});
