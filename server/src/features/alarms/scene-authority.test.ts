import type {
  AlarmBatchResult,
  AlarmDetail,
  AlarmItem,
  AlarmListResult,
  SceneCountResult,
  SceneStatistics,
} from '@sentinel/contract';
import { translate } from '@sentinel/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  account,
  accountRole,
  accountScene,
  menu,
  role,
  roleButton,
  roleMenu,
} from '../../db/schema/index.ts';
import { backends, createAccount, login } from '../../test/helpers.ts';
import {
  type AlarmsHarness,
  alarmsHarness,
  createTestRefs,
  insertTestAlarm,
  type TestRefs,
} from './test-support.ts';

const P = '/api/v2/backend/videoAlarmRecord';
const HOUR = 3_600_000;

/**
 * Scene authority on every alarm read and action (poll aside): an account with
 * `all_scenes = false` and one granted scene sees and handles that scene's alarms only; the others
 * (and alarms without a scene) answer 404 or are left out of lists and counts.
 */
describe.each(backends)('alarm scene authority on %s', (backend) => {
  let h: AlarmsHarness;
  let r: TestRefs;
  /** Limited to scene A, holding deal/cancel/approve/noApprove and the FalseAlarmRecord menu. */
  let scoped: string;
  const ids: Record<string, number> = {};
  const now = Date.now();

  beforeAll(async () => {
    h = await alarmsHarness(backend);
    r = await createTestRefs(h.app);
    const a = { sceneId: r.sceneA, cameraId: r.cameraA, algorithmId: r.algoA, sceneName: 'A' };
    const b = { sceneId: r.sceneB, cameraId: r.cameraB, algorithmId: r.algoB, sceneName: 'B' };
    const t = (hoursAgo: number) => new Date(now - hoursAgo * HOUR);
    const rows = {
      a1: { ...a, alarmTime: t(1), alarmState: 1 },
      a4: { ...a, alarmTime: t(2), alarmState: 4 },
      aOk: { ...a, alarmTime: t(3), alarmState: 2, approveTime: t(2), approver: 'boss', approverId: 1 },
      aFp: { ...a, alarmTime: t(4), alarmState: 3, falsePositive: true, handler: 'op', handleTime: t(3) },
      a1b: { ...a, alarmTime: t(5), alarmState: 1 },
      b1: { ...b, alarmTime: t(1), alarmState: 1 },
      b4: { ...b, alarmTime: t(2), alarmState: 4 },
      bOk: { ...b, alarmTime: t(3), alarmState: 2, approveTime: t(2), approver: 'boss', approverId: 1 },
      bFp: { ...b, alarmTime: t(4), alarmState: 3, falsePositive: true },
      none: { alarmTime: t(1), alarmState: 1 },
    };
    for (const [key, input] of Object.entries(rows)) ids[key] = (await insertTestAlarm(h.app, input)).id;

    const [scopedRole] = await h.app.db
      .insert(role)
      .values({ name: `scoped${Math.random().toString(36).slice(2, 8)}` })
      .returning();
    if (!scopedRole) throw new Error('role');
    const buttons = [
      'historyAlarm:deal',
      'historyAlarm:cancel',
      'alarmApproval:approve',
      'alarmApproval:noApprove',
    ];
    await h.app.db.insert(roleButton).values(buttons.map((code) => ({ roleId: scopedRole.id, code })));
    const [fa] = await h.app.db.select().from(menu).where(eq(menu.code, 'FalseAlarmRecord'));
    if (!fa) throw new Error('menu FalseAlarmRecord');
    await h.app.db.insert(roleMenu).values({ roleId: scopedRole.id, menuId: fa.id });
    const acc = await createAccount(h.app, { roles: [] });
    await h.app.db.insert(accountRole).values({ accountId: acc.id, roleId: scopedRole.id });
    await h.app.db.update(account).set({ allScenes: false }).where(eq(account.id, acc.id));
    await h.app.db.insert(accountScene).values({ accountId: acc.id, sceneId: r.sceneA });
    scoped = await login(h.app, acc);
  });
  afterAll(async () => {
    await h?.close();
  });

  const keysOf = (items: AlarmItem[]) =>
    items.map((item) => Object.entries(ids).find(([, id]) => id === item.id)?.[0] ?? `?${item.id}`);
  const list = async (token: string, filters: Record<string, unknown> = {}) => {
    const res = await h.call<AlarmListResult>(
      'POST',
      `${P}/list`,
      { page: 1, limit: 50, ...filters },
      { token },
    );
    expect(res.statusCode).toBe(200);
    return res.body.data;
  };
  const dayStart = (ms: number) => new Date(Math.floor(ms / 86_400_000) * 86_400_000);

  it('list: rows and counts only of the granted scene, on the rollup and the capped count', async () => {
    const mine = await list(scoped);
    expect(keysOf(mine.list).sort()).toEqual(['a1', 'a1b', 'a4', 'aFp', 'aOk']);
    expect(mine).toMatchObject({ count: 5, countCapped: false });
    const all = await list(h.admin);
    expect(all.count).toBe(10);
    expect(keysOf(all.list)).toContain('none');
    // whole UTC days: rollup counters filtered by scene
    const wholeDays = {
      startTime: dayStart(now - 2 * 86_400_000).toISOString(),
      endTime: new Date(dayStart(now).getTime() + 86_400_000 - 1000).toISOString(),
    };
    expect(await list(scoped, wholeDays)).toMatchObject({ count: 5, countCapped: false });
    // a range that is not whole days: the exact (capped) count, filtered too
    const exact = {
      startTime: new Date(now - 3.5 * HOUR).toISOString(),
      endTime: new Date(now).toISOString(),
    };
    const partial = await list(scoped, exact);
    expect(keysOf(partial.list).sort()).toEqual(['a1', 'a4', 'aOk']);
    expect(partial.count).toBe(3);
    expect((await list(h.admin, exact)).count).toBe(7);
    // filtering on another scene gives nothing
    expect(await list(scoped, { sceneId: r.sceneB })).toMatchObject({ list: [], count: 0 });
    expect(await list(scoped, { sceneId: r.sceneB, ...exact })).toMatchObject({ list: [], count: 0 });
  });

  it('an account granted no scene sees no alarm', async () => {
    const acc = await createAccount(h.app, { roles: ['operator'] });
    await h.app.db.update(account).set({ allScenes: false }).where(eq(account.id, acc.id));
    const token = await login(h.app, acc);
    expect(await list(token)).toMatchObject({ list: [], count: 0 });
    expect((await h.call<number>('GET', `${P}/approve/count`, undefined, { token })).body.data).toBe(0);
  });

  it('detail: 404 for another scene and for alarms without a scene', async () => {
    const own = await h.call<AlarmDetail>('GET', `${P}/${ids.a1}`, undefined, { token: scoped });
    expect(own.statusCode).toBe(200);
    expect(own.body.data.timeline).toHaveLength(1);
    for (const key of ['b1', 'none']) {
      const res = await h.call('GET', `${P}/${ids[key]}`, undefined, { token: scoped });
      expect(res.statusCode).toBe(404);
      expect(res.body.message).toBe(translate('error.notFound', 'en'));
    }
    expect((await h.call('GET', `${P}/${ids.none}`)).statusCode).toBe(200);
  });

  it('approve/count, statistics, findMax, lastAlarmRecord and sceneCount cover visible scenes only', async () => {
    expect((await h.call<number>('GET', `${P}/approve/count`, undefined, { token: scoped })).body.data).toBe(
      1,
    );
    expect((await h.call<number>('GET', `${P}/approve/count`)).body.data).toBe(2);

    const statsA = await h.call<SceneStatistics>('GET', `${P}/statistics/${r.sceneA}`, undefined, {
      token: scoped,
    });
    expect(statsA.body.data).toMatchObject({ total: 5, untreated: 3 });
    const statsB = await h.call<SceneStatistics>('GET', `${P}/statistics/${r.sceneB}`, undefined, {
      token: scoped,
    });
    expect(statsB.statusCode).toBe(200);
    expect(statsB.body.data).toMatchObject({ total: 0, untreated: 0, byPriority: [] });
    expect((await h.call<SceneStatistics>('GET', `${P}/statistics/${r.sceneB}`)).body.data.total).toBe(4);

    const maxA = await h.call<AlarmItem | null>('GET', `${P}/findMax/${r.sceneA}`, undefined, {
      token: scoped,
    });
    expect(maxA.body.data?.id).toBe(ids.a1);
    const maxB = await h.call<AlarmItem | null>('GET', `${P}/findMax/${r.sceneB}`, undefined, {
      token: scoped,
    });
    expect(maxB.body.data).toBeNull();
    expect((await h.call<AlarmItem | null>('GET', `${P}/findMax/${r.sceneB}`)).body.data?.id).toBe(ids.b1);

    const lastA = await h.call<AlarmItem[]>(
      'GET',
      `${P}/${r.sceneA}/${r.cameraA}/lastAlarmRecord?count=2`,
      undefined,
      { token: scoped },
    );
    expect(keysOf(lastA.body.data)).toEqual(['a1', 'a4']);
    const lastB = await h.call<AlarmItem[]>(
      'GET',
      `${P}/${r.sceneB}/${r.cameraB}/lastAlarmRecord`,
      undefined,
      {
        token: scoped,
      },
    );
    expect(lastB.body.data).toEqual([]);

    const counts = await h.call<SceneCountResult>('POST', `${P}/sceneCount`, {}, { token: scoped });
    expect(counts.body.data.list).toEqual([{ sceneId: r.sceneA, untreated: 3, total: 5 }]);
    const asked = await h.call<SceneCountResult>(
      'POST',
      `${P}/sceneCount`,
      { sceneIds: [r.sceneA, r.sceneB] },
      { token: scoped },
    );
    expect(asked.body.data.list.map((row) => row.sceneId)).toEqual([r.sceneA]);
    const adminCounts = await h.call<SceneCountResult>('POST', `${P}/sceneCount`, {
      sceneIds: [r.sceneA, r.sceneB],
    });
    expect(adminCounts.body.data.list).toHaveLength(2);
  });

  it('deal, cancel, approve and noApprove: 404 outside the granted scene, nothing changed', async () => {
    const call = (url: string, payload: unknown) =>
      h.call<AlarmItem>('POST', url, payload, { token: scoped });
    const refused = [
      await call(`${P}/deal`, { id: ids.b1 }),
      await call(`${P}/deal`, { id: ids.none }),
      await call(`${P}/cancel/${ids.b4}`, {}),
      await call(`${P}/approve`, { id: ids.b4 }),
      await call(`${P}/noApprove`, { id: ids.bOk }),
    ];
    expect(refused.map((res) => res.statusCode)).toEqual([404, 404, 404, 404, 404]);
    for (const key of ['b1', 'none', 'b4', 'bOk']) {
      const d = await h.call<AlarmDetail>('GET', `${P}/${ids[key]}`);
      expect(d.body.data.version).toBe(0);
      expect(d.body.data.timeline).toHaveLength(1);
    }
    expect((await call(`${P}/deal`, { id: ids.a1, comment: 'ok' })).body.data).toMatchObject({
      alarmState: 2,
    });
    expect((await call(`${P}/noApprove`, { id: ids.aOk })).body.data).toMatchObject({ alarmState: 4 });
    expect((await call(`${P}/approve`, { id: ids.a4 })).body.data).toMatchObject({ alarmState: 2 });
    const cancelled = await h.call<{ success: true; alarm: AlarmItem }>(
      'POST',
      `${P}/cancel/${ids.aOk}`,
      {},
      {
        token: scoped,
      },
    );
    expect(cancelled.body.data.alarm).toMatchObject({ alarmState: 3, falsePositive: true });
  });

  it('batch: ids of other scenes fail on their own as not found', async () => {
    const res = await h.call<AlarmBatchResult>(
      'POST',
      `${P}/updateOrFilter`,
      { ids: [ids.b1, ids.a1b, ids.none], action: 'deal', comment: 'b' },
      { token: scoped },
    );
    expect(res.statusCode).toBe(200);
    expect(res.body.data.list.map((o) => [o.id, o.ok])).toEqual([
      [ids.b1, false],
      [ids.a1b, true],
      [ids.none, false],
    ]);
    expect(res.body.data.list[0]?.message).toBe(translate('error.notFound', 'en'));
    expect(res.body.data.list[0]?.alarm).toBeUndefined();
    expect((await h.call<AlarmDetail>('GET', `${P}/${ids.b1}`)).body.data.alarmState).toBe(1);
  });
});
