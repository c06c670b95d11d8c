import type { AlarmItem, AlarmListResult } from '@sentinel/contract';
import { ALARM_API, translate } from '@sentinel/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { account, accountRole, accountScene, menu, role, roleMenu } from '../../db/schema/index.ts';
import { backends, createAccount, login } from '../../test/helpers.ts';
import {
  type AlarmsHarness,
  alarmsHarness,
  createTestRefs,
  insertTestAlarm,
  type TestRefs,
} from './test-support.ts';

const at = (day: number, hour = 8) => new Date(Date.UTC(2024, 4, day, hour, 0, 0));

/** The approval view's `approved` filter and the FalseAlarmRecord list (menu permission, filters, scenes). */
describe.each(backends)('approved filter and false-alarm records on %s', (backend) => {
  let h: AlarmsHarness;
  let r: TestRefs;
  /** FalseAlarmRecord menu, scene A only. */
  let viewer: string;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    h = await alarmsHarness(backend);
    r = await createTestRefs(h.app);
    const a = { sceneId: r.sceneA, cameraId: r.cameraA, algorithmId: r.algoA };
    const b = { sceneId: r.sceneB, cameraId: r.cameraB, algorithmId: r.algoB };
    const rows = {
      approved1: { ...a, alarmTime: at(1), alarmState: 2, approveTime: at(1, 9), approver: 'boss' },
      approved2: { ...b, alarmTime: at(2), alarmState: 2, approveTime: at(2, 9), approver: 'boss' },
      processed: { ...a, alarmTime: at(3), alarmState: 2, handler: 'op', handleTime: at(3, 9) },
      waiting: { ...a, alarmTime: at(4), alarmState: 4 },
      fpA1: {
        ...a,
        alarmTime: at(5),
        alarmState: 3,
        falsePositive: true,
        handler: 'marker',
        handleTime: at(5, 9),
        alarmImage: 'alarms/fp-a1.jpg',
        alarmImageDraw: 'alarms/fp-a1-draw.jpg',
      },
      fpA2: { ...a, alarmTime: at(6), alarmState: 3, falsePositive: true, algorithmId: r.algoB },
      fpB: { ...b, alarmTime: at(7), alarmState: 3, falsePositive: true },
      pending: { ...b, alarmTime: at(8), alarmState: 1 },
    };
    for (const [key, input] of Object.entries(rows)) ids[key] = (await insertTestAlarm(h.app, input)).id;

    const [viewerRole] = await h.app.db
      .insert(role)
      .values({ name: `fa${Math.random().toString(36).slice(2, 8)}` })
      .returning();
    const [fa] = await h.app.db.select().from(menu).where(eq(menu.code, 'FalseAlarmRecord'));
    if (!viewerRole || !fa) throw new Error('role or menu');
    await h.app.db.insert(roleMenu).values({ roleId: viewerRole.id, menuId: fa.id });
    const acc = await createAccount(h.app, { roles: [] });
    await h.app.db.insert(accountRole).values({ accountId: acc.id, roleId: viewerRole.id });
    await h.app.db.update(account).set({ allScenes: false }).where(eq(account.id, acc.id));
    await h.app.db.insert(accountScene).values({ accountId: acc.id, sceneId: r.sceneA });
    viewer = await login(h.app, acc);
  });
  afterAll(async () => {
    await h?.close();
  });

  const keysOf = (items: AlarmItem[]) =>
    items.map((item) => Object.entries(ids).find(([, id]) => id === item.id)?.[0] ?? `?${item.id}`);
  const list = async (url: string, filters: Record<string, unknown> = {}, token?: string) => {
    const res = await h.call<AlarmListResult>('POST', url, { page: 1, limit: 10, ...filters }, { token });
    expect(res.statusCode).toBe(200);
    return res.body.data;
  };

  it('approved: true lists approved alarms only, false the others; counts agree', async () => {
    const approved = await list(ALARM_API.list, { approved: true });
    expect(keysOf(approved.list)).toEqual(['approved2', 'approved1']);
    expect(approved).toMatchObject({ count: 2, countCapped: false });
    const processedNotApproved = await list(ALARM_API.list, { alarmState: 2, approved: false });
    expect(keysOf(processedNotApproved.list)).toEqual(['processed']);
    expect(processedNotApproved.count).toBe(1);
    // whole UTC days (the rollup cannot tell approvals): still the exact count
    const days = { startTime: '2024-05-01T00:00:00.000Z', endTime: '2024-05-01T23:59:59.999Z' };
    expect(await list(ALARM_API.list, { approved: true, ...days })).toMatchObject({ count: 1 });
    const page2 = await list(ALARM_API.list, { approved: true, page: 2, limit: 10 });
    expect(page2.list).toEqual([]);
    expect(page2.count).toBe(2);
    const bad = await h.call('POST', ALARM_API.list, { page: 1, limit: 10, approved: 'yes' });
    expect(bad.statusCode).toBe(400);
  });

  it('FalseAlarmRecord lists false positives newest first with images and who marked them', async () => {
    const all = await list(ALARM_API.falseAlarmList);
    expect(keysOf(all.list)).toEqual(['fpB', 'fpA2', 'fpA1']);
    expect(all).toMatchObject({ count: 3, countCapped: false });
    const fp = all.list.find((item) => item.id === ids.fpA1);
    expect(fp).toMatchObject({ falsePositive: true, alarmState: 3, handler: 'marker' });
    expect(fp?.handleTime).toBe(at(5, 9).toISOString());
    expect(fp?.alarmImage).toMatch(/fp-a1\.jpg/);
    expect(fp?.alarmImageDraw).toMatch(/fp-a1-draw\.jpg/);
  });

  it('FalseAlarmRecord filters: time range, algorithm, scene; a half range is refused', async () => {
    const days = { startTime: '2024-05-05T00:00:00.000Z', endTime: '2024-05-06T23:59:59.000Z' };
    expect(keysOf((await list(ALARM_API.falseAlarmList, days)).list)).toEqual(['fpA2', 'fpA1']);
    expect((await list(ALARM_API.falseAlarmList, days)).count).toBe(2);
    const partial = { startTime: '2024-05-05T12:00:00.000Z', endTime: '2024-05-07T23:59:59.000Z' };
    expect(await list(ALARM_API.falseAlarmList, partial)).toMatchObject({ count: 2 });
    const algo = await list(ALARM_API.falseAlarmList, { algorithmId: r.algoB });
    expect(keysOf(algo.list)).toEqual(['fpB', 'fpA2']);
    const scene = await list(ALARM_API.falseAlarmList, { sceneId: r.sceneB });
    expect(keysOf(scene.list)).toEqual(['fpB']);
    expect(scene.count).toBe(1);
    const half = await h.call('POST', ALARM_API.falseAlarmList, {
      page: 1,
      limit: 10,
      startTime: days.startTime,
    });
    expect(half.statusCode).toBe(400);
    expect(half.body.message).toBe(translate('time.rangeRequired', 'en'));
  });

  it('FalseAlarmRecord needs its menu permission (403) and respects scene authority', async () => {
    for (const token of [h.operator, h.nobody]) {
      const res = await h.call('POST', ALARM_API.falseAlarmList, { page: 1, limit: 10 }, { token });
      expect(res.statusCode).toBe(403);
    }
    const mine = await list(ALARM_API.falseAlarmList, {}, viewer);
    expect(keysOf(mine.list)).toEqual(['fpA2', 'fpA1']);
    expect(mine.count).toBe(2);
    expect(await list(ALARM_API.falseAlarmList, { sceneId: r.sceneB }, viewer)).toMatchObject({
      list: [],
      count: 0,
    });
  });
});
