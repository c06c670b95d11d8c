import { type CameraVideoPathResult, VIDEO_API } from '@sentinel/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { camera } from '../../db/schema/index.ts';
import { backends } from '../../test/helpers.ts';
import { insertTestAlarm } from '../alarms/test-support.ts';
import { type VideoHarness, videoHarness } from './stream-test-support.ts';

const HOUR = 3_600_000;
const BASE = Date.parse('2026-04-30T00:00:00Z');
const at = (hours: number) => new Date(BASE + hours * HOUR);
const iso = (hours: number) => encodeURIComponent(at(hours).toISOString());

describe.each(backends)('getCameraVideoPath on %s', (backend) => {
  let h: VideoHarness;
  const ids: Record<string, number> = {};
  const path = (cameraId: number, from?: number, to?: number) =>
    `${VIDEO_API.cameraVideoPath}?cameraId=${cameraId}` +
    (from === undefined ? '' : `&startTime=${iso(from)}`) +
    (to === undefined ? '' : `&endTime=${iso(to)}`);

  beforeAll(async () => {
    h = await videoHarness(backend);
    const a = { cameraId: h.refs.cameraA, sceneId: h.refs.sceneA };
    const rows = {
      early: { ...a, alarmTime: at(1), alarmVideo: 'clips/early.mp4', videoAlarmTypeName: 'Helmet' },
      late: {
        ...a,
        alarmTime: at(5),
        alarmVideo: 'https://nvr.plant.local/c/late.m3u8',
        videoAlarmTypeName: 'Smoke',
      },
      noClip: { ...a, alarmTime: at(3), alarmVideo: '' },
      otherCamera: {
        cameraId: h.refs.cameraB,
        sceneId: h.refs.sceneB,
        alarmTime: at(2),
        alarmVideo: 'clips/b.mp4',
      },
      // Camera A's alarm filed under scene B: not for an account limited to scene A.
      otherScene: {
        cameraId: h.refs.cameraA,
        sceneId: h.refs.sceneB,
        alarmTime: at(4),
        alarmVideo: 'clips/x.mp4',
      },
    };
    for (const [key, input] of Object.entries(rows)) ids[key] = (await insertTestAlarm(h.app, input)).id;
  });
  afterAll(async () => {
    await h?.close();
  });

  it("lists the camera's alarm clips in the range, newest first, with playable urls", async () => {
    const res = await h.get<CameraVideoPathResult>(path(h.refs.cameraA, 0, 10));
    expect(res.statusCode).toBe(200);
    expect(res.body.data.cameraId).toBe(h.refs.cameraA);
    expect(res.body.data.truncated).toBe(false);
    // No MEDIA_RECORDINGS_URL: no recordings asked for, none missing.
    expect(res.body.data.recordingsUnavailable).toBe(false);
    expect(res.body.data.list).toEqual([
      {
        source: 'alarm',
        id: ids.late,
        alarmTime: at(5).toISOString(),
        videoAlarmTypeName: 'Smoke',
        url: 'https://nvr.plant.local/c/late.m3u8',
        kind: 'hls',
      },
      {
        source: 'alarm',
        id: ids.otherScene,
        alarmTime: at(4).toISOString(),
        videoAlarmTypeName: 'Helmet',
        url: '/api/v2/backend/media/clips/x.mp4',
        kind: 'mp4',
      },
      {
        source: 'alarm',
        id: ids.early,
        alarmTime: at(1).toISOString(),
        videoAlarmTypeName: 'Helmet',
        url: '/api/v2/backend/media/clips/early.mp4',
        kind: 'mp4',
      },
    ]);
  });

  it('keeps to the range, and lists the latest without one', async () => {
    const narrow = await h.get<CameraVideoPathResult>(path(h.refs.cameraA, 2, 4.5));
    expect(narrow.body.data.list.map((c) => c.id)).toEqual([ids.otherScene]);
    const all = await h.get<CameraVideoPathResult>(path(h.refs.cameraA));
    expect(all.body.data.list.map((c) => c.id)).toEqual([ids.late, ids.otherScene, ids.early]);
  });

  it('answers an empty list with 此相机下暂无视频! when there is no clip', async () => {
    const res = await h.get<CameraVideoPathResult>(path(h.refs.cameraA, 6, 10), { lang: 'zh-CN' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatchObject({ status: 0, message: '此相机下暂无视频!' });
    expect(res.body.data.list).toEqual([]);
  });

  it("shows an account limited to scene A only its scenes' clips, and not camera B", async () => {
    const own = await h.get<CameraVideoPathResult>(path(h.refs.cameraA, 0, 10), { token: h.scoped.token });
    expect(own.statusCode).toBe(200);
    expect(own.body.data.list.map((c) => c.id)).toEqual([ids.late, ids.early]);
    const outside = await h.get(path(h.refs.cameraB, 0, 10), { token: h.scoped.token, lang: 'zh-CN' });
    expect(outside.statusCode).toBe(404);
    expect(outside.body.message).toBe('未找到摄像头！');
  });

  it('answers 404 未找到摄像头！ for an unknown camera and 403 for another account id', async () => {
    const unknown = await h.get(path(999_999, 0, 10), { lang: 'zh-CN' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body.message).toBe('未找到摄像头！');
    const other = await h.get(`${path(h.refs.cameraA, 0, 10)}&accountId=${h.scoped.id}`, {
      token: h.operator.token,
    });
    expect(other.statusCode).toBe(403);
  });

  it("still lists a disabled camera's clips", async () => {
    await h.app.db.update(camera).set({ enabled: false }).where(eq(camera.id, h.refs.cameraB));
    try {
      const res = await h.get<CameraVideoPathResult>(path(h.refs.cameraB, 0, 10));
      expect(res.statusCode).toBe(200);
      expect(res.body.data.list.map((c) => c.id)).toEqual([ids.otherCamera]);
    } finally {
      await h.app.db.update(camera).set({ enabled: true }).where(eq(camera.id, h.refs.cameraB));
    }
  });

  it('refuses a half or inverted range (time.rangeRequired) and a bad query (400)', async () => {
    for (const url of [path(h.refs.cameraA, 0), path(h.refs.cameraA, 5, 1)]) {
      const res = await h.get(url, { lang: 'zh-CN' });
      expect(res.statusCode, url).toBe(400);
      expect(res.body.message).toBe('请选择开始时间和截止时间!');
    }
    for (const url of [
      VIDEO_API.cameraVideoPath,
      `${VIDEO_API.cameraVideoPath}?cameraId=x`,
      `${VIDEO_API.cameraVideoPath}?cameraId=1&startTime=yesterday&endTime=today`,
    ]) {
      expect((await h.get(url)).statusCode, url).toBe(400);
    }
  });
});
