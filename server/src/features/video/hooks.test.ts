import { type StreamUrlResult, VIDEO_API } from '@sentinel/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { camera } from '../../db/schema/index.ts';
import { backends } from '../../test/helpers.ts';
import { recordingClips } from './recordings.ts';
import { TEST_STREAM_SECRET, type VideoHarness, videoHarness } from './stream-test-support.ts';

const TEMPLATE = 'ws://media.plant.local:8080/live/{stream}.live.flv?token={token}';

/** Flips one character of the signature (the token stays well-formed). */
const tamper = (token: string) => `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;

describe.each(backends)('media server play hooks on %s', (backend) => {
  let h: VideoHarness;
  let code: string;
  let otherCode: string;
  let token: string;

  const hook = (kind: 'zlm' | 'mediamtx' | 'srs', payload: object) =>
    h.app.inject({ method: 'POST', url: VIDEO_API.mediaHook(kind), payload });

  /** Runs `fn` with the clock moved past the address's expiry. */
  async function afterExpiry(fn: () => Promise<void>) {
    const saved = h.clock.ms;
    h.clock.ms += (h.app.appConfig.streamUrlTtlSeconds + 1) * 1000;
    try {
      await fn();
    } finally {
      h.clock.ms = saved;
    }
  }

  beforeAll(async () => {
    h = await videoHarness(backend, { mediaStreamTemplate: TEMPLATE });
    const codes = await h.app.db.select({ id: camera.id, code: camera.code }).from(camera);
    code = codes.find((c) => c.id === h.refs.cameraA)?.code ?? '';
    otherCode = codes.find((c) => c.id === h.refs.cameraB)?.code ?? '';
    const res = await h.get<StreamUrlResult>(`${VIDEO_API.streamUrl}?cameraId=${h.refs.cameraA}`, {
      token: h.operator.token,
    });
    token = new URL(res.body.data.url).searchParams.get('token') ?? '';
    expect(token).not.toBe('');
  });
  afterAll(async () => {
    await h?.close();
  });

  describe('nginx auth_request', () => {
    const ask = (uri?: string) =>
      h.app.inject({
        method: 'GET',
        url: VIDEO_API.mediaHook('nginx'),
        headers: uri === undefined ? {} : { 'x-original-uri': uri },
      });

    it('allows the HLS playlist of the signed stream (204) and refuses anything else (403)', async () => {
      const q = `token=${encodeURIComponent(token)}`;
      expect((await ask(`/hls/${encodeURIComponent(code)}.m3u8?${q}`)).statusCode).toBe(204);
      expect((await ask(`/hls/${encodeURIComponent(otherCode)}.m3u8?${q}`)).statusCode).toBe(403);
      expect((await ask(`/hls/${encodeURIComponent(code)}_sub.m3u8?${q}`)).statusCode).toBe(403);
      expect((await ask(`/hls/${encodeURIComponent(code)}.m3u8?token=${tamper(token)}`)).statusCode).toBe(
        403,
      );
      expect((await ask(`/hls/${encodeURIComponent(code)}.m3u8`)).statusCode).toBe(403);
      expect((await ask()).statusCode).toBe(400);
      await afterExpiry(async () => {
        expect((await ask(`/hls/${encodeURIComponent(code)}.m3u8?${q}`)).statusCode).toBe(403);
      });
    });

    it("allows the playlist's fragments (<stream>-<n>.ts) with its token, and refuses them without", async () => {
      const q = `token=${encodeURIComponent(token)}`;
      const fragment = `/hls/${encodeURIComponent(code)}-17.ts`;
      expect((await ask(`${fragment}?${q}`)).statusCode).toBe(204);
      expect((await ask(fragment)).statusCode).toBe(403);
      expect((await ask(`/hls/${encodeURIComponent(otherCode)}-17.ts?${q}`)).statusCode).toBe(403);
      expect((await ask(`/hls/${encodeURIComponent(code)}_sub-17.ts?${q}`)).statusCode).toBe(403);
      // only nginx-rtmp's numbered fragments name the stream: another file is not the stream's
      expect((await ask(`/hls/${encodeURIComponent(code)}-x.ts?${q}`)).statusCode).toBe(403);
      await afterExpiry(async () => {
        expect((await ask(`${fragment}?${q}`)).statusCode).toBe(403);
      });
    });
  });

  describe('ZLMediaKit on_play', () => {
    const body = (stream: string, params: string) => ({
      mediaServerId: 'zlm-1',
      app: 'live',
      stream,
      params,
      schema: 'rtmp',
      vhost: '__defaultVhost__',
      ip: '10.0.0.9',
      port: 51_000,
      id: '1',
    });

    it('allows a valid token for the stream', async () => {
      const res = await hook('zlm', body(code, `token=${encodeURIComponent(token)}`));
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ code: 0, msg: 'success' });
    });

    it('refuses an expired, tampered, missing or other-stream token', async () => {
      await afterExpiry(async () => {
        expect((await hook('zlm', body(code, `token=${token}`))).json()).toEqual({
          code: -1,
          msg: 'stream token expired',
        });
      });
      expect((await hook('zlm', body(code, `token=${tamper(token)}`))).json()).toMatchObject({ code: -1 });
      expect((await hook('zlm', body(code, ''))).json()).toMatchObject({ code: -1 });
      expect((await hook('zlm', body(otherCode, `token=${token}`))).json()).toMatchObject({ code: -1 });
    });
  });

  describe('MediaMTX authHTTPAddress', () => {
    const body = (action: string, path: string, query: string) => ({
      user: '',
      password: '',
      ip: '10.0.0.9',
      action,
      path,
      protocol: 'hls',
      id: null,
      query,
    });

    it('allows reading and playback with a valid token (200)', async () => {
      expect((await hook('mediamtx', body('read', `live/${code}`, `token=${token}`))).statusCode).toBe(200);
      expect((await hook('mediamtx', body('playback', code, `token=${token}&start=1`))).statusCode).toBe(200);
    });

    it('takes the token from the token field when the query has none, and copes with nulls', async () => {
      const nulls = { ...body('read', code, ''), query: null, password: null, user: null };
      expect((await hook('mediamtx', { ...nulls, token })).statusCode).toBe(200);
      expect((await hook('mediamtx', nulls)).statusCode).toBe(401);
    });

    it("allows 'playback' of a recording's address while the recording can be watched, then refuses it", async () => {
      const durationSeconds = 1800;
      const [clip] = recordingClips([{ start: '2026-05-01T06:00:00.000000001Z', durationSeconds }], {
        publicBase: 'http://mediamtx:9996',
        stream: code,
        range: { from: new Date(h.clock.ms - 86_400_000), to: new Date(h.clock.ms) },
        secret: TEST_STREAM_SECRET,
        accountId: h.operator.id,
        ttlSeconds: h.app.appConfig.streamUrlTtlSeconds,
        nowMs: h.clock.ms,
      });
      // What MediaMTX passes on: the query of the browser's /get address.
      const query = new URL(clip?.url ?? '').search.slice(1);
      expect(query).toContain('token=');
      const saved = h.clock.ms;
      try {
        // Past a live address's life, still within the recording's length.
        h.clock.ms = saved + (durationSeconds - 1) * 1000;
        expect((await hook('mediamtx', body('playback', code, query))).statusCode).toBe(200);
        expect((await hook('mediamtx', body('playback', otherCode, query))).statusCode).toBe(401);
        expect((await hook('mediamtx', body('publish', code, query))).statusCode).toBe(401);
        // The recording's length plus the 5-minute margin is over.
        h.clock.ms = saved + (durationSeconds + 300) * 1000;
        expect((await hook('mediamtx', body('playback', code, query))).statusCode).toBe(401);
      } finally {
        h.clock.ms = saved;
      }
    });

    it('refuses an expired, tampered or other-path token, and any publish (401)', async () => {
      await afterExpiry(async () => {
        expect((await hook('mediamtx', body('read', code, `token=${token}`))).statusCode).toBe(401);
      });
      expect((await hook('mediamtx', body('read', code, `token=${tamper(token)}`))).statusCode).toBe(401);
      expect((await hook('mediamtx', body('read', otherCode, `token=${token}`))).statusCode).toBe(401);
      expect((await hook('mediamtx', body('read', code, ''))).statusCode).toBe(401);
      expect((await hook('mediamtx', body('publish', code, `token=${token}`))).statusCode).toBe(401);
    });
  });

  describe('SRS on_play', () => {
    const body = (action: string, stream: string, param: string) => ({
      server_id: 'vid-1',
      action,
      client_id: '341w361a',
      ip: '10.0.0.9',
      vhost: '__defaultVhost__',
      app: 'live',
      stream,
      param,
    });

    it('allows a valid token (code 0)', async () => {
      const res = await hook('srs', body('on_play', code, `?token=${token}`));
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ code: 0 });
    });

    it('refuses an expired, tampered or other-stream token, and other actions (non-zero code)', async () => {
      await afterExpiry(async () => {
        expect((await hook('srs', body('on_play', code, `?token=${token}`))).json().code).not.toBe(0);
      });
      expect((await hook('srs', body('on_play', code, `?token=${tamper(token)}`))).json().code).not.toBe(0);
      expect(
        (await hook('srs', body('on_play', `${otherCode}.flv`, `?token=${token}`))).json().code,
      ).not.toBe(0);
      expect((await hook('srs', body('on_publish', code, `?token=${token}`))).json().code).not.toBe(0);
    });

    it('strips a .flv suffix from the reported stream', async () => {
      expect((await hook('srs', body('on_play', `${code}.flv`, `?token=${token}`))).json()).toEqual({
        code: 0,
      });
    });
  });

  it('answers 400 to a body that is not a hook call', async () => {
    const res = await h.app.inject({
      method: 'POST',
      url: VIDEO_API.mediaHook('zlm'),
      payload: { app: 'live' },
    });
    expect(res.statusCode).toBe(400);
  });

  it("refuses an old address once the camera's code changed (the token signs the code)", async () => {
    await h.app.db
      .update(camera)
      .set({ code: `${code}-new` })
      .where(eq(camera.id, h.refs.cameraA));
    try {
      const res = await hook('zlm', {
        app: 'live',
        stream: `${code}-new`,
        params: `token=${token}`,
      });
      expect(res.json()).toMatchObject({ code: -1 });
    } finally {
      await h.app.db.update(camera).set({ code }).where(eq(camera.id, h.refs.cameraA));
    }
  });
});
