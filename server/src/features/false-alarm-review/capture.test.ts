import { existsSync, readdirSync, readFileSync, unlinkSync } from 'node:fs';
import { join } from 'node:path';
import { ALARM_API, FALSE_ALARM_REVIEW_API, type FalseAlarmRecordItem } from '@sentinel/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { algorithm, falseAlarmRecord, videoAlarm } from '../../db/schema/index.ts';
import { backends } from '../../test/helpers.ts';
import { seedFalseAlarmRecords } from './index.ts';
import { type ReviewHarness, reviewHarness } from './test-support.ts';

/** Ingest with the engine's boxes; a false positive → a record with its own frame, boxes and version. */
describe.each(backends)('false-alarm capture on %s', (backend) => {
  let h: ReviewHarness;
  let v1 = 0;
  beforeAll(async () => {
    h = await reviewHarness(backend);
    const [helmet] = await h.app.db.select().from(algorithm).where(eq(algorithm.code, 'helmet'));
    if (!helmet) throw new Error('helmet');
    v1 = await h.newVersion(helmet.id);
    await import('../algorithms/index.ts').then((m) =>
      m.setLiveVersion(h.app.db, { algorithmId: helmet.id, versionId: v1, action: 'publish' }),
    );
  });
  afterAll(async () => h?.close());

  const alarmRow = async (id: number) =>
    (await h.app.db.select().from(videoAlarm).where(eq(videoAlarm.id, id)))[0];
  const recordOf = async (alarmId: number) =>
    h.app.db.select().from(falseAlarmRecord).where(eq(falseAlarmRecord.alarmId, alarmId));
  const media = (url: string) => h.app.inject({ method: 'GET', url, headers: { token: h.admin } });

  it('keeps the engine boxes of an ingest; none is an empty list', async () => {
    const boxes = [
      { cls: 'person', confidence: 0.88, box: [0.1, 0.1, 0.2, 0.5] },
      { cls: 'helmet', box: [0, 0, 1, 1] },
    ];
    const id = await h.alarm({ detections: JSON.stringify(boxes) });
    expect((await alarmRow(id))?.detections).toEqual(boxes);
    const plain = await h.alarm({ detections: '' });
    expect((await alarmRow(plain))?.detections).toEqual([]);
  });

  it.each([
    ['not JSON', '{oops'],
    ['not an array', '{"cls":"a","box":[0,0,1,1]}'],
    ['a box outside 0..1', '[{"cls":"a","box":[0,0,1.5,1]}]'],
    ['a confidence above 1', '[{"cls":"a","confidence":3,"box":[0,0,1,1]}]'],
    ['no class', '[{"cls":"","box":[0,0,1,1]}]'],
    ['three numbers', '[{"cls":"a","box":[0,0,1]}]'],
    ['51 boxes', JSON.stringify(Array.from({ length: 51 }, () => ({ cls: 'a', box: [0, 0, 0.1, 0.1] })))],
  ])('refuses detections with %s (400, the field named, nothing stored)', async (_, detections) => {
    const before = (await h.app.db.select().from(videoAlarm)).length;
    const res = await h.ingest({
      eventId: `bad-${Math.random()}`,
      cameraId: String(h.refs.cameraId),
      algorithmCode: 'helmet',
      detections,
    });
    expect(res.statusCode).toBe(400);
    expect(res.body.data).toMatchObject({ fields: [{ field: 'detections' }] });
    expect((await h.app.db.select().from(videoAlarm)).length).toBe(before);
  });

  it('marking false positive writes a record with its own frame copy, boxes, version, scene and marker', async () => {
    const id = await h.alarm();
    const res = await h.call('POST', ALARM_API.cancel(id), {});
    expect(res.statusCode).toBe(200);
    const [record] = await recordOf(id);
    const alarm = await alarmRow(id);
    expect(record).toMatchObject({
      state: 'pending',
      algorithmVersionId: v1,
      sceneId: h.refs.sceneId,
      cameraId: h.refs.cameraId,
      frameWidth: 64,
      frameHeight: 48,
      detections: [{ cls: 'person', confidence: 0.91, box: [0.1, 0.2, 0.3, 0.4] }],
    });
    expect(record?.markedBy).not.toBe('');
    expect(record?.frame).toMatch(/^false-alarm\/[0-9a-f]{24}\.jpg$/);
    expect(record?.frame).not.toBe(alarm?.alarmImage);
    const mediaDir = join(h.dataDir, 'media');
    expect(readFileSync(join(mediaDir, record?.frame ?? ''))).toEqual(
      readFileSync(join(mediaDir, alarm?.alarmImage ?? '')),
    );

    // The alarm's media file goes (retention, a clean-up): the record's frame stays and is served.
    unlinkSync(join(mediaDir, alarm?.alarmImage ?? ''));
    const one = await h.call<FalseAlarmRecordItem>('GET', FALSE_ALARM_REVIEW_API.one(record?.id ?? 0));
    expect(one.body.data).toMatchObject({
      alarmId: id,
      versionId: v1,
      versionNumber: 1,
      sceneName: '焦炉巡检',
    });
    const served = await media(one.body.data.frame);
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.length).toBeGreaterThan(100);
  });

  it('the batch path writes one record per alarm; a second mark changes nothing (no revoking a false positive)', async () => {
    const ids = [await h.alarm(), await h.alarm({}, true)];
    const batch = await h.call<{ list: Array<{ ok: boolean }> }>('POST', ALARM_API.batch, {
      ids,
      action: 'cancel',
    });
    expect(batch.body.data.list.map((r) => r.ok)).toEqual([true, true]);
    for (const id of ids) expect(await recordOf(id)).toHaveLength(1);
    const [b] = await recordOf(ids[1] ?? 0);
    expect(b?.sceneId).toBe(h.sceneB);

    const again = await h.call<{ list: Array<{ ok: boolean }> }>('POST', ALARM_API.batch, {
      ids,
      action: 'cancel',
    });
    expect(again.body.data.list.map((r) => r.ok)).toEqual([false, false]);
    expect((await h.call('POST', ALARM_API.cancel(ids[0] ?? 0), {})).statusCode).toBe(409);
    for (const id of ids) expect(await recordOf(id)).toHaveLength(1);
  });

  it('an alarm without a picture still gets its record (no frame); dealing an alarm writes none', async () => {
    const [row] = await h.app.db
      .insert(videoAlarm)
      .values({
        alarmTime: new Date(),
        priority: 120002,
        alarmState: 1,
        sceneId: h.refs.sceneId,
        alarmImage: 'alarm/gone.jpg',
      })
      .returning();
    expect((await h.call('POST', ALARM_API.cancel(row?.id ?? 0), {})).statusCode).toBe(200);
    const [record] = await recordOf(row?.id ?? 0);
    expect(record).toMatchObject({ frame: '', frameWidth: 0, frameHeight: 0, detections: [] });

    const dealt = await h.alarm();
    expect((await h.call('POST', ALARM_API.deal, { id: dealt, comment: 'ok' })).statusCode).toBe(200);
    expect(await recordOf(dealt)).toHaveLength(0);
  });

  it('a refused mark (stale version) leaves no record and no frame file', async () => {
    const id = await h.alarm();
    const dir = join(h.dataDir, 'media', 'false-alarm');
    const files = () => (existsSync(dir) ? readdirSync(dir) : []);
    const before = files().length;
    const stale = await h.call('POST', ALARM_API.cancel(id), { version: 5 });
    expect(stale.statusCode).toBe(409);
    expect(await recordOf(id)).toHaveLength(0);
    expect(files().length).toBe(before);
  });

  it('the demo seed gives earlier false positives their records (one frame copy per picture), once', async () => {
    const ids = [await h.alarm(), await h.alarm()];
    const [first] = await h.app.db
      .select()
      .from(videoAlarm)
      .where(eq(videoAlarm.id, ids[0] ?? 0));
    for (const id of ids) {
      // As the seed writes them: marked false positive directly, sharing one picture.
      await h.app.db
        .update(videoAlarm)
        .set({ alarmState: 3, falsePositive: true, handler: 'seeder', alarmImage: first?.alarmImage ?? '' })
        .where(eq(videoAlarm.id, id));
    }
    await seedFalseAlarmRecords(h.app.db, join(h.dataDir, 'media'));
    await seedFalseAlarmRecords(h.app.db, join(h.dataDir, 'media'));
    const records = await Promise.all(ids.map(recordOf));
    expect(records.map((r) => r.length)).toEqual([1, 1]);
    const [a, b] = records.map((r) => r[0]);
    expect(a?.frame).toMatch(/^false-alarm\//);
    expect(a?.frame).toBe(b?.frame);
    expect(a).toMatchObject({ markedBy: 'seeder', algorithmVersionId: v1, frameWidth: 64 });
    expect(existsSync(join(h.dataDir, 'media', a?.frame ?? ''))).toBe(true);
  });
});
