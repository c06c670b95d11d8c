import { ALARM_API, ALARM_RULE_API, type AlarmItem, type AlarmRule, type Envelope } from '@sentinel/contract';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { account, accountScene, auditLog } from '../../db/schema/index.ts';
import { backends, createAccount, login, type TestAccount, useTestApp } from '../../test/helpers.ts';
import { alarmsForReport } from '../alarms/panel-filter.ts';
import { createTestRefs, insertTestAlarms, type TestRefs } from '../alarms/test-support.ts';

const R = ALARM_RULE_API.rule;

const DEFAULTS = {
  type: 1,
  enabled: true,
  frequency: 'realtime',
  intervalMinutes: null,
  maxPerMinute: null,
  maxPerFiveMinutes: null,
  maxPerHour: null,
  maxPerDay: null,
  priorities: [],
  updatedAt: null,
};

describe.each(backends)('alarm rules API on %s', (backend) => {
  const ctx = useTestApp(backend);
  let app: FastifyInstance;
  let admin: string;
  let plain: TestAccount;
  let plainToken: string;
  let other: TestAccount;
  let otherToken: string;
  let refs: TestRefs;

  const call = async <T>(method: 'GET' | 'PUT' | 'POST', url: string, token: string, payload?: object) => {
    const res = await app.inject({ method, url, headers: { token, lang: 'en' }, payload });
    return { statusCode: res.statusCode, body: res.json() as Envelope<T> };
  };
  const get = (userId: number | string, token: string) =>
    call<AlarmRule>('GET', `${R}?userId=${userId}&type=1`, token);
  const put = (payload: object, token: string) => call<AlarmRule>('PUT', R, token, payload);

  beforeAll(async () => {
    app = ctx.app;
    admin = await login(app, await createAccount(app, { roles: ['admin'] }));
    plain = await createAccount(app, { roles: ['operator'] });
    plainToken = await login(app, plain);
    other = await createAccount(app, { roles: ['operator'] });
    otherToken = await login(app, other);
    refs = await createTestRefs(app);
  });

  it('answers the defaults while no rule is saved (real time, no limits, all levels)', async () => {
    const res = await get(plain.id, plainToken);
    expect(res.statusCode).toBe(200);
    expect(res.body.data).toEqual({ userId: plain.id, ...DEFAULTS });
    // type defaults to 1
    expect((await call('GET', `${R}?userId=${plain.id}`, plainToken)).statusCode).toBe(200);
  });

  it('saves and reads back a rule; the interval is kept only for frequency interval', async () => {
    const rule = {
      userId: plain.id,
      type: 1,
      enabled: true,
      frequency: 'interval',
      intervalMinutes: 45,
      maxPerMinute: 5,
      maxPerFiveMinutes: null,
      maxPerHour: 100,
      maxPerDay: 10000,
      priorities: [120004, 120003, 120004],
    };
    const saved = await put(rule, plainToken);
    expect(saved.statusCode).toBe(200);
    expect(saved.body.message).toBe('Saved successfully');
    expect(saved.body.data).toMatchObject({ ...rule, priorities: [120003, 120004] });
    expect(saved.body.data.updatedAt).toEqual(expect.any(String));
    const read = await get(plain.id, plainToken);
    expect(read.body.data).toEqual(saved.body.data);

    const hourly = await put({ ...rule, frequency: 'hour', priorities: [] }, plainToken);
    expect(hourly.body.data).toMatchObject({ frequency: 'hour', intervalMinutes: null, priorities: [] });
    // omitted fields take their defaults ("no limit")
    const minimal = await put({ userId: plain.id, type: 1, frequency: 'daily' }, plainToken);
    expect(minimal.body.data).toMatchObject({
      ...DEFAULTS,
      frequency: 'daily',
      updatedAt: expect.any(String),
    });
  });

  it.each([
    [{ frequency: 'interval' }, 'intervalMinutes', 'Enter an interval of 1 to 1440 minutes'],
    [
      { frequency: 'interval', intervalMinutes: 0 },
      'intervalMinutes',
      'Enter an interval of 1 to 1440 minutes',
    ],
    [{ frequency: 'interval', intervalMinutes: 1441 }, 'intervalMinutes', 'Enter an interval'],
    [{ frequency: 'interval', intervalMinutes: 2.5 }, 'intervalMinutes', 'Enter an interval'],
    [{ maxPerMinute: 0 }, 'maxPerMinute', 'Enter a whole number from 1 to 10000'],
    [{ maxPerFiveMinutes: -3 }, 'maxPerFiveMinutes', 'Enter a whole number from 1 to 10000'],
    [{ maxPerHour: 1.5 }, 'maxPerHour', 'Enter a whole number from 1 to 10000'],
    [{ maxPerDay: 10001 }, 'maxPerDay', 'Enter a whole number from 1 to 10000'],
    [{ maxPerDay: 'many' }, 'maxPerDay', 'Enter a whole number from 1 to 10000'],
    [{ priorities: [120005] }, 'priorities.0', 'Choose among the four alarm levels'],
    [{ priorities: 'urgent' }, 'priorities', 'Choose among the four alarm levels'],
    [{ frequency: 'weekly' }, 'frequency', 'Invalid value'],
    [{ enabled: 'yes' }, 'enabled', 'Invalid value'],
    [{ type: 2 }, 'type', 'Invalid value'],
  ])('refuses %j with a message on field %s', async (patch, field, message) => {
    const before = await get(plain.id, plainToken);
    const res = await put({ userId: plain.id, type: 1, ...patch }, plainToken);
    expect(res.statusCode).toBe(400);
    const fields = (res.body.data as unknown as { fields: { field: string; message: string }[] }).fields;
    expect(fields).toContainEqual({ field, message: expect.stringContaining(message) });
    // nothing changed
    expect((await get(plain.id, plainToken)).body.data).toEqual(before.body.data);
  });

  it('field messages follow the language', async () => {
    const res = await app.inject({
      method: 'PUT',
      url: R,
      headers: { token: plainToken, lang: 'zh-CN' },
      payload: { userId: plain.id, maxPerHour: 0 },
    });
    expect(res.json().message).toBe('请输入1到10000之间的整数，不填表示不限制');
  });

  it("another account's rule: 403 for a plain account, allowed to an admin; unknown account 404", async () => {
    expect((await get(other.id, plainToken)).statusCode).toBe(403);
    expect((await put({ userId: other.id, frequency: 'hour' }, plainToken)).statusCode).toBe(403);
    expect((await get(other.id, admin)).body.data).toMatchObject({ userId: other.id, frequency: 'realtime' });
    const saved = await put({ userId: other.id, frequency: 'minute', maxPerMinute: 3 }, admin);
    expect(saved.statusCode).toBe(200);
    expect((await get(other.id, otherToken)).body.data).toMatchObject({
      frequency: 'minute',
      maxPerMinute: 3,
    });
    expect((await get(999_999, admin)).statusCode).toBe(404);
    expect((await get(0, plainToken)).statusCode).toBe(400);
    expect((await app.inject({ method: 'GET', url: `${R}?userId=${plain.id}` })).statusCode).toBe(401);
  });

  it('audits every change with the rule before and after', async () => {
    await put({ userId: other.id, frequency: 'halfHour', priorities: [120004] }, otherToken);
    const rows = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'alarmRule.update'), eq(auditLog.target, `account:${other.id}`)));
    const last = rows.at(-1);
    expect(last?.accountId).toBe(other.id);
    expect(last?.detail).toMatchObject({
      before: { frequency: 'minute', maxPerMinute: 3 },
      after: { frequency: 'halfHour', priorities: [120004], maxPerMinute: null },
    });
  });

  it('publishes alarmRule.updated to the account', async () => {
    const events: unknown[] = [];
    const off = app.bus.subscribe((e) => events.push(e));
    await put({ userId: other.id, frequency: 'realtime' }, otherToken);
    off();
    expect(events).toContainEqual(
      expect.objectContaining({ type: 'alarmRule.updated', audience: { accountId: other.id } }),
    );
  });

  describe('poll and reports', () => {
    let limited: TestAccount;
    let limitedToken: string;
    let ids: Record<string, number>;

    beforeAll(async () => {
      limited = await createAccount(app, { roles: ['operator'] });
      limitedToken = await login(app, limited);
      await app.db.update(account).set({ allScenes: false }).where(eq(account.id, limited.id));
      await app.db.insert(accountScene).values({ accountId: limited.id, sceneId: refs.sceneA });
      const rows = await insertTestAlarms(app, [
        { sceneId: refs.sceneA, priority: 120002, alarmTime: new Date('2030-01-01T08:00:10Z') },
        { sceneId: refs.sceneA, priority: 120004, alarmTime: new Date('2030-01-01T08:00:20Z') },
        { sceneId: refs.sceneB, priority: 120004, alarmTime: new Date('2030-01-01T08:00:30Z') },
        { sceneId: null, priority: 120004, alarmTime: new Date('2030-01-01T08:00:40Z') },
        { sceneId: refs.sceneA, priority: 120004, alarmTime: new Date('2030-01-01T08:00:50Z') },
        { sceneId: refs.sceneA, priority: 120004, alarmTime: new Date('2030-01-01T08:01:10Z') },
      ]);
      ids = Object.fromEntries(rows.map((r, i) => [`a${i}`, r.id]));
    });

    const pollIds = async (token: string) => {
      const res = await call<{ list: AlarmItem[] }>('POST', ALARM_API.poll, token, { count: 50 });
      expect(res.statusCode).toBe(200);
      return res.body.data.list.map((a) => a.id);
    };

    it('the poll shows only the scenes an account sees', async () => {
      const seen = await pollIds(limitedToken);
      expect(seen).toEqual(expect.arrayContaining([ids.a0, ids.a1, ids.a4, ids.a5]));
      expect(seen).not.toContain(ids.a2);
      expect(seen).not.toContain(ids.a3);
      const all = await pollIds(admin);
      expect(all).toEqual(expect.arrayContaining([ids.a2, ids.a3]));
    });

    it("the poll applies the rule's priority filter, not its thresholds", async () => {
      await put({ userId: limited.id, priorities: [120004], maxPerDay: 1 }, limitedToken);
      const seen = await pollIds(limitedToken);
      expect(seen).not.toContain(ids.a0);
      expect(seen).toEqual(expect.arrayContaining([ids.a1, ids.a4, ids.a5]));
      // a disabled rule filters nothing
      await put({ userId: limited.id, enabled: false, priorities: [120004] }, limitedToken);
      expect(await pollIds(limitedToken)).toContain(ids.a0);
    });

    it('alarmsForReport applies scene authority, priorities and thresholds', async () => {
      const from = new Date('2030-01-01T08:00:00Z');
      const to = new Date('2030-01-01T09:00:00Z');
      await put({ userId: limited.id, priorities: [120004], maxPerMinute: 1 }, limitedToken);
      const report = await alarmsForReport(app.db, limited.id, from, to);
      // 08:00 minute: a1 pushed, a4 held; 08:01 minute: a5
      expect(report.alarms.map((a) => a.id)).toEqual([ids.a1, ids.a5]);
      expect(report.held).toBe(1);
      expect(report.truncated).toBe(false);
      await put({ userId: limited.id }, limitedToken);
      const plainReport = await alarmsForReport(app.db, limited.id, from, to, { limit: 2 });
      expect(plainReport.alarms.map((a) => a.id)).toEqual([ids.a0, ids.a1]);
      expect(plainReport.truncated).toBe(true);
      // the owner of an admin role sees every scene
      const adminRow = await createAccount(app, { roles: ['admin'] });
      const adminReport = await alarmsForReport(app.db, adminRow.id, from, to);
      expect(adminReport.alarms.map((a) => a.id)).toEqual(
        [ids.a0, ids.a1, ids.a2, ids.a3, ids.a4, ids.a5].map(Number),
      );
    });
  });
});
