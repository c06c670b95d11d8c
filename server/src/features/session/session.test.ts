import { API, BUTTONS, FIXED_MENU_IDS, type MenuItem, type UserInfo } from '@sentinel/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, session } from '../../db/schema/index.ts';
import {
  backends,
  body,
  buildTestApp,
  createAccount,
  createTestDatabase,
  login,
  loginRequest,
  setLocked,
  type TestDatabase,
} from '../../test/helpers.ts';

describe.each(backends)('session on %s', (backend) => {
  let tdb: TestDatabase;
  let app: FastifyInstance;
  const clock = { t: Date.now() };

  beforeAll(async () => {
    tdb = await createTestDatabase(backend);
    app = await buildTestApp(tdb, {
      now: () => new Date(clock.t),
      sessionIdleMs: 30 * 60_000,
      sessionAbsoluteMs: 2 * 3_600_000,
    });
  });
  afterAll(async () => {
    await app?.close();
    await tdb?.drop();
  });

  const get = (url: string, token?: string, headers: Record<string, string> = {}) =>
    app.inject({ url, headers: token ? { token, ...headers } : headers });
  const changePassword = (token: string, password: string, newpassword: unknown, lang = 'en') =>
    app.inject({
      method: 'PUT',
      url: API.changePassword,
      headers: { token, lang },
      payload: { password, newpassword } as Record<string, unknown>,
    });

  it('answers 401 please log in for a missing, forged or revoked token', async () => {
    const missing = await get(API.userInfo);
    expect(missing.statusCode).toBe(401);
    expect(body(missing)).toEqual({ status: -401, message: 'please log in', data: null });
    const forged = await get(API.userInfo, 'forged-token-value');
    expect(forged.statusCode).toBe(401);
    expect(body(await get(API.userInfo, 'x', { lang: 'zh-CN' })).message).toBe('请登录');

    const who = await createAccount(app);
    const token = await login(app, who);
    expect((await get(API.userInfo, token)).statusCode).toBe(200);
    const out = await app.inject({ method: 'POST', url: API.logout, headers: { token } });
    expect(out.statusCode).toBe(200);
    expect(body(out).status).toBe(0);
    expect((await get(API.userInfo, token)).statusCode).toBe(401);
    const audit = await app.db.select().from(auditLog).where(eq(auditLog.accountId, who.id));
    expect(audit.map((a) => a.action)).toContain('logout');
  });

  it('expires a session after the idle time, and at the absolute limit even when active', async () => {
    const who = await createAccount(app);
    const idle = await login(app, who);
    clock.t += 29 * 60_000;
    expect((await get(API.userInfo, idle)).statusCode).toBe(200);
    clock.t += 31 * 60_000;
    expect((await get(API.userInfo, idle)).statusCode).toBe(401);

    const busy = await login(app, who);
    for (let i = 0; i < 4; i++) {
      clock.t += 25 * 60_000;
      expect((await get(API.userInfo, busy)).statusCode).toBe(200);
    }
    clock.t += 15 * 60_000; // 1 h 55 since login
    expect((await get(API.userInfo, busy)).statusCode).toBe(200);
    clock.t += 10 * 60_000; // 2 h 05 since login
    expect((await get(API.userInfo, busy)).statusCode).toBe(401);
  });

  it('keeps a session alive by use, writing its last-seen time at most once a minute', async () => {
    const who = await createAccount(app);
    const token = await login(app, who);
    const lastSeen = async () =>
      (await app.db.select().from(session).where(eq(session.accountId, who.id)))[0]?.lastSeenAt.getTime();
    const atLogin = await lastSeen();
    clock.t += 30_000;
    expect((await get(API.userInfo, token)).statusCode).toBe(200);
    expect(await lastSeen()).toBe(atLogin);
    clock.t += 31_000;
    expect((await get(API.userInfo, token)).statusCode).toBe(200);
    expect(await lastSeen()).toBe(clock.t);
    // Used within the idle window, it stays alive past the idle time counted from login.
    clock.t += 29 * 60_000;
    expect((await get(API.userInfo, token)).statusCode).toBe(200);
  });

  it('rejects the session of an account locked after login', async () => {
    const who = await createAccount(app);
    const token = await login(app, who);
    await setLocked(app, who.id, true);
    expect((await get(API.userInfo, token)).statusCode).toBe(401);
  });

  it('answers the current user', async () => {
    const who = await createAccount(app, { roles: ['operator'] });
    const res = await get(API.userInfo, await login(app, who));
    expect(res.statusCode).toBe(200);
    expect(body<UserInfo>(res).data).toEqual({
      id: who.id,
      name: `Test ${who.name}`,
      avatar: '',
      introduction: '',
      roles: ['operator'],
      mustChangePassword: false,
      language: '',
    });
  });

  it('fails userInfo with 403 when the account has no role', async () => {
    const who = await createAccount(app, { roles: [] });
    const res = await get(API.userInfo, await login(app, who));
    expect(res.statusCode).toBe(403);
    expect(body(res).message).toBe('getInfo: roles must be a non-null array!');
  });

  it('gives admin every menu, with the fixed ids and the admin-only entries', async () => {
    const admin = await createAccount(app, { roles: ['admin'] });
    const res = await get(API.menu, await login(app, admin));
    const menus = body<MenuItem[]>(res).data;
    const codes = menus.map((m) => m.code);
    for (const code of ['page', 'planTask', 'sqlQuery', 'runningEffect', 'accounts', 'role']) {
      expect(codes).toContain(code);
    }
    for (const [code, id] of Object.entries(FIXED_MENU_IDS)) {
      expect(menus.find((m) => m.code === code)?.id).toBe(id);
    }
    expect(menus[0]).toEqual({
      id: 1,
      parentId: 0,
      code: 'groupHomePage',
      name: 'Home',
      type: 1,
      url: '/',
      data: null,
    });
    expect(menus.find((m) => m.code === 'dashboard')?.parentId).toBe(1);
    expect(menus.find((m) => m.code === 'planTask')?.parentId).toBe(190);
    expect(codes).not.toContain('taskDetails');
    const zh = body<MenuItem[]>(await get(API.menu, await login(app, admin), { lang: 'zh-CN' })).data;
    expect(zh.find((m) => m.code === 'sqlQuery')?.name).toBe('SQL查询');
  });

  it('gives operator its menus only, never the admin-only ones even when granted', async () => {
    const operator = await createAccount(app, { roles: ['operator'] });
    const token = await login(app, operator);
    const codes = body<MenuItem[]>(await get(API.menu, token)).data.map((m) => m.code);
    expect(codes).toEqual([
      'groupHomePage',
      'dashboard',
      'alarmAnalysis',
      'safetyAnalysis',
      'efficiencyAnalysis',
      'generalSceneManage',
      'jobSceneManage',
      'temporaryJobScene',
      'temporaryJobManage',
      'historyRecords',
      'historyEvent',
      'historyTask',
      'historyAlarm',
      'dcsAlarm',
      'videoPlayback',
      'meDetails',
      'statistics',
      'offLineVideo',
      'offLineVideoSet',
    ]);
    // Grant the operator role the admin-only menus: they still must not appear.
    await app.db.execute(
      "INSERT INTO role_menu (role_id, menu_id) SELECT r.id, m.id FROM role r, menu m WHERE r.name = 'operator' AND m.code IN ('page', 'planTask', 'sqlQuery', 'runningEffect') ON CONFLICT DO NOTHING",
    );
    const after = body<MenuItem[]>(await get(API.menu, token)).data.map((m) => m.code);
    for (const code of ['page', 'planTask', 'sqlQuery', 'runningEffect']) expect(after).not.toContain(code);
  });

  it('answers button codes per route name (subResource)', async () => {
    const admin = await login(app, await createAccount(app, { roles: ['admin'] }));
    const operator = await login(app, await createAccount(app, { roles: ['operator'] }));
    const adminDash = body<string[]>(await get(API.roleSubResource('dashboard'), admin)).data;
    expect(adminDash).toEqual([...(BUTTONS.dashboard ?? [])].sort());
    const adminAccounts = body<string[]>(await get(API.roleSubResource('accounts'), admin)).data;
    expect(adminAccounts).toEqual([...(BUTTONS.accounts ?? [])].sort());
    const opAlarm = body<string[]>(await get(API.roleSubResource('historyAlarm'), operator)).data;
    expect(opAlarm).toEqual(['historyAlarm:cancel', 'historyAlarm:deal', 'historyAlarm:export']);
    expect(body<string[]>(await get(API.roleSubResource('accounts'), operator)).data).toEqual([]);
    expect(body<string[]>(await get(API.roleSubResource('unknownRoute'), admin)).data).toEqual([]);
  });

  it('serves the application name and logo publicly', async () => {
    const res = await get(API.application);
    expect(res.statusCode).toBe(200);
    const data = body<{ name: string; smallLogo: string; supportPhone: string }>(res).data;
    expect(data.name).toBe('Sentinel Console');
    expect(data.smallLogo).toMatch(/^data:image\/svg\+xml/);
    expect(data.supportPhone).toBe('400-820-3800');
    expect((await get('/api/v2/backend/application')).statusCode).toBe(200);
  });

  it('applies the strict password rule to the new password', async () => {
    const who = await createAccount(app);
    const token = await login(app, who);
    const cases: [unknown, string, string][] = [
      ['', 'Please enter the password', '请填写密码'],
      [
        'Abcdefgh12345!',
        'password.rule',
        '密码必须包含大写字母、小写字母、数字、符号任意三种组合，不少于15位!',
      ],
      ['abcdefghijklmnopq', 'password.rule', ''],
      ['abcdefghijklmnop123', 'password.rule', ''],
      [`Aa1!${'x'.repeat(27)}`, 'The password can be at most 30 characters', '密码不能超过30位'],
      [12345, 'Please enter the password', '请填写密码'],
    ];
    const ruleEn =
      'The password must combine at least three of uppercase letters, lowercase letters, digits and symbols, and be at least 15 characters!';
    for (const [value, en, zh] of cases) {
      const res = await changePassword(token, who.password, value);
      expect(res.statusCode, String(value)).toBe(400);
      const b = body<{ fields: { field: string; message: string }[] }>(res);
      expect(b.message).toBe(en === 'password.rule' ? ruleEn : en);
      expect(b.data.fields[0]?.field).toBe('newpassword');
      if (zh) expect(body(await changePassword(token, who.password, value, 'zh-CN')).message).toBe(zh);
    }
    // The session survives failed attempts.
    expect((await get(API.userInfo, token)).statusCode).toBe(200);
  });

  it('refuses a wrong current password and an unchanged password', async () => {
    const who = await createAccount(app);
    const token = await login(app, who);
    const wrong = await changePassword(token, 'Not-the-current-1', 'Brand-New-Pass-99');
    expect(wrong.statusCode).toBe(400);
    expect(body(wrong).message).toBe('The current password is incorrect');
    const same = await changePassword(token, who.password, who.password);
    expect(same.statusCode).toBe(400);
    expect(body(same).message).toBe('The new password must differ from the current one');
  });

  it('changes the password, revokes every session, and the new password works', async () => {
    const who = await createAccount(app);
    const first = await login(app, who);
    const second = await login(app, who);
    const res = await changePassword(first, who.password, 'Brand-New-Pass-99', 'zh-CN');
    expect(res.statusCode).toBe(200);
    expect(body(res)).toEqual({ status: 0, message: '修改成功,请重新登录。', data: null });
    expect((await get(API.userInfo, first)).statusCode).toBe(401);
    expect((await get(API.userInfo, second)).statusCode).toBe(401);
    expect((await loginRequest(app, who.name, who.password)).statusCode).toBe(400);
    expect((await loginRequest(app, who.name, 'Brand-New-Pass-99')).statusCode).toBe(200);
    const audit = await app.db.select().from(auditLog).where(eq(auditLog.accountId, who.id));
    expect(audit.map((a) => a.action)).toContain('password.change');
  });

  it('restricts an account with its initial password until it changes it', async () => {
    const who = await createAccount(app, { roles: ['admin'], mustChange: true });
    const token = await login(app, who);
    for (const url of [
      API.userInfo,
      API.menu,
      API.application,
      API.roleSubResource('dashboard'),
      API.exportList,
    ]) {
      expect((await get(url, token)).statusCode, url).toBe(200);
    }
    expect(body<UserInfo>(await get(API.userInfo, token)).data.mustChangePassword).toBe(true);
    const blocked = await app.inject({ method: 'DELETE', url: API.exportDelete(1), headers: { token } });
    expect(blocked.statusCode).toBe(403);
    expect(body(blocked)).toMatchObject({
      status: -403,
      message: 'Please change your initial password first',
    });
    const events = await get(API.events, token);
    expect(events.statusCode).toBe(403);
    expect((await changePassword(token, who.password, 'Brand-New-Pass-99')).statusCode).toBe(200);
    const again = await login(app, { name: who.name, password: 'Brand-New-Pass-99' });
    const del = await app.inject({
      method: 'DELETE',
      url: API.exportDelete(999999),
      headers: { token: again },
    });
    expect(del.statusCode).toBe(404);
  });

  it('picks the language from the lang header, the language cookie, then Accept-Language', async () => {
    const msg = async (headers: Record<string, string>) =>
      body(await get(API.userInfo, undefined, headers)).message;
    expect(await msg({})).toBe('please log in');
    expect(await msg({ lang: 'zh-CN' })).toBe('请登录');
    expect(await msg({ lang: 'zh' })).toBe('请登录');
    expect(await msg({ lang: 'en', cookie: 'language=zh-CN' })).toBe('please log in');
    expect(await msg({ cookie: 'user_token=x; language=zh-CN' })).toBe('请登录');
    expect(await msg({ 'accept-language': 'zh-CN,zh;q=0.9,en;q=0.8' })).toBe('请登录');
    expect(await msg({ 'accept-language': 'fr-FR,en;q=0.5' })).toBe('please log in');
    expect(await msg({ lang: 'de' })).toBe('please log in');
  });
});
