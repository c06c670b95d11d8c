import { type DcsAlarmItem, type EventItem, translate } from '@sentinel/contract';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dcsAlarm, eventRecord } from '../../db/schema/index.ts';
import type { BusEvent } from '../../platform/event-bus.ts';
import { backends } from '../../test/helpers.ts';
import { multipartBody } from '../alarms/ingest-test-support.ts';
import { type HistoryHarness, historyHarness } from './test-support.ts';

describe.each(backends)('event and DCS alarm ingest on %s', (backend) => {
  let h: HistoryHarness;
  let seq = 0;
  const eventCount = async () => Number((await h.app.db.select({ n: count() }).from(eventRecord))[0]?.n ?? 0);
  const dcsCount = async () => Number((await h.app.db.select({ n: count() }).from(dcsAlarm))[0]?.n ?? 0);
  const eventFields = (extra: Record<string, string> = {}) => ({
    eventId: `ev-${++seq}`,
    eventName: '人员进入作业区域',
    cameraId: String(h.refs.cameraA),
    sceneId: String(h.refs.sceneA),
    ...extra,
  });

  beforeAll(async () => {
    h = await historyHarness(backend);
  });
  afterAll(async () => h?.close());

  it('accepts an event: committed, names copied, image served, event.created for its scene', async () => {
    const published: BusEvent[] = [];
    const unsubscribe = h.app.bus.subscribe((e) => published.push(e));
    const res = await h.ingestEvent(
      eventFields({
        eventId: 'ev-main',
        eventTime: '2026-11-20T08:30:00+08:00',
        historyAssignmentId: String(h.refs.jobId),
        extraInfo: JSON.stringify({ people: 2 }),
      }),
    );
    unsubscribe();
    expect(res.statusCode).toBe(200);
    expect(res.body.data).toMatchObject({ duplicate: false });
    const id = res.body.data?.id ?? 0;
    const [row] = await h.app.db.select().from(eventRecord).where(eq(eventRecord.id, id));
    expect(row).toMatchObject({
      engineId: h.engineId,
      engineEventId: 'ev-main',
      eventName: '人员进入作业区域',
      sceneId: h.refs.sceneA,
      sceneName: '焦炉巡检',
      cameraId: h.refs.cameraA,
      cameraName: 'CAM-A 摄像头',
      historyAssignmentId: h.refs.jobId,
      extraInfo: { people: 2 },
    });
    expect(row?.eventTime.toISOString()).toBe('2026-11-20T00:30:00.000Z');
    expect(row?.eventImg).toMatch(/^event\/[0-9a-f]{24}\.jpg$/);
    const created = published.filter((e) => e.type === 'event.created');
    expect(created).toHaveLength(1);
    expect(created[0]?.audience).toEqual({ sceneId: h.refs.sceneA });
    const item = created[0]?.data as EventItem;
    expect(item).toMatchObject({ id, eventName: '人员进入作业区域', sceneName: '焦炉巡检' });
    const image = await h.app.inject({
      method: 'GET',
      url: item.eventImg,
      headers: { token: h.tokens.operator },
    });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/jpeg');
  });

  it('a repeated event id answers the existing record and adds nothing', async () => {
    const first = await h.ingestEvent(eventFields({ eventId: 'ev-dup' }));
    const before = await eventCount();
    const again = await h.ingestEvent(eventFields({ eventId: 'ev-dup', eventName: '别的名字' }));
    expect(again.statusCode).toBe(200);
    expect(again.body.data).toEqual({ id: first.body.data?.id, duplicate: true });
    expect(await eventCount()).toBe(before);
  });

  it('finds the scene through the camera when none is given', async () => {
    const res = await h.ingestEvent({
      eventId: 'ev-cam',
      eventName: '作业开始',
      cameraId: String(h.refs.cameraB),
    });
    expect(res.statusCode).toBe(200);
    const [row] = await h.app.db
      .select()
      .from(eventRecord)
      .where(eq(eventRecord.id, res.body.data?.id ?? 0));
    expect(row).toMatchObject({ sceneId: h.refs.sceneB, sceneName: '罐区巡检' });
  });

  it('refuses a missing or wrong engine key with 401', async () => {
    const before = await eventCount();
    expect((await h.ingestEvent(eventFields(), undefined, null)).statusCode).toBe(401);
    const wrong = await h.ingestEvent(eventFields(), undefined, 'not-a-key');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.body.message).toBe(translate('engine.invalidKey', 'en'));
    expect((await h.ingestDcs({ eventId: 'd-x', tag: 'TI-A.PV', value: 99 }, 'nope')).statusCode).toBe(401);
    expect(await eventCount()).toBe(before);
  });

  it('unknown references and bad fields: 400 with field errors, nothing stored', async () => {
    const before = await eventCount();
    const scene = await h.ingestEvent(eventFields({ sceneId: '999999' }));
    expect(scene.statusCode).toBe(400);
    expect(scene.body.data).toMatchObject({
      fields: [{ field: 'sceneId', message: translate('field.invalid', 'en') }],
    });
    const cam = await h.ingestEvent(eventFields({ cameraId: '999999' }));
    expect(cam.body.data).toMatchObject({ fields: [{ field: 'cameraId' }] });
    const job = await h.ingestEvent(eventFields({ historyAssignmentId: '999999' }));
    expect(job.body.data).toMatchObject({ fields: [{ field: 'historyAssignmentId' }] });
    const noName = await h.ingestEvent(eventFields({ eventName: '' }));
    expect(noName.statusCode).toBe(400);
    expect(noName.body.data).toMatchObject({
      fields: [{ field: 'eventName', message: translate('field.required', 'en') }],
    });
    const badJson = await h.ingestEvent(eventFields({ extraInfo: '[1,2' }));
    expect(badJson.body.data).toMatchObject({ fields: [{ field: 'extraInfo' }] });
    const badTime = await h.ingestEvent(eventFields({ eventTime: 'yesterday' }));
    expect(badTime.body.data).toMatchObject({ fields: [{ field: 'eventTime' }] });
    expect(await eventCount()).toBe(before);
  });

  it('refuses bad images: disguised 400, oversize 413, missing 400, not multipart 400', async () => {
    const before = await eventCount();
    const text = Buffer.from('GIF89a but really just some text');
    const disguised = await h.ingestEvent(eventFields(), [{ field: 'image', data: text, filename: 'a.jpg' }]);
    expect(disguised.statusCode).toBe(400);
    expect(disguised.body.message).toBe(translate('image.type', 'en'));
    const big = Buffer.concat([h.jpeg, Buffer.alloc(2 * 1024 * 1024 + 10)]);
    const oversize = await h.ingestEvent(eventFields(), [{ field: 'image', data: big }]);
    expect(oversize.statusCode).toBe(413);
    const missing = await h.ingestEvent(eventFields(), []);
    expect(missing.statusCode).toBe(400);
    expect(missing.body.data).toMatchObject({ fields: [{ field: 'image' }] });
    const json = await h.app.inject({
      method: 'POST',
      url: '/api/v2/backend/ingest/event',
      headers: { 'x-engine-key': h.engineKey },
      payload: eventFields(),
    });
    expect(json.statusCode).toBe(400);
    expect(await eventCount()).toBe(before);
  });

  it('accepts a DCS alarm as JSON: the point looked up by tag, dcsAlarm.created published', async () => {
    const published: BusEvent[] = [];
    const unsubscribe = h.app.bus.subscribe((e) => published.push(e));
    const res = await h.ingestDcs({
      eventId: 'dcs-main',
      tag: 'TI-A.PV',
      value: 101.5,
      priority: 120003,
      message: '集气管温度高报',
      sceneId: h.refs.sceneA,
      alarmTime: '2026-11-21T10:00:00Z',
    });
    unsubscribe();
    expect(res.statusCode).toBe(200);
    expect(res.body.data?.duplicate).toBe(false);
    const [row] = await h.app.db
      .select()
      .from(dcsAlarm)
      .where(eq(dcsAlarm.id, res.body.data?.id ?? 0));
    expect(row).toMatchObject({
      tag: 'TI-A.PV',
      pointName: '集气管温度',
      unit: '℃',
      value: 101.5,
      lowLimit: 75,
      highLimit: 95,
      priority: 120003,
      message: '集气管温度高报',
      areaId: h.refs.areaA,
      areaName: '1号炉区',
      sceneId: h.refs.sceneA,
      sceneName: '焦炉巡检',
      alarmState: 1,
    });
    expect(row?.alarmTime.toISOString()).toBe('2026-11-21T10:00:00.000Z');
    const created = published.filter((e) => e.type === 'dcsAlarm.created');
    expect(created).toHaveLength(1);
    expect(created[0]?.audience).toEqual({ sceneId: h.refs.sceneA });
    expect((created[0]?.data as DcsAlarmItem | undefined)?.tag).toBe('TI-A.PV');
  });

  it('accepts a DCS alarm as multipart fields; duplicates answer the existing id', async () => {
    const { payload, headers } = multipartBody({ eventId: 'dcs-mp', tag: 'PI-B.PV', value: '5.5' }, []);
    const send = () =>
      h.app.inject({
        method: 'POST',
        url: '/api/v2/backend/ingest/dcsAlarm',
        headers: { ...headers, 'x-engine-key': h.engineKey },
        payload,
      });
    const first = await send();
    expect(first.statusCode).toBe(200);
    const before = await dcsCount();
    const again = await send();
    expect(again.json()).toMatchObject({ data: { id: first.json().data.id, duplicate: true } });
    expect(await dcsCount()).toBe(before);
    const [row] = await h.app.db.select().from(dcsAlarm).where(eq(dcsAlarm.id, first.json().data.id));
    expect(row).toMatchObject({ value: 5.5, priority: 120002, sceneId: null, areaName: '罐区' });
  });

  it('refuses an unknown tag, unknown scene, bad value or priority with field errors', async () => {
    const before = await dcsCount();
    const tag = await h.ingestDcs({ eventId: 'd1', tag: 'NOPE.PV', value: 1 });
    expect(tag.statusCode).toBe(400);
    expect(tag.body.data).toMatchObject({
      fields: [{ field: 'tag', message: translate('field.invalid', 'en') }],
    });
    const scene = await h.ingestDcs({ eventId: 'd2', tag: 'TI-A.PV', value: 1, sceneId: 999999 });
    expect(scene.body.data).toMatchObject({ fields: [{ field: 'sceneId' }] });
    const value = await h.ingestDcs({ eventId: 'd3', tag: 'TI-A.PV', value: 'hot' });
    expect(value.body.data).toMatchObject({ fields: [{ field: 'value' }] });
    const priority = await h.ingestDcs({ eventId: 'd4', tag: 'TI-A.PV', value: 1, priority: 42 });
    expect(priority.body.data).toMatchObject({ fields: [{ field: 'priority' }] });
    const noId = await h.ingestDcs({ tag: 'TI-A.PV', value: 1 });
    expect(noId.body.data).toMatchObject({
      fields: [{ field: 'eventId', message: translate('field.required', 'en') }],
    });
    expect(await dcsCount()).toBe(before);
  });
});
