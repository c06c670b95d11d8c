import { mkdirSync, mkdtempSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { IMAGE_CHECK_API, type ImageCheckListResult } from '@sentinel/contract';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { camera, eventRecord, videoAlarm } from '../../db/schema/index.ts';
import {
  apiCaller,
  backends,
  body,
  createAccount,
  createAccountWithPages,
  login,
  useTestApp,
} from '../../test/helpers.ts';

const jpeg = () =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: { r: 10, g: 120, b: 200 } } })
    .jpeg()
    .toBuffer();

describe.each(backends)('image checks on %s', (backend) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'sc-images-'));
  const t = useTestApp(backend, { dataDir });
  const media = join(dataDir, 'media', 'alarm');
  let admin = '';
  let cameraId = 0;
  const call = apiCaller(
    () => t.app,
    () => admin,
  );
  const day = { startTime: '2026-01-01 00:00:00', endTime: '2026-01-02 00:00:00' };

  beforeAll(async () => {
    admin = await login(t.app, await createAccount(t.app, { roles: ['admin'] }));
    const [cam] = await t.app.db.insert(camera).values({ name: '装车站', code: 'CAM-IMG' }).returning();
    cameraId = cam?.id ?? 0;
    mkdirSync(media, { recursive: true });
  });

  const insertAlarm = async (original: string, drawn: string) => {
    const [row] = await t.app.db
      .insert(videoAlarm)
      .values({
        alarmTime: new Date('2026-01-01T08:00:00Z'),
        priority: 1,
        cameraId,
        alarmImage: original,
        alarmImageDraw: drawn,
      })
      .returning();
    return row?.id ?? 0;
  };
  const list = async (filters: Record<string, unknown>, path: string = IMAGE_CHECK_API.alarms) => {
    const res = await call('POST', path, { cameraId, ...day, ...filters });
    expect(res.statusCode).toBe(200);
    return body<ImageCheckListResult>(res).data;
  };

  it('checks each alarm image once: sound, missing, wrongType, unreadable', async () => {
    writeFileSync(join(media, 'good.jpg'), await jpeg());
    writeFileSync(join(media, 'text.jpg'), 'not an image at all');
    writeFileSync(
      join(media, 'broken.jpg'),
      Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(20)]),
    );
    const a = await insertAlarm('alarm/good.jpg', '');
    const b = await insertAlarm('alarm/text.jpg', 'alarm/broken.jpg');
    const run = await call('POST', IMAGE_CHECK_API.run, {});
    expect(run.statusCode).toBe(200);
    expect(body<{ checked: number }>(run).data.checked).toBe(4);
    // Idempotent: nothing new, nothing checked twice.
    expect(body<{ checked: number }>(await call('POST', IMAGE_CHECK_API.run, {})).data.checked).toBe(0);

    const original = await list({ imageType: 'original' });
    const byRecord = new Map(original.rows.map((r) => [r.recordId, r]));
    expect(byRecord.get(a)).toMatchObject({ problem: null, mime: 'image/jpeg', width: 40, height: 30 });
    expect(byRecord.get(a)?.url).toContain('alarm/good.jpg');
    expect(byRecord.get(b)?.problem).toBe('wrongType');
    const drawn = await list({ imageType: 'drawn' });
    expect(new Map(drawn.rows.map((r) => [r.recordId, r.problem]))).toEqual(
      new Map([
        [a, 'missing'],
        [b, 'unreadable'],
      ]),
    );
    const problems = await list({ imageType: 'allProblems' });
    expect(problems.total).toBe(3);
    expect(problems.counts).toEqual({ sound: 1, missing: 1, wrongType: 1, unreadable: 1 });
    expect((await list({ imageType: 'original', problemOnly: true })).rows.map((r) => r.recordId)).toEqual([
      b,
    ]);
  });

  it('a record whose file was deleted is missing; deleted alarms take their checks with them', async () => {
    writeFileSync(join(media, 'soon-gone.jpg'), await jpeg());
    const id = await insertAlarm('alarm/soon-gone.jpg', 'alarm/soon-gone.jpg');
    unlinkSync(join(media, 'soon-gone.jpg'));
    await call('POST', IMAGE_CHECK_API.run, {});
    const rows = (await list({ imageType: 'original' })).rows.filter((r) => r.recordId === id);
    expect(rows.map((r) => r.problem)).toEqual(['missing']);
    await t.app.db.delete(videoAlarm).where(eq(videoAlarm.id, id));
    await call('POST', IMAGE_CHECK_API.run, {});
    expect((await list({ imageType: 'allProblems' })).rows.some((r) => r.recordId === id)).toBe(false);
  });

  it('"check now" answers either image page\'s permission, and nobody else', async () => {
    const events = await login(t.app, await createAccountWithPages(t.app, ['eventImg']));
    expect((await call('POST', IMAGE_CHECK_API.run, {}, events)).statusCode).toBe(200);
    const other = await login(t.app, await createAccountWithPages(t.app, ['cameraRunReport']));
    expect((await call('POST', IMAGE_CHECK_API.run, {}, other)).statusCode).toBe(403);
  });

  it('history events are checked too (eventImg)', async () => {
    const [e] = await t.app.db
      .insert(eventRecord)
      .values({
        eventName: 'door',
        eventTime: new Date('2026-01-01T09:00:00Z'),
        cameraId,
        eventImg: 'alarm/good.jpg',
      })
      .returning();
    await call('POST', IMAGE_CHECK_API.run, {});
    const events = await list({ imageType: 'event' }, IMAGE_CHECK_API.events);
    expect(events.rows.map((r) => [r.recordId, r.problem])).toEqual([[e?.id, null]]);
  });

  it('camera, image type and time are required (400 with the message, both languages)', async () => {
    for (const missing of [{ cameraId: undefined }, { imageType: undefined }, { startTime: undefined }]) {
      const res = await call('POST', IMAGE_CHECK_API.alarms, {
        cameraId,
        imageType: 'original',
        ...day,
        ...missing,
      });
      expect(res.statusCode).toBe(400);
      expect(body(res).message).toBe('Camera, image type and time are required');
    }
    const zh = await call('POST', IMAGE_CHECK_API.events, {}, admin, 'zh-CN');
    expect(zh.statusCode).toBe(400);
    expect(body(zh).message).toBe('摄像机，图片类型，时间是必选项！');
  });
});
