import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { ALARM_API, API, type Envelope } from '@sentinel/contract';
import { count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { camera, videoAlarm } from '../../db/schema/index.ts';
import { backends } from '../../test/helpers.ts';
import { type IngestHarness, ingestHarness, multipartBody } from './ingest-test-support.ts';

/** What the ingest's throughput work must not change: limits per address, references that vanish. */
describe.each(backends)('ingest at plant rate on %s', (backend) => {
  let h: IngestHarness;
  let key: string;
  let jpeg: Buffer;
  let seq = 0;

  const ingest = async (fields: Record<string, string>) => {
    const { payload, headers } = multipartBody(
      { eventId: `limits-${++seq}`, algorithmCode: 'helmet', ...fields },
      [{ field: 'image', data: jpeg }],
    );
    const res = await h.app.inject({
      method: 'POST',
      url: ALARM_API.ingest,
      headers: { ...headers, lang: 'en', 'x-engine-key': key },
      payload,
    });
    return { statusCode: res.statusCode, body: res.json() as Envelope<{ id: number } | null> };
  };
  const alarmCount = async () => Number((await h.app.db.select({ n: count() }).from(videoAlarm))[0]?.n ?? 0);
  const mediaFiles = () => {
    try {
      return readdirSync(join(h.dataDir, 'media', 'alarm')).length;
    } catch {
      return 0;
    }
  };

  beforeAll(async () => {
    // The general limit per address, small enough to reach in a test.
    h = await ingestHarness(backend, { generalRateLimit: 30 });
    jpeg = await sharp({ create: { width: 32, height: 24, channels: 3, background: '#888888' } })
      .jpeg()
      .toBuffer();
    const created = await h.app.inject({
      method: 'POST',
      url: ALARM_API.engines,
      headers: { token: h.admin, lang: 'en' },
      payload: { name: 'Throughput engine' },
    });
    key = (created.json() as Envelope<{ key: string }>).data.key;
  });
  afterAll(async () => h?.close());

  it('accepts an engine above the general per-address limit, which still holds for other calls', async () => {
    const results = [];
    for (let i = 0; i < 40; i++) results.push(await ingest({ cameraId: String(h.refs.cameraId) }));
    expect(results.map((r) => r.statusCode)).toEqual(Array(40).fill(200));
    let limited = false;
    for (let i = 0; i < 40 && !limited; i++) {
      limited = (await h.app.inject({ method: 'GET', url: API.captcha })).statusCode === 429;
    }
    expect(limited).toBe(true);
  });

  it('answers 400 (not 500) and keeps no file when a camera it has just seen was deleted', async () => {
    const [cam] = await h.app.db
      .insert(camera)
      .values({ name: '临时摄像头', code: 'CAM-TMP', areaId: h.refs.areaId })
      .returning();
    if (!cam) throw new Error('no camera');
    const first = await ingest({ cameraId: String(cam.id) });
    expect(first.statusCode).toBe(200);
    const [stored] = await h.app.db
      .select()
      .from(videoAlarm)
      .where(eq(videoAlarm.id, first.body.data?.id ?? 0));
    expect(stored?.cameraName).toBe('临时摄像头');

    await h.app.db.delete(camera).where(eq(camera.id, cam.id));
    const alarms = await alarmCount();
    const files = mediaFiles();
    const again = await ingest({ cameraId: String(cam.id) });
    expect(again.statusCode).toBe(400);
    expect(again.body.data).toMatchObject({ fields: [{ field: 'cameraId' }] });
    expect(await alarmCount()).toBe(alarms);
    expect(mediaFiles()).toBe(files);
  });
});
