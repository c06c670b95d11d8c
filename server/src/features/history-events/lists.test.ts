import {
  type DcsAlarmItem,
  type DcsAlarmListResult,
  type EventItem,
  type EventListResult,
  HISTORY_API,
  translate,
} from '@sentinel/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, dcsAlarm, eventRecord } from '../../db/schema/index.ts';
import { backends } from '../../test/helpers.ts';
import { type HistoryHarness, historyHarness } from './test-support.ts';

describe.each(backends)('event and DCS alarm lists on %s', (backend) => {
  let h: HistoryHarness;
  const ids: Record<string, number> = {};
  const listEvents = (body: object, token?: string) =>
    h.call<EventListResult>('POST', HISTORY_API.eventList, body, token);
  const listDcs = (body: object, token?: string) =>
    h.call<DcsAlarmListResult>('POST', HISTORY_API.dcsList, body, token);
  /** Keys of the listed records ('e…' events or 'd…' DCS alarms: their ids overlap). */
  const keysOf = (prefix: 'e' | 'd') => (list: { id: number }[]) =>
    list.map(
      (item) => Object.entries(ids).find(([key, id]) => key.startsWith(prefix) && id === item.id)?.[0],
    );

  beforeAll(async () => {
    h = await historyHarness(backend);
    const ev = async (key: string, values: Partial<typeof eventRecord.$inferInsert>) => {
      const [row] = await h.app.db
        .insert(eventRecord)
        .values({ eventName: '作业开始', eventTime: new Date('2026-11-10T08:00:00Z'), ...values })
        .returning();
      ids[key] = row?.id ?? 0;
    };
    const { sceneA, sceneB, cameraA, cameraB } = h.refs;
    await ev('e1', {
      eventName: '人员进入作业区域',
      eventTime: new Date('2026-11-01T02:00:00Z'),
      sceneId: sceneA,
      sceneName: '焦炉巡检',
      cameraId: cameraA,
      cameraName: 'CAM-A 摄像头',
      eventImg: 'event/a.jpg',
      historyAssignmentId: h.refs.jobId,
    });
    await ev('e2', {
      eventName: '作业结束',
      eventTime: new Date('2026-11-05T02:00:00Z'),
      sceneId: sceneB,
      sceneName: '罐区巡检',
      cameraId: cameraB,
      cameraName: 'CAM-B 摄像头',
    });
    await ev('e3', {
      eventName: '人员离开作业区域',
      eventTime: new Date('2026-11-05T02:00:00Z'),
      sceneId: sceneA,
      sceneName: '焦炉巡检',
      cameraId: cameraA,
    });
    await ev('e4', { eventName: '车辆进入厂区 100%_x', eventTime: new Date('2026-11-08T02:00:00Z') });

    const dcs = async (key: string, values: Partial<typeof dcsAlarm.$inferInsert>) => {
      const [row] = await h.app.db
        .insert(dcsAlarm)
        .values({
          tag: 'TI-A.PV',
          pointName: '集气管温度',
          alarmTime: new Date('2026-11-10T08:00:00Z'),
          ...values,
        })
        .returning();
      ids[key] = row?.id ?? 0;
    };
    await dcs('d1', {
      alarmTime: new Date('2026-11-01T01:00:00Z'),
      priority: 120003,
      areaId: h.refs.areaA,
      areaName: '1号炉区',
      sceneId: sceneA,
      value: 101,
      unit: '℃',
      lowLimit: 75,
      highLimit: 95,
    });
    await dcs('d2', {
      tag: 'PI-B.PV',
      pointName: '储罐压力',
      alarmTime: new Date('2026-11-03T01:00:00Z'),
      priority: 120002,
      areaId: h.refs.areaB,
      sceneId: sceneB,
      alarmState: 2,
    });
    await dcs('d3', {
      alarmTime: new Date('2026-11-03T01:00:00Z'),
      priority: 120004,
      areaId: h.refs.areaA,
      sceneId: sceneA,
    });
    await dcs('d4', { tag: 'FI-9.PV', pointName: '无场景流量', alarmTime: new Date('2026-11-04T01:00:00Z') });
  });
  afterAll(async () => h?.close());

  it('lists events newest first (time, then id) with SPEC §3 fields and the count', async () => {
    const res = await listEvents({ page: 1, limit: 10 });
    expect(res.statusCode).toBe(200);
    expect(keysOf('e')(res.body.data.list)).toEqual(['e4', 'e3', 'e2', 'e1']);
    expect(res.body.data).toMatchObject({ count: 4, countCapped: false });
    const e1 = res.body.data.list[3] as EventItem;
    expect(e1).toMatchObject({
      id: ids.e1,
      eventName: '人员进入作业区域',
      eventTime: '2026-11-01T02:00:00.000Z',
      eventImg: '/api/v2/backend/media/event/a.jpg',
      sceneName: '焦炉巡检',
      cameraName: 'CAM-A 摄像头',
      historyAssignmentId: h.refs.jobId,
    });
    const page2 = await listEvents({ page: 2, limit: 10 });
    expect(page2.body.data).toMatchObject({ list: [], count: 4 });
  });

  it('filters events by time range, scene, camera and name (wildcards literal)', async () => {
    const range = await listEvents({ startTime: '2026-11-04T00:00:00Z', endTime: '2026-11-06T00:00:00Z' });
    expect(keysOf('e')(range.body.data.list)).toEqual(['e3', 'e2']);
    expect(keysOf('e')((await listEvents({ sceneId: h.refs.sceneA })).body.data.list)).toEqual(['e3', 'e1']);
    expect(keysOf('e')((await listEvents({ cameraId: h.refs.cameraB })).body.data.list)).toEqual(['e2']);
    expect(keysOf('e')((await listEvents({ eventName: '作业区域' })).body.data.list)).toEqual(['e3', 'e1']);
    expect(keysOf('e')((await listEvents({ eventName: '100%_' })).body.data.list)).toEqual(['e4']);
    expect((await listEvents({ eventName: '%' })).body.data.count).toBe(1);
    const half = await listEvents({ startTime: '2026-11-04T00:00:00Z' });
    expect(half.statusCode).toBe(400);
    expect(half.body.message).toBe(translate('time.rangeRequired', 'en'));
    expect((await listEvents({ limit: 15 })).statusCode).toBe(400);
  });

  it('event detail; unknown id 404', async () => {
    const res = await h.call<EventItem>('GET', HISTORY_API.eventDetail(ids.e2 ?? 0));
    expect(res.statusCode).toBe(200);
    expect(res.body.data).toMatchObject({ id: ids.e2, eventName: '作业结束', sceneName: '罐区巡检' });
    expect((await h.call('GET', HISTORY_API.eventDetail(999999))).statusCode).toBe(404);
  });

  it('lists DCS alarms newest first and filters by time, priority, area, state and tag/name', async () => {
    const all = await listDcs({});
    expect(keysOf('d')(all.body.data.list)).toEqual(['d4', 'd3', 'd2', 'd1']);
    expect(all.body.data.count).toBe(4);
    expect(all.body.data.list[3]).toMatchObject({
      tag: 'TI-A.PV',
      pointName: '集气管温度',
      value: 101,
      unit: '℃',
      lowLimit: 75,
      highLimit: 95,
      priority: 120003,
      areaName: '1号炉区',
      alarmState: 1,
    });
    const range = await listDcs({ startTime: '2026-11-02T00:00:00Z', endTime: '2026-11-03T23:59:59Z' });
    expect(keysOf('d')(range.body.data.list)).toEqual(['d3', 'd2']);
    expect(keysOf('d')((await listDcs({ priority: 120004 })).body.data.list)).toEqual(['d3']);
    expect(keysOf('d')((await listDcs({ areaId: h.refs.areaA })).body.data.list)).toEqual(['d3', 'd1']);
    expect(keysOf('d')((await listDcs({ alarmState: 2 })).body.data.list)).toEqual(['d2']);
    expect(keysOf('d')((await listDcs({ tag: 'pi-b' })).body.data.list)).toEqual(['d2']);
    expect(keysOf('d')((await listDcs({ tag: '流量' })).body.data.list)).toEqual(['d4']);
    expect((await listDcs({ priority: 7 })).statusCode).toBe(400);
    expect((await listDcs({ endTime: '2026-11-03T23:59:59Z' })).statusCode).toBe(400);
  });

  it('DCS detail of a pending alarm: no handler, time or comment yet; unknown id 404', async () => {
    const res = await h.call<DcsAlarmItem>('GET', HISTORY_API.dcsDetail(ids.d1 ?? 0));
    expect(res.statusCode).toBe(200);
    expect(res.body.data).toMatchObject({
      id: ids.d1,
      alarmState: 1,
      stateComments: '',
      handler: '',
      handleTime: null,
      version: 0,
    });
    expect((await h.call('GET', HISTORY_API.dcsDetail(999999))).statusCode).toBe(404);
  });

  it('two operators process one DCS alarm at once: one wins, the other gets 409 with the current alarm', async () => {
    const id = ids.d3 ?? 0;
    const [a, b] = await Promise.all([
      h.call<DcsAlarmItem>('POST', HISTORY_API.dcsDeal, { id, comment: '已通知中控室' }, h.tokens.operator),
      h.call<{ dcsAlarm: DcsAlarmItem }>(
        'POST',
        HISTORY_API.dcsDeal,
        { id, comment: '第二人' },
        h.tokens.operator2,
      ),
    ]);
    const codes = [a.statusCode, b.statusCode].sort();
    expect(codes).toEqual([200, 409]);
    const lost = a.statusCode === 409 ? a : b;
    expect(lost.body.message).toBe(translate('dcsAlarm.stateChanged', 'en'));
    expect((lost.body.data as { dcsAlarm: DcsAlarmItem }).dcsAlarm).toMatchObject({ id, alarmState: 2 });
    const won = a.statusCode === 200 ? a : b;
    expect(won.body.message).toBe(translate('dcsAlarm.processed', 'en'));
    const winner = won === a ? h.accounts.operator : h.accounts.operator2;
    const winnerComment = won === a ? '已通知中控室' : '第二人';
    // The loser's 409 carries the winner's processing, read from the row.
    expect((lost.body.data as { dcsAlarm: DcsAlarmItem }).dcsAlarm).toMatchObject({
      handler: winner.name,
      stateComments: winnerComment,
      version: 1,
    });
    const detail = await h.call<DcsAlarmItem>('GET', HISTORY_API.dcsDetail(id));
    // The winner's name, time and comment are on the row, not overwritten by the loser's.
    expect(detail.body.data).toMatchObject({
      alarmState: 2,
      handler: winner.name,
      stateComments: winnerComment,
      version: 1,
    });
    expect(detail.body.data.handleTime).toBe((won.body.data as DcsAlarmItem).handleTime);
    expect(Number.isNaN(Date.parse(detail.body.data.handleTime ?? ''))).toBe(false);
    const [row] = await h.app.db.select().from(dcsAlarm).where(eq(dcsAlarm.id, id));
    expect(row?.handlerId).toBe(winner.id);
    // The list shows the same.
    const listed = (await listDcs({ alarmState: 2 })).body.data.list.find((d) => d.id === id);
    expect(listed).toMatchObject({ handler: winner.name, stateComments: winnerComment });
    // One audit entry: the winner's, with the comment (the trail; the detail does not read it).
    const audits = await h.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'dcsAlarm.deal'), eq(auditLog.target, String(id))));
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ accountId: winner.id, detail: { comment: winnerComment } });
    // Already processed: 409 again.
    expect((await h.call('POST', HISTORY_API.dcsDeal, { id }, h.tokens.operator)).statusCode).toBe(409);
  });

  it('DCS deal with a version the user no longer sees answers 409 with the current alarm', async () => {
    const id = ids.d4 ?? 0;
    const stale = await h.call<{ dcsAlarm: DcsAlarmItem }>(
      'POST',
      HISTORY_API.dcsDeal,
      { id, version: 3 },
      h.tokens.operator,
    );
    expect(stale.statusCode).toBe(409);
    expect(stale.body.data.dcsAlarm).toMatchObject({ id, alarmState: 1, version: 0, handler: '' });
    const [row] = await h.app.db.select().from(dcsAlarm).where(eq(dcsAlarm.id, id));
    expect(row).toMatchObject({ alarmState: 1, version: 0, handlerId: null, stateComments: '' });
  });

  it('DCS deal refuses a comment over 100 characters and an unknown id', async () => {
    const long = await h.call('POST', HISTORY_API.dcsDeal, { id: ids.d1, comment: 'x'.repeat(101) });
    expect(long.statusCode).toBe(400);
    expect((await h.call('POST', HISTORY_API.dcsDeal, { id: 999999 })).statusCode).toBe(404);
    const hundred = await h.call<DcsAlarmItem>('POST', HISTORY_API.dcsDeal, {
      id: ids.d1,
      comment: '好'.repeat(100),
    });
    expect(hundred.statusCode).toBe(200);
    expect(hundred.body.data).toMatchObject({ alarmState: 2, stateComments: '好'.repeat(100), version: 1 });
  });

  it('scene authority: an account limited to scene A sees only scene A records (not those without a scene)', async () => {
    const token = h.tokens.limited;
    const events = await listEvents({}, token);
    expect(events.statusCode).toBe(200);
    expect(keysOf('e')(events.body.data.list)).toEqual(['e3', 'e1']);
    expect(events.body.data.count).toBe(2);
    expect(keysOf('e')((await listEvents({ sceneId: h.refs.sceneB }, token)).body.data.list)).toEqual([]);
    expect((await h.call('GET', HISTORY_API.eventDetail(ids.e2 ?? 0), undefined, token)).statusCode).toBe(
      404,
    );
    expect((await h.call('GET', HISTORY_API.eventDetail(ids.e4 ?? 0), undefined, token)).statusCode).toBe(
      404,
    );
    expect((await h.call('GET', HISTORY_API.eventDetail(ids.e1 ?? 0), undefined, token)).statusCode).toBe(
      200,
    );
    const dcs = await listDcs({}, token);
    expect(keysOf('d')(dcs.body.data.list)).toEqual(['d3', 'd1']);
    expect((await h.call('GET', HISTORY_API.dcsDetail(ids.d2 ?? 0), undefined, token)).statusCode).toBe(404);
    expect((await h.call('GET', HISTORY_API.dcsDetail(ids.d4 ?? 0), undefined, token)).statusCode).toBe(404);
    // Cannot process a DCS alarm it cannot see.
    expect((await h.call('POST', HISTORY_API.dcsDeal, { id: ids.d4 }, token)).statusCode).toBe(404);
    // The unlimited operator sees everything, including records without a scene.
    expect((await listEvents({}, h.tokens.operator)).body.data.count).toBe(4);
  });

  it('permissions: 401 without a session, 403 without the pages', async () => {
    const anonymous = await h.app.inject({ method: 'POST', url: HISTORY_API.eventList, payload: {} });
    expect(anonymous.statusCode).toBe(401);
    const t = h.tokens.nobody;
    expect((await listEvents({}, t)).statusCode).toBe(403);
    expect((await h.call('GET', HISTORY_API.eventDetail(ids.e1 ?? 0), undefined, t)).statusCode).toBe(403);
    expect((await listDcs({}, t)).statusCode).toBe(403);
    expect((await h.call('GET', HISTORY_API.dcsDetail(ids.d1 ?? 0), undefined, t)).statusCode).toBe(403);
    expect((await h.call('POST', HISTORY_API.dcsDeal, { id: ids.d4 }, t)).statusCode).toBe(403);
    // d4 stays pending after the refused call
    const [row] = await h.app.db
      .select({ state: dcsAlarm.alarmState })
      .from(dcsAlarm)
      .where(eq(dcsAlarm.id, ids.d4 ?? 0));
    expect(row?.state).toBe(1);
  });
});
