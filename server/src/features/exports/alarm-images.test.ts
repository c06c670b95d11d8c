import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { EXPORT_API } from '@sentinel/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../../test/helpers.ts';
import { createTestRefs, insertTestAlarm, type TestRefs } from '../alarms/test-support.ts';
import { type ExportHarness, exportHarness, readZip } from './test-support.ts';

const IMAGES = EXPORT_API.videoAlarmImages;

describe.each(backends)('alarm image zip on %s', (backend) => {
  let h: ExportHarness;
  let refs: TestRefs;
  const ids: Record<string, number> = {};
  const bytes = (label: string) => Buffer.from(`\xff\xd8 fake jpeg ${label}`, 'latin1');

  beforeAll(async () => {
    h = await exportHarness(backend);
    refs = await createTestRefs(h.app);
    const dir = join(h.dataDir, 'media', 'alarms');
    mkdirSync(dir, { recursive: true });
    for (const name of ['a-orig', 'a-draw', 'b-orig', 'b-draw'])
      writeFileSync(join(dir, `${name}.jpg`), bytes(name));
    ids.a = (
      await insertTestAlarm(h.app, {
        sceneId: refs.sceneA,
        alarmTime: new Date('2024-05-01T08:00:00Z'),
        alarmImage: 'alarms/a-orig.jpg',
        alarmImageDraw: 'alarms/a-draw.jpg',
      })
    ).id;
    ids.b = (
      await insertTestAlarm(h.app, {
        sceneId: refs.sceneB,
        alarmTime: new Date('2024-05-02T08:00:00Z'),
        alarmImage: '/api/v2/backend/media/alarms/b-orig.jpg',
        alarmImageDraw: 'alarms/b-draw.jpg',
      })
    ).id;
    // no pictures, a missing file, and a path that tries to leave the media directory
    ids.none = (
      await insertTestAlarm(h.app, { sceneId: refs.sceneB, alarmTime: new Date('2024-06-01T00:00:00Z') })
    ).id;
    ids.missing = (
      await insertTestAlarm(h.app, {
        sceneId: refs.sceneA,
        alarmTime: new Date('2024-06-02T00:00:00Z'),
        alarmImage: 'alarms/gone.jpg',
        alarmImageDraw: '../../etc/passwd',
      })
    ).id;
  });
  afterAll(async () => {
    await h?.close();
  });

  it('streams a zip of the original and drawn images of the filtered alarms', async () => {
    const res = await h.call(IMAGES, {}, { token: h.adminToken });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="video-alarm-images-.+\.zip"/);
    const entries = readZip(res.raw);
    expect(entries.map((e) => e.name)).toEqual([
      `${ids.b}_original.jpg`,
      `${ids.b}_drawn.jpg`,
      `${ids.a}_original.jpg`,
      `${ids.a}_drawn.jpg`,
    ]);
    expect(entries[0]?.data).toEqual(bytes('b-orig'));
    expect(entries[3]?.data).toEqual(bytes('a-draw'));

    const filtered = await h.call(IMAGES, { sceneId: refs.sceneA }, { token: h.adminToken });
    expect(readZip(filtered.raw).map((e) => e.name)).toEqual([`${ids.a}_original.jpg`, `${ids.a}_drawn.jpg`]);
  });

  it('keeps to the scenes the account may see', async () => {
    await h.limitTo([refs.sceneB]);
    const res = await h.call(IMAGES, {}, { token: h.limitedToken });
    expect(readZip(res.raw).map((e) => e.name)).toEqual([`${ids.b}_original.jpg`, `${ids.b}_drawn.jpg`]);
  });

  it('answers 暂时没有可下载报警图片 when there are no images', async () => {
    const res = await h.call(
      IMAGES,
      { startTime: '2024-06-01T00:00:00Z', endTime: '2024-06-30T23:59:59Z' },
      { token: h.adminToken, lang: 'zh-CN' },
    );
    expect(res.statusCode).toBe(404);
    expect(res.body).toEqual({ status: -404, message: '暂时没有可下载报警图片', data: null });
    await h.limitTo([]);
    const none = await h.call(IMAGES, {}, { token: h.limitedToken });
    expect(none.statusCode).toBe(404);
    expect(none.body.message).toBe('No alarm images to download');
  });

  it('validates the filters and the permission', async () => {
    const half = await h.call(
      IMAGES,
      { endTime: '2024-06-01T00:00:00Z' },
      { token: h.adminToken, lang: 'zh-CN' },
    );
    expect(half.statusCode).toBe(400);
    expect(half.body.message).toBe('请选择开始时间和截止时间!');
    const bad = await h.call(IMAGES, { sceneId: 'x' }, { token: h.adminToken });
    expect(bad.statusCode).toBe(400);
    expect((await h.call(IMAGES, {}, { token: h.viewerToken })).statusCode).toBe(403);
    expect((await h.call(IMAGES, {})).statusCode).toBe(401);
  });
});
