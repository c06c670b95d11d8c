import {
  API,
  AUDIT_LOG_API,
  type Envelope,
  type MenuItem,
  ROLES_API,
  type RoleAuth,
  type RoleItem,
  type RoleListResult,
  type RoleLogResult,
  type RoleMenuNode,
} from '@sentinel/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { role } from '../../db/schema/index.ts';
import { backends, createAccount, login, uniqueName, useTestApp } from '../../test/helpers.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

describe.each(backends)('roles administration on %s', (backend) => {
  const ctx = useTestApp(backend);
  let app: FastifyInstance;
  let admin: string;
  /** Holds only `clerk` (no grants at first). */
  let clerkToken: string;
  let clerkRole: RoleItem;

  const call = async <T = unknown>(
    method: Method,
    url: string,
    token: string,
    payload?: unknown,
    lang = 'en',
  ) => {
    const res = await app.inject({ method, url, headers: { token, lang }, payload: payload as object });
    return { status: res.statusCode, body: res.json() as Envelope<T> };
  };
  const save = (token: string, payload: Record<string, unknown>) =>
    call<RoleItem>('PUT', ROLES_API.save, token, payload);
  const grant = (token: string, roleId: number, menuCodes: string[], buttons: string[]) =>
    call<RoleAuth>('POST', ROLES_API.saveAuth, token, { roleId, menuCodes, buttons });
  const menuCodes = async (token: string) =>
    (await call<MenuItem[]>('GET', API.menu, token)).body.data.map((m) => m.code);
  const buttonsOf = async (token: string, name: string) =>
    (await call<string[]>('GET', API.roleSubResource(name), token)).body.data;

  beforeAll(async () => {
    app = ctx.app;
    admin = await login(app, await createAccount(app, { roles: ['admin'] }));
    const created = await save(admin, { name: uniqueName('clerk'), displayName: 'Clerk' });
    expect(created.status).toBe(200);
    clerkRole = created.body.data;
    clerkToken = await login(app, await createAccount(app, { roles: [clerkRole.name] }));
  });

  it('creates, edits and reads a role; names are unique; admin keeps its name', async () => {
    const name = uniqueName('auditor');
    const created = await save(admin, { name, displayName: 'Auditor', description: ' reads logs ' });
    expect(created.status).toBe(200);
    expect(created.body.data).toMatchObject({
      name,
      displayName: 'Auditor',
      description: 'reads logs',
      isGlobal: false,
      builtIn: false,
      accountCount: 0,
    });
    const id = created.body.data.id;

    const duplicate = await save(admin, { name, displayName: 'Again' });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.message).toBe('This role name is already in use');
    const duplicateZh = await call('PUT', ROLES_API.save, admin, { name, displayName: 'x' }, 'zh-CN');
    expect(duplicateZh.body.message).toBe('角色名称已存在');
    expect((await save(admin, { name: 'admin', displayName: 'x' })).status).toBe(409);

    const edited = await save(admin, { id, name: `${name}x`, displayName: 'Auditors', description: '' });
    expect(edited.status).toBe(200);
    expect(edited.body.data).toMatchObject({
      id,
      name: `${name}x`,
      displayName: 'Auditors',
      description: '',
    });
    expect((await call<RoleItem>('GET', ROLES_API.detail(id), admin)).body.data.name).toBe(`${name}x`);
    // Renaming onto another role's name.
    expect((await save(admin, { id, name: clerkRole.name, displayName: 'x' })).status).toBe(409);

    const [adminRole] = await app.db.select().from(role).where(eq(role.name, 'admin'));
    if (!adminRole) throw new Error('admin role');
    const renameAdmin = await save(admin, { id: adminRole.id, name: 'boss', displayName: 'Boss' });
    expect(renameAdmin.status).toBe(409);
    expect(renameAdmin.body.message).toBe('The built-in admin role cannot be changed or deleted');
    // Its display name may change.
    expect(
      (await save(admin, { id: adminRole.id, name: 'admin', displayName: 'Administrators' })).status,
    ).toBe(200);
    expect((await call('DELETE', ROLES_API.detail(adminRole.id), admin)).status).toBe(409);

    expect((await save(admin, { name: '角色', displayName: 'x' })).status).toBe(400);
    expect((await save(admin, { name: 'ok', displayName: '' })).status).toBe(400);
    expect((await save(admin, { id: 999_999, name: 'ghost', displayName: 'x' })).status).toBe(404);
    expect((await call('GET', ROLES_API.detail(999_999), admin)).status).toBe(404);
  });

  it('lists every role for the account forms, to holders of the accounts page only', async () => {
    const options = await call<{ id: number; name: string; builtIn: boolean }[]>(
      'GET',
      ROLES_API.options,
      admin,
    );
    expect(options.status).toBe(200);
    expect(options.body.data.find((r) => r.name === 'admin')?.builtIn).toBe(true);
    expect(options.body.data.map((r) => r.name)).toContain(clerkRole.name);
    expect((await call('GET', ROLES_API.options, clerkToken)).status).toBe(403);
    expect((await grant(admin, clerkRole.id, ['accounts'], [])).status).toBe(200);
    expect((await call('GET', ROLES_API.options, clerkToken)).status).toBe(200);
    expect((await grant(admin, clerkRole.id, [], [])).status).toBe(200);
  });

  it('refuses to delete a role while accounts hold it', async () => {
    const name = uniqueName('temp');
    const created = (await save(admin, { name, displayName: 'Temp' })).body.data;
    const holder = await createAccount(app, { roles: [name] });
    const held = await call('DELETE', ROLES_API.detail(created.id), admin);
    expect(held.status).toBe(409);
    expect(held.body.message).toBe('Accounts still hold this role: change their roles first');
    expect((await call<RoleItem>('GET', ROLES_API.detail(created.id), admin)).body.data.accountCount).toBe(1);

    const free = (await save(admin, { name: uniqueName('free'), displayName: 'Free' })).body.data;
    const deleted = await call('DELETE', ROLES_API.detail(free.id), admin);
    expect(deleted.status).toBe(200);
    expect((await call('GET', ROLES_API.detail(free.id), admin)).status).toBe(404);
    expect(holder.id).toBeGreaterThan(0);
  });

  it('serves the grantable menu tree with buttons and both titles', async () => {
    const res = await call<RoleMenuNode[]>('GET', ROLES_API.menu, admin);
    expect(res.status).toBe(200);
    const flat: RoleMenuNode[] = [];
    const walk = (nodes: RoleMenuNode[]) => {
      for (const n of nodes) {
        flat.push(n);
        walk(n.children);
      }
    };
    walk(res.body.data);
    const byCode = new Map(flat.map((n) => [n.code, n]));
    expect(byCode.get('permission')?.children.map((c) => c.code)).toEqual(['page', 'role', 'accounts']);
    expect(byCode.get('page')).toMatchObject({ adminOnly: true, grantable: false });
    expect(byCode.get('role')).toMatchObject({
      adminOnly: false,
      grantable: true,
      title: { en: 'Role settings', 'zh-CN': '角色设置' },
      buttons: [
        { code: 'role:add', action: 'add' },
        { code: 'role:edit', action: 'edit' },
        { code: 'role:delete', action: 'delete' },
        { code: 'role:auth', action: 'auth' },
      ],
    });
    expect(byCode.get('bizLog')?.buttons).toEqual([{ code: 'bizLog:export', action: 'export' }]);
    expect(byCode.has('taskDetails')).toBe(false);
    // Reading the tree needs the `role` menu.
    expect((await call('GET', ROLES_API.menu, clerkToken)).status).toBe(403);
  });

  it('grants change the menu, the buttons and what the server allows at the next call', async () => {
    expect(await menuCodes(clerkToken)).toEqual([]);
    expect(await buttonsOf(clerkToken, 'role')).toEqual([]);
    expect((await save(clerkToken, { name: uniqueName('x'), displayName: 'x' })).status).toBe(403);
    expect((await call('POST', ROLES_API.list, clerkToken, { page: 1, limit: 10 })).status).toBe(403);

    const granted = await grant(admin, clerkRole.id, ['role'], ['role:add', 'role:add']);
    expect(granted.status).toBe(200);
    // The parent group comes with the page.
    expect(granted.body.data).toEqual({
      roleId: clerkRole.id,
      menuCodes: ['permission', 'role'],
      buttons: ['role:add'],
    });
    expect((await call<RoleAuth>('GET', ROLES_API.auth(clerkRole.id), admin)).body.data).toEqual(
      granted.body.data,
    );

    expect(await menuCodes(clerkToken)).toEqual(['permission', 'role']);
    expect(await buttonsOf(clerkToken, 'role')).toEqual(['role:add']);
    expect((await call('POST', ROLES_API.list, clerkToken, { page: 1, limit: 10 })).status).toBe(200);
    const made = await save(clerkToken, { name: uniqueName('made'), displayName: 'Made' });
    expect(made.status).toBe(200);
    // Editing needs role:edit; deleting role:delete; grants role:auth.
    expect(
      (await save(clerkToken, { id: made.body.data.id, name: made.body.data.name, displayName: 'y' })).status,
    ).toBe(403);
    expect((await call('DELETE', ROLES_API.detail(made.body.data.id), clerkToken)).status).toBe(403);
    expect((await grant(clerkToken, made.body.data.id, ['role'], [])).status).toBe(403);

    // Taking the grants away closes it again at the next call.
    expect((await grant(admin, clerkRole.id, [], [])).status).toBe(200);
    expect(await menuCodes(clerkToken)).toEqual([]);
    expect((await call('POST', ROLES_API.list, clerkToken, { page: 1, limit: 10 })).status).toBe(403);
  });

  it('refuses unknown, hidden and admin-only codes, and any change of the admin grants', async () => {
    for (const [menus, buttons] of [
      [['nope'], []],
      [['page'], []],
      [['sqlQuery'], []],
      [['taskDetails'], []],
      [['role'], ['role:fly']],
      [[], ['nope']],
    ] as const) {
      const res = await grant(admin, clerkRole.id, [...menus], [...buttons]);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Unknown menu or button code');
    }
    const [adminRole] = await app.db.select().from(role).where(eq(role.name, 'admin'));
    if (!adminRole) throw new Error('admin role');
    expect((await grant(admin, adminRole.id, ['role'], [])).status).toBe(409);
    expect((await grant(admin, 999_999, ['role'], [])).status).toBe(404);
    expect((await call('GET', ROLES_API.auth(999_999), admin)).status).toBe(404);
  });

  it('applies the global role to every account, one global role at most', async () => {
    const everyone = (await save(admin, { name: uniqueName('everyone'), displayName: 'Everyone' })).body.data;
    const other = (await save(admin, { name: uniqueName('other'), displayName: 'Other' })).body.data;
    await grant(admin, everyone.id, ['bizLog'], ['bizLog:export']);
    const fresh = await login(app, await createAccount(app, { roles: [] }));
    expect((await call('POST', AUDIT_LOG_API.list, fresh, { page: 1, limit: 10 })).status).toBe(403);

    const set = await call<RoleItem>('POST', ROLES_API.global, admin, { roleId: everyone.id });
    expect(set.status).toBe(200);
    expect(set.body.data.isGlobal).toBe(true);
    for (const token of [fresh, clerkToken]) {
      expect(await menuCodes(token)).toEqual(expect.arrayContaining(['systemSettings', 'bizLog']));
      expect(await buttonsOf(token, 'bizLog')).toEqual(['bizLog:export']);
      expect((await call('POST', AUDIT_LOG_API.list, token, { page: 1, limit: 10 })).status).toBe(200);
    }
    // The global role is not one of the account's own roles.
    const info = await call<{ roles: string[] }>('GET', API.userInfo, clerkToken);
    expect(info.body.data.roles).toEqual([clerkRole.name]);

    await call('POST', ROLES_API.global, admin, { roleId: other.id });
    const list = await call<RoleListResult>('POST', ROLES_API.list, admin, { page: 1, limit: 50 });
    expect(list.body.data.list.filter((r) => r.isGlobal).map((r) => r.id)).toEqual([other.id]);
    expect((await call('POST', AUDIT_LOG_API.list, fresh, { page: 1, limit: 10 })).status).toBe(403);

    expect((await call('POST', ROLES_API.global, admin, { roleId: null })).status).toBe(200);
    const none = await call<RoleListResult>('POST', ROLES_API.list, admin, { page: 1, limit: 50 });
    expect(none.body.data.list.some((r) => r.isGlobal)).toBe(false);

    const [adminRole] = await app.db.select().from(role).where(eq(role.name, 'admin'));
    expect((await call('POST', ROLES_API.global, admin, { roleId: adminRole?.id })).status).toBe(409);
    expect((await call('POST', ROLES_API.global, admin, { roleId: 999_999 })).status).toBe(404);
  });

  it('lists roles with search, holders and paging', async () => {
    const res = await call<RoleListResult>('POST', ROLES_API.list, admin, {
      page: 1,
      limit: 10,
      keyword: 'OPERAT',
    });
    expect(res.status).toBe(200);
    expect(res.body.data.list.map((r) => r.name)).toEqual(['operator']);
    expect(res.body.data.count).toBe(1);
    const all = await call<RoleListResult>('POST', ROLES_API.list, admin, { page: 1, limit: 10 });
    expect(all.body.data.count).toBeGreaterThan(3);
    const adminItem = all.body.data.list.find((r) => r.name === 'admin');
    expect(adminItem).toMatchObject({ builtIn: true });
    expect(adminItem?.accountCount).toBeGreaterThanOrEqual(1);
    const page2 = await call<RoleListResult>('POST', ROLES_API.list, admin, { page: 2, limit: 10 });
    expect(page2.body.data.count).toBe(all.body.data.count);
    expect((await call('POST', ROLES_API.list, admin, { page: 1, limit: 7 })).status).toBe(400);
  });

  it('keeps the role change log with before and after, newest first', async () => {
    const name = uniqueName('logged');
    const created = (await save(admin, { name, displayName: 'Logged' })).body.data;
    await save(admin, { id: created.id, name, displayName: 'Logged 2' });
    await grant(admin, created.id, ['historyAlarm'], ['historyAlarm:deal']);
    await call('DELETE', ROLES_API.detail(created.id), admin);

    const res = await call<RoleLogResult>(
      'GET',
      `${ROLES_API.log}?page=1&limit=10&roleId=${created.id}`,
      admin,
    );
    expect(res.status).toBe(200);
    const entries = res.body.data.list;
    expect(entries.map((e) => e.action)).toEqual(['role.delete', 'role.auth', 'role.update', 'role.create']);
    expect(res.body.data.count).toBe(4);
    for (const e of entries) expect(e).toMatchObject({ roleId: created.id, target: `role:${created.id}` });
    const update = entries[2];
    expect(update?.detail).toMatchObject({
      before: { displayName: 'Logged' },
      after: { displayName: 'Logged 2' },
    });
    expect(entries[1]?.detail).toMatchObject({
      before: { menuCodes: [], buttons: [] },
      after: { menuCodes: ['historyRecords', 'historyAlarm'], buttons: ['historyAlarm:deal'] },
    });
    expect(entries[0]?.accountName).not.toBe('');

    // Account role assignments (written by the accounts feature) appear in the log of the role.
    const clerkEntries = async () =>
      (await call<RoleLogResult>('GET', `${ROLES_API.log}?page=1&limit=50&roleId=${clerkRole.id}`, admin))
        .body.data.list;
    expect((await clerkEntries()).some((e) => e.action === 'account.role')).toBe(false);
    await app.audit.write({
      accountName: 'someone',
      action: 'account.role',
      target: '7 somebody',
      detail: { before: { roles: ['operator'] }, after: { roles: ['operator', clerkRole.name] } },
    });
    await app.audit.write({
      accountName: 'someone',
      action: 'account.role',
      target: '8 other',
      detail: { before: { roles: [] }, after: { roles: ['operator'] } },
    });
    const assigned = (await clerkEntries()).filter((e) => e.action === 'account.role');
    expect(assigned.map((e) => e.target)).toEqual(['7 somebody']);

    const all = await call<RoleLogResult>('GET', `${ROLES_API.log}?page=1&limit=50`, admin);
    expect(all.body.data.list.every((e) => e.action.startsWith('role.') || e.action === 'account.role')).toBe(
      true,
    );
    const future = new Date(Date.now() + 86_400_000).toISOString();
    const none = await call<RoleLogResult>(
      'GET',
      `${ROLES_API.log}?page=1&limit=10&startTime=${future}`,
      admin,
    );
    expect(none.body.data.count).toBe(0);
    const seconds = Math.floor(Date.now() / 1000) - 3600;
    const recent = await call<RoleLogResult>(
      'GET',
      `${ROLES_API.log}?page=1&limit=10&startTime=${seconds}`,
      admin,
    );
    expect(recent.body.data.count).toBeGreaterThan(0);
    expect((await call('GET', `${ROLES_API.log}?page=1&limit=10&startTime=yesterday`, admin)).status).toBe(
      400,
    );
    expect((await call('GET', `${ROLES_API.log}?page=1&limit=10`, clerkToken)).status).toBe(403);
  });
});
