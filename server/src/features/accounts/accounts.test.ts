import {
  ACCOUNT_API,
  type AccountCreateResponse,
  type AccountItem,
  type AccountListResponse,
  type AccountPermission,
  type Envelope,
  translate,
} from '@sentinel/contract';
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { account, auditLog, menu, role, roleButton, roleMenu } from '../../db/schema/index.ts';
import {
  backends,
  createAccount,
  GOOD_PASSWORD,
  login,
  loginRequest,
  uniqueName,
  useTestApp,
} from '../../test/helpers.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

describe.each(backends)('accounts administration on %s', (backend) => {
  const ctx = useTestApp(backend);
  let app: FastifyInstance;
  let admin: { id: number; name: string; password: string };
  let adminToken: string;
  let operatorToken: string;
  let roleIds: Record<string, number>;

  const call = async <T = unknown>(method: Method, url: string, token: string, payload?: unknown) => {
    const res = await app.inject({ method, url, headers: { token }, payload: payload as object });
    return { statusCode: res.statusCode, body: res.json() as Envelope<T> };
  };

  beforeAll(async () => {
    app = ctx.app;
    admin = await createAccount(app, { roles: ['admin'] });
    adminToken = await login(app, admin);
    operatorToken = await login(app, await createAccount(app, { roles: ['operator'] }));
    const roles = await app.db.select({ id: role.id, name: role.name }).from(role);
    roleIds = Object.fromEntries(roles.map((r) => [r.name, r.id]));
  });

  const create = (payload: Record<string, unknown>, token = adminToken) =>
    call<AccountCreateResponse>('POST', ACCOUNT_API.create, token, {
      roleIds: [roleIds.operator],
      ...payload,
    });

  const fieldOf = (body: Envelope<unknown>) =>
    (body.data as { fields?: { field: string; message: string }[] } | null)?.fields ?? [];

  it('refuses bad input with the SPEC messages', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ accountName: '张三' }, 'accountName', 'field.accountNotChinese'],
      [{ accountName: 'a b c' }, 'accountName', 'account.nameInvalid'],
      [{ accountName: 'x' }, 'accountName', 'account.nameInvalid'],
      [{ accountName: uniqueName(), phone: '12345' }, 'phone', 'field.phone'],
      [{ accountName: uniqueName(), phone: '23800000000' }, 'phone', 'field.phone'],
      [{ accountName: uniqueName(), phone: '138000000001' }, 'phone', 'field.phone'],
      [{ accountName: uniqueName(), email: 'not-an-email' }, 'email', 'field.email'],
      [{ accountName: uniqueName(), email: 'a@' }, 'email', 'field.email'],
      [{ accountName: uniqueName(), roleIds: [] }, 'roleIds', 'account.roleRequired'],
      [{ accountName: uniqueName(), password: 'alllowercaseletters' }, 'password', 'password.rule'],
      [{ accountName: uniqueName(), password: 'Short-1a' }, 'password', 'password.rule'],
      [{ accountName: uniqueName(), password: `Aa1-${'x'.repeat(27)}` }, 'password', 'password.tooLong'],
    ];
    for (const [payload, field, code] of cases) {
      const res = await create(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(fieldOf(res.body)).toContainEqual({ field, message: translate(code as 'field.phone', 'en') });
    }
    // unknown role
    const unknown = await create({ accountName: uniqueName(), roleIds: [987654] });
    expect(unknown.statusCode).toBe(400);
    expect(fieldOf(unknown.body)[0]?.field).toBe('roleIds');
    // 30 characters is still fine
    const thirty = await create({ accountName: uniqueName(), password: `Aa1-${'x'.repeat(26)}` });
    expect(thirty.statusCode).toBe(200);
    expect(thirty.body.data.initialPassword).toBeUndefined();
  });

  it('refuses a duplicate account name with 409', async () => {
    const name = uniqueName('dup');
    expect((await create({ accountName: name })).statusCode).toBe(200);
    const again = await create({ accountName: `  ${name} ` });
    expect(again.statusCode).toBe(409);
    expect(again.body.message).toBe(translate('account.nameTaken', 'en'));
  });

  it('generates an initial password, shown once, that must be changed at first login', async () => {
    const name = uniqueName('init');
    const res = await create({
      accountName: name,
      displayName: '新用户',
      phone: '13800000000',
      email: 'a@b.cn',
    });
    expect(res.statusCode).toBe(200);
    const initial = res.body.data.initialPassword as string;
    expect(initial.length).toBeGreaterThanOrEqual(15);
    expect(res.body.data.account).toMatchObject({
      accountName: name,
      displayName: '新用户',
      phone: '13800000000',
      mustChangePassword: true,
      locked: false,
    });
    const id = res.body.data.account.id;
    // never again: not in the account, the list, or the audit log
    const detail = await call<AccountItem>('GET', ACCOUNT_API.detail(id), adminToken);
    expect(JSON.stringify(detail.body)).not.toContain(initial);
    const [entry] = await app.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'account.create'))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(entry?.target).toBe(`${id} ${name}`);
    expect(JSON.stringify(entry?.detail)).not.toContain(initial);
    expect(JSON.stringify(entry?.detail)).not.toMatch(/argon2|passwordHash/);
    // login with it: must change the password first
    const loginRes = await loginRequest(app, name, initial);
    expect(loginRes.statusCode).toBe(200);
    const login1 = loginRes.json() as Envelope<{ token: string; mustChangePassword: boolean }>;
    expect(login1.data.mustChangePassword).toBe(true);
    const me = await call<AccountItem>('GET', ACCOUNT_API.me, login1.data.token);
    expect(me.body.data).toMatchObject({ id, mustChangePassword: true });
    // last sign time is known now
    const last = await call<{ lastSignTime: string | null }>('GET', ACCOUNT_API.lastSignTime(id), adminToken);
    expect(last.body.data.lastSignTime).not.toBeNull();
  });

  it('lists with keyword, role and lock filters', async () => {
    const tag = uniqueName('lst');
    await create({ accountName: `${tag}a`, email: `${tag}@x.cn` });
    await create({ accountName: `${tag}b`, roleIds: [roleIds.admin], password: GOOD_PASSWORD });
    const list = async (filter: Record<string, unknown>) =>
      (
        await call<AccountListResponse>('POST', ACCOUNT_API.list, adminToken, {
          page: 1,
          limit: 50,
          ...filter,
        })
      ).body.data;
    const all = await list({ keyword: tag });
    expect(all.count).toBe(2);
    expect(all.list.map((a) => a.accountName).sort()).toEqual([`${tag}a`, `${tag}b`]);
    expect(all.list[0]).not.toHaveProperty('passwordHash');
    const admins = await list({ keyword: tag, roleId: roleIds.admin });
    expect(admins.list.map((a) => a.accountName)).toEqual([`${tag}b`]);
    expect(admins.list[0]?.roles.map((r) => r.name)).toEqual(['admin']);
    expect((await list({ keyword: `${tag}@x` })).count).toBe(1);
    expect((await list({ keyword: tag, locked: true })).count).toBe(0);
    expect((await list({ keyword: '%' })).count).toBe(0);
  });

  it('edits an account, its roles and permissions; a role change applies on the next call', async () => {
    const who = await createAccount(app, { roles: ['operator'] });
    const token = await login(app, who);
    expect((await call('POST', ACCOUNT_API.list, token, { page: 1, limit: 10 })).statusCode).toBe(403);
    const edit = await call<AccountItem>('PUT', ACCOUNT_API.update, adminToken, {
      id: who.id,
      displayName: 'Edited',
      phone: '',
      email: 'e@x.cn',
      roleIds: [roleIds.operator, roleIds.admin],
    });
    expect(edit.statusCode).toBe(200);
    expect(edit.body.data.roles.map((r) => r.name).sort()).toEqual(['admin', 'operator']);
    // at once: the same token now reaches the admin-only list
    expect((await call('POST', ACCOUNT_API.list, token, { page: 1, limit: 10 })).statusCode).toBe(200);
    const perm = await call<AccountPermission>('GET', ACCOUNT_API.permission(who.id), adminToken);
    expect(perm.body.data.isAdmin).toBe(true);
    expect(perm.body.data.buttons).toContain('accounts:add');
    const roles = await call<{ name: string }[]>('POST', ACCOUNT_API.setRoles, adminToken, {
      accountId: who.id,
      roleIds: [roleIds.operator],
    });
    expect(roles.body.data.map((r) => r.name)).toEqual(['operator']);
    expect((await call('POST', ACCOUNT_API.list, token, { page: 1, limit: 10 })).statusCode).toBe(403);
    const info = await call<{ roles: string[] }>('GET', '/api/v2/backend/login/userInfo', token);
    expect(info.body.data.roles).toEqual(['operator']);
    const got = await call<{ name: string }[]>('GET', ACCOUNT_API.roles(who.id), adminToken);
    expect(got.body.data.map((r) => r.name)).toEqual(['operator']);
    const perm2 = await call<AccountPermission>('GET', ACCOUNT_API.permission(who.id), adminToken);
    expect(perm2.body.data.isAdmin).toBe(false);
    expect(perm2.body.data.menus).not.toContain('accounts');
    // simple: any logged-in user
    const simple = await call('GET', ACCOUNT_API.simple(who.id), operatorToken);
    expect(simple.body.data).toEqual({ id: who.id, accountName: who.name, displayName: 'Edited' });
    // audit before/after
    const [entry] = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'account.update'), eq(auditLog.target, `${who.id} ${who.name}`)));
    expect(entry?.detail).toMatchObject({
      before: { displayName: `Test ${who.name}`, roles: ['operator'] },
      after: { displayName: 'Edited', email: 'e@x.cn' },
    });
    // a new password set by the admin ends the sessions and must be changed
    const pw = await call('PUT', ACCOUNT_API.update, adminToken, {
      id: who.id,
      displayName: 'Edited',
      phone: '',
      email: '',
      roleIds: [roleIds.operator],
      password: 'Another-Pass-2024!',
    });
    expect(pw.statusCode).toBe(200);
    expect((await call('GET', ACCOUNT_API.me, token)).statusCode).toBe(401);
    const relogin = (await loginRequest(app, who.name, 'Another-Pass-2024!')).json() as Envelope<{
      mustChangePassword: boolean;
    }>;
    expect(relogin.data.mustChangePassword).toBe(true);
    expect(JSON.stringify(await app.db.select().from(auditLog))).not.toContain('Another-Pass-2024!');
  });

  it('locking ends the sessions at once; unlocking lets the account in again', async () => {
    const who = await createAccount(app, { roles: ['operator'] });
    const token = await login(app, who);
    expect((await call('GET', ACCOUNT_API.me, token)).statusCode).toBe(200);
    const lock = await call<AccountItem>('PUT', ACCOUNT_API.lockStatus, adminToken, {
      id: who.id,
      locked: true,
    });
    expect(lock.statusCode).toBe(200);
    expect(lock.body.data.locked).toBe(true);
    expect((await call('GET', ACCOUNT_API.me, token)).statusCode).toBe(401);
    expect((await loginRequest(app, who.name, who.password)).statusCode).not.toBe(200);
    await call('PUT', ACCOUNT_API.lockStatus, adminToken, { id: who.id, locked: false });
    // the old token stays ended
    expect((await call('GET', ACCOUNT_API.me, token)).statusCode).toBe(401);
    expect((await loginRequest(app, who.name, who.password)).statusCode).toBe(200);
  });

  it('reset password: a new initial password once, sessions ended, change forced', async () => {
    const who = await createAccount(app, { roles: ['operator'] });
    const token = await login(app, who);
    const res = await call<{ initialPassword: string }>('PUT', ACCOUNT_API.resetPassword(who.id), adminToken);
    expect(res.statusCode).toBe(200);
    expect((await call('GET', ACCOUNT_API.me, token)).statusCode).toBe(401);
    const again = (await loginRequest(app, who.name, res.body.data.initialPassword)).json() as Envelope<{
      mustChangePassword: boolean;
    }>;
    expect(again.data.mustChangePassword).toBe(true);
    expect((await loginRequest(app, who.name, who.password)).statusCode).not.toBe(200);
  });

  it('delete: the account and its sessions are gone', async () => {
    const who = await createAccount(app, { roles: ['operator'] });
    const token = await login(app, who);
    expect((await call('DELETE', ACCOUNT_API.remove(who.id), adminToken)).statusCode).toBe(200);
    expect((await call('GET', ACCOUNT_API.me, token)).statusCode).toBe(401);
    expect((await call('GET', ACCOUNT_API.detail(who.id), adminToken)).statusCode).toBe(404);
    expect((await call('DELETE', ACCOUNT_API.remove(who.id), adminToken)).statusCode).toBe(404);
  });

  it('self rules: no deleting, locking or demoting oneself', async () => {
    const self = await call('DELETE', ACCOUNT_API.remove(admin.id), adminToken);
    expect(self.statusCode).toBe(409);
    expect(self.body.message).toBe(translate('account.selfAdmin', 'en'));
    const lock = await call('PUT', ACCOUNT_API.lockStatus, adminToken, { id: admin.id, locked: true });
    expect(lock.statusCode).toBe(409);
    const demote = await call('POST', ACCOUNT_API.setRoles, adminToken, {
      accountId: admin.id,
      roleIds: [roleIds.operator],
    });
    expect(demote.statusCode).toBe(409);
    expect(demote.body.message).toBe(translate('account.selfAdmin', 'en'));
    const edit = await call('PUT', ACCOUNT_API.update, adminToken, {
      id: admin.id,
      displayName: 'Me',
      roleIds: [roleIds.operator],
    });
    expect(edit.statusCode).toBe(409);
    // keeping the admin role while editing oneself is fine
    const keep = await call('PUT', ACCOUNT_API.update, adminToken, {
      id: admin.id,
      displayName: 'Me',
      roleIds: [roleIds.admin],
    });
    expect(keep.statusCode).toBe(200);
  });

  it('last admin rules: the last unlocked admin cannot be deleted, locked or demoted', async () => {
    // A manager holding every accounts button but not the admin role.
    const [manager] = await app.db
      .insert(role)
      .values({ name: uniqueName('mgr') })
      .returning();
    if (!manager) throw new Error('role');
    const [accountsMenu] = await app.db.select().from(menu).where(eq(menu.code, 'accounts'));
    if (!accountsMenu) throw new Error('menu');
    await app.db.insert(roleMenu).values({ roleId: manager.id, menuId: accountsMenu.id });
    await app.db
      .insert(roleButton)
      .values(['lock', 'delete', 'role', 'edit'].map((b) => ({ roleId: manager.id, code: `accounts:${b}` })));
    const mgr = await createAccount(app, { roles: [manager.name] });
    const mgrToken = await login(app, mgr);
    // lock every other unlocked admin but `admin`
    const others = await app.db.select({ id: account.id, locked: account.locked }).from(account);
    const adminIds = new Set(
      (
        await Promise.all(
          others.map(async (o) => {
            const p = await call<AccountPermission>('GET', ACCOUNT_API.permission(o.id), adminToken);
            return p.body.data.isAdmin && !o.locked ? o.id : 0;
          }),
        )
      ).filter((id) => id !== 0 && id !== admin.id),
    );
    for (const id of adminIds) {
      expect((await call('PUT', ACCOUNT_API.lockStatus, mgrToken, { id, locked: true })).statusCode).toBe(
        200,
      );
    }
    const lastAdmin = translate('account.lastAdmin', 'en');
    const del = await call('DELETE', ACCOUNT_API.remove(admin.id), mgrToken);
    expect(del.statusCode).toBe(409);
    expect(del.body.message).toBe(lastAdmin);
    const lock = await call('PUT', ACCOUNT_API.lockStatus, mgrToken, { id: admin.id, locked: true });
    expect(lock.statusCode).toBe(409);
    const demote = await call('POST', ACCOUNT_API.setRoles, mgrToken, {
      accountId: admin.id,
      roleIds: [roleIds.operator],
    });
    expect(demote.statusCode).toBe(409);
    expect(demote.body.message).toBe(lastAdmin);
    // still an admin, still logged in
    expect((await call('GET', ACCOUNT_API.me, adminToken)).statusCode).toBe(200);
    // with a second unlocked admin it is allowed
    const [first] = [...adminIds];
    if (first === undefined) throw new Error('no other admin');
    expect(
      (await call('PUT', ACCOUNT_API.lockStatus, mgrToken, { id: first, locked: false })).statusCode,
    ).toBe(200);
    const other = await call('POST', ACCOUNT_API.setRoles, mgrToken, {
      accountId: first,
      roleIds: [roleIds.operator],
    });
    expect(other.statusCode).toBe(200);
    // and now `admin` is the last one again
    expect((await call('DELETE', ACCOUNT_API.remove(admin.id), mgrToken)).statusCode).toBe(409);
    await call('POST', ACCOUNT_API.setRoles, adminToken, { accountId: first, roleIds: [roleIds.admin] });
  });

  it('403 for an operator without the accounts buttons', async () => {
    const target = await createAccount(app, { roles: ['operator'] });
    const calls: [Method, string, unknown][] = [
      ['POST', ACCOUNT_API.list, { page: 1, limit: 10 }],
      ['POST', ACCOUNT_API.create, { accountName: uniqueName(), roleIds: [roleIds.operator] }],
      ['PUT', ACCOUNT_API.update, { id: target.id, roleIds: [roleIds.operator] }],
      ['PUT', ACCOUNT_API.lockStatus, { id: target.id, locked: true }],
      ['POST', ACCOUNT_API.setRoles, { accountId: target.id, roleIds: [roleIds.operator] }],
      ['PUT', ACCOUNT_API.resetPassword(target.id), undefined],
      ['DELETE', ACCOUNT_API.remove(target.id), undefined],
      ['GET', ACCOUNT_API.detail(target.id), undefined],
      ['GET', ACCOUNT_API.permission(target.id), undefined],
      ['POST', ACCOUNT_API.region, { accountId: target.id, regionIds: [] }],
      ['POST', ACCOUNT_API.sceneAuthority, { accountId: target.id, allScenes: false, sceneIds: [] }],
      ['POST', ACCOUNT_API.sceneBatchAuthority, { accountIds: [target.id], allScenes: false, sceneIds: [] }],
      ['GET', ACCOUNT_API.authorityScenes(target.id, 0), undefined],
    ];
    for (const [method, url, payload] of calls) {
      expect((await call(method, url, operatorToken, payload)).statusCode, `${method} ${url}`).toBe(403);
    }
    expect((await app.inject({ method: 'POST', url: ACCOUNT_API.list, payload: {} })).statusCode).toBe(401);
    // the target is untouched
    expect((await login(app, target)).length).toBeGreaterThan(10);
  });
});
