import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CAMERA_VIDEO_PATH_LIMIT, type CameraVideoPathResult, VIDEO_API } from '@sentinel/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { camera } from '../../db/schema/index.ts';
import { backends } from '../../test/helpers.ts';
import { insertTestAlarm } from '../alarms/test-support.ts';
import { fetchRecordings } from './recordings.ts';
import { TEST_STREAM_SECRET, type VideoHarness, videoHarness } from './stream-test-support.ts';
import { verifyStreamToken } from './stream-token.ts';

const HOUR = 3_600_000;
const BASE = Date.parse('2026-04-30T00:00:00Z');
const at = (hours: number) => new Date(BASE + hours * HOUR);
const iso = (hours: number) => encodeURIComponent(at(hours).toISOString());
const PUBLIC = 'https://media.plant.local/playback/';

interface Answer {
  status: number;
  body: string;
  delayMs?: number;
}

/** A fake MediaMTX playback server on a real local port: records each request, answers `answer`. */
async function fakePlaybackServer() {
  const requests: URL[] = [];
  let answer: (url: URL) => Answer = () => ({ status: 404, body: 'no recordings' });
  const server: Server = createServer((req: IncomingMessage, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    requests.push(url);
    const a = answer(url);
    const send = () => {
      if (res.destroyed) return;
      res.writeHead(a.status, { 'content-type': 'application/json' }).end(a.body);
    };
    if (a.delayMs) setTimeout(send, a.delayMs);
    else send();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    answer(fn: (url: URL) => Answer) {
      answer = fn;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

type Fake = Awaited<ReturnType<typeof fakePlaybackServer>>;

const json = (value: unknown): Answer => ({ status: 200, body: JSON.stringify(value) });

describe.each(backends)('getCameraVideoPath with media-server recordings on %s', (backend) => {
  let h: VideoHarness;
  let fake: Fake;
  let code: string;
  const ids: Record<string, number> = {};
  const path = (from?: number, to?: number) =>
    `${VIDEO_API.cameraVideoPath}?cameraId=${h.refs.cameraA}` +
    (from === undefined ? '' : `&startTime=${iso(from)}`) +
    (to === undefined ? '' : `&endTime=${iso(to)}`);

  beforeAll(async () => {
    fake = await fakePlaybackServer();
    h = await videoHarness(backend, { mediaRecordingsUrl: `${fake.url}/`, mediaRecordingsPublicUrl: PUBLIC });
    const codes = await h.app.db.select({ id: camera.id, code: camera.code }).from(camera);
    code = codes.find((c) => c.id === h.refs.cameraA)?.code ?? '';
    const a = { cameraId: h.refs.cameraA, sceneId: h.refs.sceneA };
    ids.early = (
      await insertTestAlarm(h.app, {
        ...a,
        alarmTime: at(1),
        alarmVideo: 'clips/e.mp4',
        videoAlarmTypeName: 'Helmet',
      })
    ).id;
    ids.late = (
      await insertTestAlarm(h.app, {
        ...a,
        alarmTime: at(5),
        alarmVideo: 'clips/l.mp4',
        videoAlarmTypeName: 'Smoke',
      })
    ).id;
  });
  afterEach(() => {
    fake.requests.length = 0;
    fake.answer(() => ({ status: 404, body: 'no recordings' }));
  });
  afterAll(async () => {
    await h?.close();
    await fake?.close();
  });

  it('merges the recordings with the alarm clips, newest first, asking for the path and the range', async () => {
    fake.answer(() =>
      json([
        // Nanoseconds and a zone, as MediaMTX writes them; one duration as a numeric string.
        { start: '2026-04-30T02:00:00.123456789Z', duration: 600.5, url: 'http://internal:9996/get?x=1' },
        { start: '2026-04-30T14:00:00+08:00', duration: '120' },
        // Outside the range (a server that ignores start/end): left out.
        { start: '2026-04-29T10:00:00Z', duration: 60 },
      ]),
    );
    const res = await h.get<CameraVideoPathResult>(path(0, 10), { token: h.operator.token });
    expect(res.statusCode).toBe(200);
    expect(res.body.data.recordingsUnavailable).toBe(false);
    expect(res.body.data.truncated).toBe(false);

    expect(fake.requests).toHaveLength(1);
    const asked = fake.requests[0] as URL;
    expect(asked.pathname).toBe('/list');
    expect(asked.searchParams.get('path')).toBe(code);
    expect(asked.searchParams.get('start')).toBe(at(0).toISOString());
    expect(asked.searchParams.get('end')).toBe(at(10).toISOString());
    const listCheck = verifyStreamToken(
      TEST_STREAM_SECRET,
      code,
      asked.searchParams.get('token') ?? '',
      h.clock.ms,
    );
    expect(listCheck).toMatchObject({ ok: true, accountId: h.operator.id });

    const list = res.body.data.list;
    expect(list.map((c) => `${c.source}-${c.id}`)).toEqual([
      `recording-${Date.parse('2026-04-30T06:00:00Z')}`,
      `alarm-${ids.late}`,
      `recording-${Date.parse('2026-04-30T02:00:00.123Z')}`,
      `alarm-${ids.early}`,
    ]);
    const rec = list[2];
    expect(rec).toMatchObject({
      source: 'recording',
      startTime: '2026-04-30T02:00:00.123Z',
      durationSeconds: 600.5,
      kind: 'mp4',
    });
    expect(list[0]).toMatchObject({ startTime: '2026-04-30T06:00:00.000Z', durationSeconds: 120 });

    // The browser's address: the public base, the exact start, and a token for the stream and account.
    const url = new URL(rec?.url ?? '');
    expect(`${url.origin}${url.pathname}`).toBe('https://media.plant.local/playback/get');
    expect(url.searchParams.get('path')).toBe(code);
    expect(url.searchParams.get('start')).toBe('2026-04-30T02:00:00.123456789Z');
    expect(url.searchParams.get('duration')).toBe('600.5');
    expect(url.searchParams.get('format')).toBe('mp4');
    const token = url.searchParams.get('token') ?? '';
    const check = verifyStreamToken(TEST_STREAM_SECRET, code, token, h.clock.ms);
    expect(check).toMatchObject({ ok: true, accountId: h.operator.id });
    // Accepted long enough to watch it: its length plus 5 minutes.
    expect(check.ok && check.expires).toBe(Math.floor(h.clock.ms / 1000) + 601 + 300);
  });

  it("lets MediaMTX play a listed recording through the auth hook (action 'playback'), not another camera", async () => {
    fake.answer(() => json([{ start: '2026-04-30T03:00:00Z', duration: 30 }]));
    const res = await h.get<CameraVideoPathResult>(path(0, 10));
    const url = new URL(res.body.data.list.find((c) => c.source === 'recording')?.url ?? '');
    const hook = (p: string, action = 'playback') =>
      h.app.inject({
        method: 'POST',
        url: VIDEO_API.mediaHook('mediamtx'),
        payload: {
          user: '',
          password: '',
          ip: '10.0.0.9',
          action,
          path: p,
          protocol: '',
          id: null,
          query: url.search.slice(1),
        },
      });
    expect((await hook(code)).statusCode).toBe(200);
    expect((await hook(`${code}-other`)).statusCode).toBe(401);
    expect((await hook(code, 'publish')).statusCode).toBe(401);
  });

  it('asks for the last 24 hours without a range (the alarm clips stay unbounded)', async () => {
    fake.answer(() => json([{ start: new Date(h.clock.ms - 2 * HOUR).toISOString(), duration: 60 }]));
    const res = await h.get<CameraVideoPathResult>(path());
    const asked = fake.requests[0] as URL;
    expect(asked.searchParams.get('start')).toBe(new Date(h.clock.ms - 24 * HOUR).toISOString());
    expect(asked.searchParams.get('end')).toBe(new Date(h.clock.ms).toISOString());
    expect(res.body.data.list.map((c) => c.source)).toEqual(['recording', 'alarm', 'alarm']);
  });

  it('treats 404 (no recordings on the path) as none, and says 此相机下暂无视频! without alarm clips', async () => {
    const res = await h.get<CameraVideoPathResult>(path(6, 10), { lang: 'zh-CN' });
    expect(fake.requests).toHaveLength(1);
    expect(res.body).toMatchObject({ status: 0, message: '此相机下暂无视频!' });
    expect(res.body.data).toMatchObject({ list: [], recordingsUnavailable: false });
  });

  it('still lists the alarm clips, with recordingsUnavailable, when MediaMTX answers garbage', async () => {
    const answers: Answer[] = [
      { status: 200, body: '<html>proxy error</html>' },
      json({ items: [] }),
      json([{ start: 'yesterday', duration: 5 }]),
      json([{ start: '2026-04-30T03:00:00Z', duration: 'long' }]),
      { status: 500, body: 'internal error' },
      { status: 401, body: '' },
    ];
    for (const answer of answers) {
      fake.answer(() => answer);
      const res = await h.get<CameraVideoPathResult>(path(0, 10));
      expect(res.statusCode, answer.body).toBe(200);
      expect(res.body.data.recordingsUnavailable, answer.body).toBe(true);
      expect(res.body.data.list.map((c) => c.id)).toEqual([ids.late, ids.early]);
    }
  });

  it('keeps the merged list to the limit and says it was cut', async () => {
    const many = Array.from({ length: CAMERA_VIDEO_PATH_LIMIT + 10 }, (_, i) => ({
      start: new Date(at(1.5).getTime() + i * 60_000).toISOString(),
      duration: 59,
    }));
    fake.answer(() => json(many));
    const res = await h.get<CameraVideoPathResult>(path(0, 10));
    expect(res.body.data.list).toHaveLength(CAMERA_VIDEO_PATH_LIMIT);
    expect(res.body.data.truncated).toBe(true);
    expect(res.body.data.list[0]).toMatchObject({ source: 'alarm', id: ids.late });
    expect(res.body.data.list.some((c) => c.source === 'alarm' && c.id === ids.early)).toBe(false);
  });
});

describe.each(backends)('getCameraVideoPath when the media server is away on %s', (backend) => {
  it('lists the alarm clips with recordingsUnavailable when nothing listens at MEDIA_RECORDINGS_URL', async () => {
    const fake = await fakePlaybackServer();
    await fake.close();
    const h = await videoHarness(backend, { mediaRecordingsUrl: fake.url });
    try {
      const alarm = await insertTestAlarm(h.app, {
        cameraId: h.refs.cameraA,
        sceneId: h.refs.sceneA,
        alarmTime: at(1),
        alarmVideo: 'clips/a.mp4',
      });
      const res = await h.get<CameraVideoPathResult>(
        `${VIDEO_API.cameraVideoPath}?cameraId=${h.refs.cameraA}`,
      );
      expect(res.statusCode).toBe(200);
      expect(res.body.data.recordingsUnavailable).toBe(true);
      expect(res.body.data.list.map((c) => c.id)).toEqual([alarm.id]);
    } finally {
      await h.close();
    }
  });

  it('asks no media server without MEDIA_RECORDINGS_URL', async () => {
    const fake = await fakePlaybackServer();
    fake.answer(() => json([{ start: '2026-04-30T03:00:00Z', duration: 30 }]));
    const h = await videoHarness(backend);
    try {
      const res = await h.get<CameraVideoPathResult>(
        `${VIDEO_API.cameraVideoPath}?cameraId=${h.refs.cameraA}`,
      );
      expect(res.statusCode).toBe(200);
      expect(res.body.data).toMatchObject({ list: [], truncated: false, recordingsUnavailable: false });
      expect(fake.requests).toHaveLength(0);
    } finally {
      await h.close();
      await fake.close();
    }
  });
});

describe('fetchRecordings', () => {
  it('gives up on a slow playback server after the timeout', async () => {
    const fake = await fakePlaybackServer();
    fake.answer(() => ({ ...json([]), delayMs: 2000 }));
    try {
      const started = Date.now();
      const answer = await fetchRecordings(fake.url, 'CAM-1', { from: at(0), to: at(1) }, 'token', 100);
      expect(answer.ok).toBe(false);
      expect(Date.now() - started).toBeLessThan(1500);
    } finally {
      await fake.close();
    }
  });
});
