import {
  DUTY_ROSTER_API,
  type DutyShift,
  type DutyShiftSaved,
  type Envelope,
  type OnDutyEntry,
} from '@sentinel/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, plantNode, scene } from '../../db/schema/index.ts';
import {
  backends,
  createAccount,
  createAccountWithPages,
  limitToScenes,
  login,
  type TestAccount,
  useTestApp,
} from '../../test/helpers.ts';

// 2026-03-02 is a Monday. Shanghai is UTC+8 all year.
const clock = { t: Date.parse('2026-03-02T03:00:00Z') };
const SH = 'Asia/Shanghai';

describe.each(backends)('duty roster on %s', (backend) => {
  const ctx = useTestApp(backend, {
    now: () => new Date(clock.t),
    sessionIdleMs: 365 * 86_400_000,
    sessionAbsoluteMs: 365 * 86_400_000,
  });
  let app: FastifyInstance;
  let admin: string;
  let opA: TestAccount;
  let opB: TestAccount;
  let limited: string;
  let granted: string;
  let s1: number;
  let s2: number;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    app = ctx.app;
    admin = await login(app, await createAccount(app, { roles: ['admin'] }));
    opA = await createAccount(app, { roles: ['operator'] });
    opB = await createAccount(app, { roles: ['operator'] });
    const limitedAccount = await createAccount(app, { roles: ['operator'] });
    limited = await login(app, limitedAccount);
    granted = await login(app, await createAccountWithPages(app, ['operationsManagement']));
    const [area] = await app.db.insert(plantNode).values({ kind: 'area', name: 'Coke oven 1' }).returning();
    if (!area) throw new Error('no area');
    const scenes = await app.db
      .insert(scene)
      .values([
        { name: 'Oven top', areaId: area.id },
        { name: 'Quench tower', areaId: area.id },
      ])
      .returning();
    s1 = scenes[0]?.id ?? 0;
    s2 = scenes[1]?.id ?? 0;
    await limitToScenes(app, admin, limitedAccount.id, [s2]);
  });

  const call = async <T>(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
    token = admin,
  ) => {
    const res = await app.inject({ method, url, headers: { token }, payload });
    return { statusCode: res.statusCode, body: res.json() as Envelope<T> };
  };
  const weekly = (accountId: number, sceneIds: number[], weekdays: number[], start: string, end: string) => {
    const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3));
    return {
      accountId,
      sceneIds,
      kind: 'weekly',
      weekdays,
      startMinute: minutes(start),
      endMinute: minutes(end),
      timeZone: SH,
    };
  };
  const onDuty = async (sceneId: number, token = admin) => {
    const res = await call<OnDutyEntry[]>('GET', DUTY_ROSTER_API.sceneNow(sceneId), undefined, token);
    expect(res.statusCode).toBe(200);
    return res.body.data.map((e) => e.accountName);
  };

  it('refuses bad shifts with the field and reason', async () => {
    const cases: [object, string][] = [
      [{ ...weekly(opA.id, [], [1], '08:00', '20:00') }, 'sceneIds'],
      [{ ...weekly(opA.id, [s1], [], '08:00', '20:00') }, 'weekdays'],
      [{ ...weekly(opA.id, [s1], [1], '08:00', '08:00') }, 'endMinute'],
      [{ ...weekly(opA.id, [s1], [8], '08:00', '20:00') }, 'weekdays.0'],
      [{ ...weekly(opA.id, [s1], [1], '08:00', '20:00'), timeZone: 'Mars/Olympus' }, 'timeZone'],
      [
        {
          accountId: opA.id,
          sceneIds: [s1],
          kind: 'dated',
          startAt: '2026-03-02T10:00:00Z',
          endAt: '2026-03-02T09:00:00Z',
        },
        'endAt',
      ],
      [
        {
          accountId: opA.id,
          sceneIds: [s1],
          kind: 'dated',
          startAt: '2026-03-02T10:00:00Z',
          endAt: '2026-05-02T09:00:00Z',
        },
        'endAt',
      ],
      [{ ...weekly(999_999, [s1], [1], '08:00', '20:00') }, 'accountId'],
      [{ ...weekly(opA.id, [999_999], [1], '08:00', '20:00') }, 'sceneIds'],
    ];
    for (const [body, field] of cases) {
      const res = await call<{ fields: { field: string }[] }>('POST', DUTY_ROSTER_API.create, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.body.data.fields.map((f) => f.field)).toContain(field);
    }
  });

  it('saves a day and a night shift (Shanghai time) and says who is on duty now, per scene', async () => {
    const day = await call<DutyShiftSaved>('POST', DUTY_ROSTER_API.create, {
      ...weekly(opA.id, [s1], [1, 2, 3, 4, 5], '08:00', '20:00'),
      note: 'day',
    });
    expect(day.statusCode, day.body.message).toBe(200);
    ids.day = day.body.data.shift.id;
    expect(day.body.data.overlapsWith).toEqual([]);
    const night = await call<DutyShiftSaved>(
      'POST',
      DUTY_ROSTER_API.create,
      weekly(opB.id, [s1], [1], '20:00', '08:00'),
    );
    ids.night = night.body.data.shift.id;
    // Monday 11:00 in Shanghai.
    expect(await onDuty(s1)).toEqual([opA.name]);
    expect(await onDuty(s2)).toEqual([]);
    // Tuesday 07:30 in Shanghai: the tail of Monday's night shift.
    clock.t = Date.parse('2026-03-02T23:30:00Z');
    expect(await onDuty(s1)).toEqual([opB.name]);
    // Tuesday 21:00 in Shanghai: the night shift is Mondays only; the day shift is over.
    clock.t = Date.parse('2026-03-03T13:00:00Z');
    expect(await onDuty(s1)).toEqual([]);
    clock.t = Date.parse('2026-03-02T03:00:00Z');
  });

  it('warns about an overlapping shift of the same account on a shared scene (not for another scene or account)', async () => {
    const dated = await call<DutyShiftSaved>('POST', DUTY_ROSTER_API.create, {
      accountId: opA.id,
      sceneIds: [s1, s2],
      kind: 'dated',
      // Monday 10:00–12:00 in Shanghai: inside the day shift.
      startAt: '2026-03-02T02:00:00Z',
      endAt: '2026-03-02T04:00:00Z',
    });
    expect(dated.statusCode).toBe(200);
    ids.dated = dated.body.data.shift.id;
    expect(dated.body.data.overlapsWith).toEqual([ids.day]);
    const saturday = await call<DutyShiftSaved>(
      'POST',
      DUTY_ROSTER_API.create,
      weekly(opA.id, [s1], [6], '08:00', '20:00'),
    );
    expect(saturday.body.data.overlapsWith).toEqual([]);
    ids.saturday = saturday.body.data.shift.id;
    const list = await call<DutyShift[]>('GET', DUTY_ROSTER_API.list);
    const byId = new Map(list.body.data.map((s) => [s.id, s]));
    expect(byId.get(ids.day ?? 0)?.overlapsWith).toEqual([ids.dated]);
    expect(byId.get(ids.night ?? 0)?.overlapsWith).toEqual([]);
    expect(byId.get(ids.day ?? 0)?.onDutyNow).toBe(true);
    expect(byId.get(ids.night ?? 0)?.onDutyNow).toBe(false);
    expect(byId.get(ids.day ?? 0)?.scenes).toEqual([{ id: s1, name: 'Oven top' }]);
  });

  it('on duty now over every scene (one entry per account and scene); the scene call follows scene authority', async () => {
    const now = await call<OnDutyEntry[]>('GET', DUTY_ROSTER_API.now);
    expect(now.body.data.map((e) => [e.accountName, e.sceneId])).toEqual([
      [opA.name, s1],
      [opA.name, s2],
    ]);
    expect(await onDuty(s2, limited)).toEqual([opA.name]);
    expect((await call('GET', DUTY_ROSTER_API.sceneNow(s1), undefined, limited)).statusCode).toBe(404);
  });

  it('a disabled or deleted shift is nobody on duty; changes are audited', async () => {
    const edited = await call<DutyShiftSaved>('PUT', DUTY_ROSTER_API.update(ids.dated ?? 0), {
      accountId: opA.id,
      sceneIds: [s2],
      kind: 'dated',
      startAt: '2026-03-02T02:00:00Z',
      endAt: '2026-03-02T04:00:00Z',
      enabled: false,
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.body.data.shift.overlapsWith).toEqual([]);
    expect(await onDuty(s2)).toEqual([]);
    expect((await call('DELETE', DUTY_ROSTER_API.remove(ids.day ?? 0))).statusCode).toBe(200);
    expect((await call('DELETE', DUTY_ROSTER_API.remove(ids.day ?? 0))).statusCode).toBe(404);
    expect(await onDuty(s1)).toEqual([]);
    expect(
      (await call('PUT', DUTY_ROSTER_API.update(987_654), weekly(opA.id, [s1], [1], '08:00', '09:00')))
        .statusCode,
    ).toBe(404);
    const actions = (await app.db.select({ action: auditLog.action }).from(auditLog)).map((r) => r.action);
    expect(actions.filter((a) => a === 'dutyRoster.create')).toHaveLength(4);
    expect(actions).toContain('dutyRoster.update');
    expect(actions).toContain('dutyRoster.delete');
  });

  it('is for the administrator only (403), even for a role granted the page', async () => {
    const operator = await login(app, opA);
    for (const token of [operator, granted]) {
      expect((await call('GET', DUTY_ROSTER_API.list, undefined, token)).statusCode).toBe(403);
      expect((await call('GET', DUTY_ROSTER_API.now, undefined, token)).statusCode).toBe(403);
      const res = await call(
        'POST',
        DUTY_ROSTER_API.create,
        weekly(opA.id, [s1], [1], '08:00', '09:00'),
        token,
      );
      expect(res.statusCode).toBe(403);
      expect(
        (await call('DELETE', DUTY_ROSTER_API.remove(ids.night ?? 0), undefined, token)).statusCode,
      ).toBe(403);
    }
    const [stillThere] = await app.db.select().from(auditLog).where(eq(auditLog.action, 'dutyRoster.delete'));
    expect(stillThere).toBeDefined();
  });
});
