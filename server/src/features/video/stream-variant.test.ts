import { type StreamUrlResult, VIDEO_API } from '@sentinel/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { camera } from '../../db/schema/index.ts';
import { backends } from '../../test/helpers.ts';
import { DEMO_CLIPS } from './demo-stream/clips.ts';
import { TEST_STREAM_SECRET, type VideoHarness, videoHarness } from './stream-test-support.ts';
import { verifyStreamToken } from './stream-token.ts';

const urlOf = (cameraId: number, stream?: string) =>
  `${VIDEO_API.streamUrl}?cameraId=${cameraId}${stream ? `&stream=${stream}` : ''}`;
const tokenOf = (url: string) => new URL(url, 'http://x').searchParams.get('token') ?? undefined;

describe.each(backends)('main and sub streams (issue 17 §6), demo mode, on %s', (backend) => {
  let h: VideoHarness;
  beforeAll(async () => {
    h = await videoHarness(backend);
  });
  afterAll(async () => {
    await h?.close();
  });

  const setSub = (subStreamUrl: string, mainStreamUrl = '') =>
    h.app.db.update(camera).set({ subStreamUrl, mainStreamUrl }).where(eq(camera.id, h.refs.cameraA));

  it('answers the main stream by default and for a camera without a sub stream', async () => {
    await setSub('');
    const main = await h.get<StreamUrlResult>(urlOf(h.refs.cameraA));
    expect(main.statusCode).toBe(200);
    expect(main.body.data.stream).toBe('main');
    const sub = await h.get<StreamUrlResult>(urlOf(h.refs.cameraA, 'sub'));
    expect(sub.body.data).toMatchObject({ stream: 'main', kind: 'ws-flv' });
  });

  it("plays the sub stream's own demo clip, else the main stream's clip", async () => {
    const [mainClip, subClip] = [DEMO_CLIPS[0], DEMO_CLIPS[1]];
    await setSub(`demo:${subClip}`, `demo:${mainClip}`);
    const sub = await h.get<StreamUrlResult>(urlOf(h.refs.cameraA, 'sub'));
    expect(sub.body.data.stream).toBe('sub');
    expect(sub.body.data.url.startsWith(`${VIDEO_API.demoStream(subClip)}?token=`)).toBe(true);
    const main = await h.get<StreamUrlResult>(urlOf(h.refs.cameraA, 'main'));
    expect(main.body.data).toMatchObject({ stream: 'main' });
    expect(main.body.data.url.startsWith(`${VIDEO_API.demoStream(mainClip)}?token=`)).toBe(true);
    await setSub('rtsp://10.0.0.9/sub', `demo:${mainClip}`);
    const same = await h.get<StreamUrlResult>(urlOf(h.refs.cameraA, 'sub'));
    expect(same.body.data.stream).toBe('sub');
    expect(same.body.data.url.startsWith(`${VIDEO_API.demoStream(mainClip)}?token=`)).toBe(true);
  });

  it('refuses another stream name (400)', async () => {
    const res = await h.get(urlOf(h.refs.cameraA, 'third'));
    expect(res.statusCode).toBe(400);
  });
});

describe.each(backends)('main and sub streams on a media server template, on %s', (backend) => {
  let h: VideoHarness;
  beforeAll(async () => {
    h = await videoHarness(backend, { mediaStreamTemplate: 'http://m.example/hls/{stream}.m3u8' });
  });
  afterAll(async () => {
    await h?.close();
  });

  it('plays the sub stream as <code>_sub with a token for that stream only', async () => {
    await h.app.db
      .update(camera)
      .set({ code: 'CAM-V1', subStreamUrl: 'rtsp://10.0.0.9/sub' })
      .where(eq(camera.id, h.refs.cameraA));
    const sub = await h.get<StreamUrlResult>(urlOf(h.refs.cameraA, 'sub'), { token: h.operator.token });
    expect(sub.body.data).toMatchObject({ stream: 'sub', kind: 'hls' });
    expect(sub.body.data.url.startsWith('http://m.example/hls/CAM-V1_sub.m3u8?token=')).toBe(true);
    const subToken = tokenOf(sub.body.data.url);
    expect(verifyStreamToken(TEST_STREAM_SECRET, 'CAM-V1_sub', subToken, h.clock.ms).ok).toBe(true);
    expect(verifyStreamToken(TEST_STREAM_SECRET, 'CAM-V1', subToken, h.clock.ms).ok).toBe(false);

    const main = await h.get<StreamUrlResult>(urlOf(h.refs.cameraA), { token: h.operator.token });
    expect(main.body.data.stream).toBe('main');
    expect(main.body.data.url.startsWith('http://m.example/hls/CAM-V1.m3u8?token=')).toBe(true);
    const mainToken = tokenOf(main.body.data.url);
    expect(verifyStreamToken(TEST_STREAM_SECRET, 'CAM-V1', mainToken, h.clock.ms).ok).toBe(true);

    // The media server's hook checks the sub stream's token against the stream it plays.
    const hook = (stream: string, token: string | undefined) =>
      h.app.inject({
        method: 'POST',
        url: VIDEO_API.mediaHook('zlm'),
        payload: { app: 'live', stream, params: `token=${token ?? ''}` },
      });
    expect((await hook('CAM-V1_sub', subToken)).json()).toMatchObject({ code: 0 });
    expect((await hook('CAM-V1_sub', mainToken)).json()).toMatchObject({ code: -1 });
  });

  it('answers the main stream for a camera without a sub stream address', async () => {
    await h.app.db.update(camera).set({ subStreamUrl: ' ' }).where(eq(camera.id, h.refs.cameraA));
    const sub = await h.get<StreamUrlResult>(urlOf(h.refs.cameraA, 'sub'));
    expect(sub.body.data.stream).toBe('main');
    expect(sub.body.data.url).toMatch(/\/hls\/CAM-V1\.m3u8\?token=/);
  });
});
