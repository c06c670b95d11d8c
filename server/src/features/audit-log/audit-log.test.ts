import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import {
  API,
  AUDIT_LOG_API,
  type AuditItem,
  type AuditListResult,
  type Envelope,
  ROLES_API,
  type RoleItem,
} from '@sentinel/contract';
import { desc } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { auditLog } from '../../db/schema/index.ts';
import { isAuditedChange, redactSecrets } from '../../platform/audit.ts';
import {
  backends,
  buildTestApp,
  createAccount,
  createTestDatabase,
  GOOD_PASSWORD,
  login,
  type TestAccount,
  type TestDatabase,
  uniqueName,
} from '../../test/helpers.ts';

const SERVER_SRC = join(import.meta.dirname, '..', '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|sql)$/.test(name) && !name.endsWith('.test.ts') ? [path] : [];
  });
}

describe('the audit safety net rule', () => {
  it('logs every change method, and POSTs unless they only read', () => {
    expect(isAuditedChange('PUT', '/api/v2/backend/scene')).toBe(true);
    expect(isAuditedChange('DELETE', '/api/v2/backend/camera/:id')).toBe(true);
    expect(isAuditedChange('PATCH', '/api/v2/backend/x')).toBe(true);
    expect(isAuditedChange('POST', '/api/v2/backend/camera')).toBe(true);
    expect(isAuditedChange('POST', '/api/v2/backend/videoAlarm/deal')).toBe(true);
    expect(isAuditedChange('POST', '/api/v2/backend/role/global')).toBe(true);
    for (const url of [
      '/api/v2/backend/camera/list',
      '/api/v2/backend/scene/list/all',
      '/api/v2/backend/videoAlarm/count',
      '/api/v2/backend/videoAlarm/sceneCount',
      '/api/v2/backend/videoAlarm/poll',
      '/api/v2/backend/x/query',
      '/api/v2/backend/ingest/offlineVideoAnalysis/claim',
      '/api/v2/backend/role/global/list',
    ]) {
      expect(isAuditedChange('POST', url)).toBe(false);
    }
    expect(isAuditedChange('GET', '/api/v2/backend/scene')).toBe(false);
  });

  it('drops secrets at any depth', () => {
    expect(
      redactSecrets({
        password: 'a',
        newpassword: 'b',
        token: 'c',
        nested: [{ oldPassword: 'd', name: 'n' }],
      }),
    ).toEqual({ nested: [{ name: 'n' }] });
  });

  it('has no update or delete of audit_log anywhere in the server', () => {
    const forbidden = [
      /\.update\(\s*auditLog\b/,
      /\.delete\(\s*auditLog\b/,
      /update\s+"?audit_log"?/i,
      /delete\s+from\s+"?audit_log"?/i,
      /truncate\s+(table\s+)?"?audit_log"?/i,
    ];
    const offenders = sourceFiles(SERVER_SRC).filter((file) => {
      const text = readFileSync(file, 'utf8');
      return forbidden.some((pattern) => pattern.test(text));
    });
    expect(offenders).toEqual([]);
  });
});

describe.each(backends)('audit log on %s', (backend) => {
  let tdb: TestDatabase;
  let app: FastifyInstance;
  let adminAccount: TestAccount;
  let admin: string;
  /** Holds bizLog without bizLog:export. */
  let reader: string;
  let plain: string;
  let plainAccount: TestAccount;

  const call = async <T = unknown>(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    token: string,
    payload?: unknown,
  ) => {
    const res = await app.inject({ method, url, headers: { token }, payload: payload as object });
    return { status: res.statusCode, body: res.json() as Envelope<T> };
  };
  const latest = async (n = 5) => app.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(n);
  const list = (token: string, filters: Record<string, unknown> = {}) =>
    call<AuditListResult>('POST', AUDIT_LOG_API.list, token, { page: 1, limit: 50, ...filters });

  beforeAll(async () => {
    tdb = await createTestDatabase(backend);
    app = await buildTestApp(
      tdb,
      {},
      {
        // A change route that writes no entry itself (what any future route looks like).
        beforeReady: (a) => {
          a.put('/api/v2/backend/test-audit/:id', {
            config: { access: 'user' },
            schema: { params: z.object({ id: z.string() }) },
            handler: async () => ({ status: 0, message: 'OK', data: null }),
          });
        },
      },
    );
    adminAccount = await createAccount(app, { roles: ['admin'] });
    admin = await login(app, adminAccount);
    const readerRole = uniqueName('reader');
    const created = await call<RoleItem>('PUT', ROLES_API.save, admin, {
      name: readerRole,
      displayName: 'Reader',
    });
    await call('POST', ROLES_API.saveAuth, admin, {
      roleId: created.body.data.id,
      menuCodes: ['bizLog'],
      buttons: [],
    });
    reader = await login(app, await createAccount(app, { roles: [readerRole] }));
    plainAccount = await createAccount(app, { roles: ['operator'] });
    plain = await login(app, plainAccount);
  });
  afterAll(async () => {
    await app?.close();
    await tdb?.drop();
  });

  it('writes a generic entry for a change that wrote none, with the address and no secrets', async () => {
    const res = await app.inject({
      method: 'PUT',
      url: '/api/v2/backend/test-audit/42?mode=fast',
      headers: { token: plain },
      remoteAddress: '10.1.2.3',
      payload: { name: 'pump', password: 'hunter2', token: 'abc', inner: { newpassword: 'x', keep: 1 } },
    });
    expect(res.statusCode).toBe(200);
    const [entry] = await latest(1);
    expect(entry).toMatchObject({
      accountId: plainAccount.id,
      accountName: plainAccount.name,
      action: 'PUT /api/v2/backend/test-audit/:id',
      target: 'id=42',
      ip: '10.1.2.3',
    });
    expect(entry?.detail).toEqual({
      params: { id: '42' },
      query: { mode: 'fast' },
      after: { name: 'pump', inner: { keep: 1 } },
    });
    expect(JSON.stringify(entry)).not.toContain('hunter2');
  });

  it('stores no password when a real route changes one', async () => {
    const account = await createAccount(app, { roles: ['operator'] });
    const token = await login(app, account);
    const newPassword = `${GOOD_PASSWORD}-Next9`;
    const res = await call('PUT', API.changePassword, token, {
      password: account.password,
      newpassword: newPassword,
    });
    expect(res.status).toBe(200);
    const rows = await latest(10);
    const text = JSON.stringify(rows);
    expect(text).not.toContain(account.password);
    expect(text).not.toContain(newPassword);
    expect(rows.map((r) => r.action)).toContain('password.change');
    // The session service wrote its entry without `request`: no second, generic one.
    expect(rows.map((r) => r.action)).not.toContain('PUT /api/v2/backend/account/password');
  });

  it('writes one entry for a route that logs explicitly, none for reads, none for failures', async () => {
    const before = (await latest(1))[0]?.id ?? 0;
    const name = uniqueName('net');
    const created = await call<RoleItem>('PUT', ROLES_API.save, admin, { name, displayName: 'Net' });
    expect(created.status).toBe(200);
    await call('POST', ROLES_API.list, admin, { page: 1, limit: 10 });
    await list(admin);
    await call('PUT', ROLES_API.save, admin, { name, displayName: 'Duplicate' }); // 409
    await call('PUT', '/api/v2/backend/test-audit/1', plain, { a: 1 }).then((r) =>
      expect(r.status).toBe(200),
    );
    const fresh = (await latest(20)).filter((r) => r.id > before).reverse();
    expect(fresh.map((r) => r.action)).toEqual(['role.create', 'PUT /api/v2/backend/test-audit/:id']);
    expect(fresh[0]?.detail).toMatchObject({ after: { name, displayName: 'Net' } });
  });

  it('lists entries newest first with filters, and the actions', async () => {
    const all = await list(admin);
    expect(all.status).toBe(200);
    const ids = all.body.data.list.map((e) => e.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(all.body.data.count).toBeGreaterThan(3);

    const byUser = await list(admin, { accountName: plainAccount.name.toUpperCase() });
    expect(byUser.body.data.list.length).toBeGreaterThan(0);
    expect(byUser.body.data.list.every((e: AuditItem) => e.accountName === plainAccount.name)).toBe(true);

    const byAction = await list(admin, { action: 'role.create' });
    expect(byAction.body.data.list.length).toBeGreaterThan(0);
    expect(byAction.body.data.list.every((e) => e.action === 'role.create')).toBe(true);

    const future = new Date(Date.now() + 86_400_000).toISOString();
    expect((await list(admin, { startTime: future })).body.data.count).toBe(0);
    const past = new Date(Date.now() - 86_400_000).toISOString();
    expect((await list(admin, { endTime: past })).body.data.count).toBe(0);
    expect((await list(admin, { startTime: 'soon' })).status).toBe(400);

    const actions = await call<string[]>('GET', AUDIT_LOG_API.actions, admin);
    expect(actions.body.data).toEqual(expect.arrayContaining(['login.success', 'role.create', 'role.auth']));
    expect(actions.body.data).toEqual([...actions.body.data].sort());

    expect((await list(reader)).status).toBe(200);
    expect((await list(plain)).status).toBe(403);
    expect((await call('GET', AUDIT_LOG_API.actions, plain)).status).toBe(403);
  });

  it('exports the filtered entries as xlsx (button bizLog:export)', async () => {
    const res = await app.inject({
      method: 'GET',
      url: `${AUDIT_LOG_API.export}?action=role.create&timeZone=Asia/Shanghai`,
      headers: { token: admin, lang: 'zh-CN' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(String(res.headers['content-disposition'])).toMatch(/attachment; filename="biz-log-\d+\.xlsx"/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect(sheet?.name).toBe('用户行为日志');
    const rows: unknown[][] = [];
    sheet?.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    expect(rows[0]).toEqual(['编号', '时间', '用户', '操作', '对象', '详情', '地址']);
    const expected = (await list(admin, { action: 'role.create' })).body.data;
    expect(rows.length - 1).toBe(expected.count);
    expect(rows.slice(1).every((r) => r[3] === 'role.create')).toBe(true);
    expect(String(rows[1]?.[1])).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect(rows[1]?.[0]).toBe(expected.list[0]?.id);

    const en = await app.inject({ method: 'GET', url: AUDIT_LOG_API.export, headers: { token: admin } });
    const enBook = new ExcelJS.Workbook();
    await enBook.xlsx.load(en.rawPayload as unknown as ArrayBuffer);
    expect(enBook.worksheets[0]?.getRow(1).getCell(1).value).toBe('ID');

    expect((await call('GET', AUDIT_LOG_API.export, reader)).status).toBe(403);
    expect((await call('GET', `${AUDIT_LOG_API.export}?timeZone=Mars/Base`, admin)).status).toBe(400);
    expect((await latest(5)).map((r) => r.action)).toContain('bizLog.export');
  });

  it('cannot edit or delete entries through the API', async () => {
    const [entry] = await latest(1);
    for (const [method, url] of [
      ['PUT', AUDIT_LOG_API.list],
      ['DELETE', AUDIT_LOG_API.list],
      ['PUT', `/api/v2/backend/log/biz/${entry?.id}`],
      ['DELETE', `/api/v2/backend/log/biz/${entry?.id}`],
      ['DELETE', '/api/v2/backend/log/biz'],
      ['PUT', ROLES_API.log],
      ['DELETE', ROLES_API.log],
      ['DELETE', `/api/v2/backend/log/role/${entry?.id}`],
    ] as const) {
      const res = await app.inject({ method, url, headers: { token: admin }, payload: {} });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    const [still] = await app.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
    expect(still?.id).toBeGreaterThanOrEqual(entry?.id ?? 0);
  });
});
