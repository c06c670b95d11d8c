import { CLIENT_ERROR_API } from '@sentinel/contract';
import { count } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/index.ts';
import {
  body,
  buildTestApp,
  createAccount,
  createTestDatabase,
  login,
  type TestDatabase,
} from '../../test/helpers.ts';

describe('the browser error log report', () => {
  let tdb: TestDatabase;
  let app: FastifyInstance;
  let token: string;
  const report = {
    kind: 'error',
    message: 'TypeError: cannot read properties of undefined',
    stack: 'TypeError: cannot read…\n    at AlarmTable (/assets/index.js:1:200)',
    source: '/assets/index.js:1:200',
    route: '/historyRecords/historyAlarm',
    time: '2026-11-24T08:00:00.000Z',
    userAgent: 'Mozilla/5.0',
  };
  beforeAll(async () => {
    tdb = await createTestDatabase('pglite');
    app = await buildTestApp(tdb);
    token = await login(app, await createAccount(app, { roles: ['operator'] }));
  });
  afterAll(async () => {
    await app?.close();
    await tdb?.drop();
  });
  const send = (payload: object, headers: Record<string, string> = { token }) =>
    app.inject({ method: 'POST', url: CLIENT_ERROR_API.report, headers, payload });
  const auditEntries = async () => Number((await app.db.select({ n: count() }).from(auditLog))[0]?.n ?? 0);

  it('takes a report from any logged-in user and writes no audit entry (it changes nothing)', async () => {
    const before = await auditEntries();
    const res = await send(report);
    expect(res.statusCode).toBe(200);
    expect(body(res).status).toBe(0);
    expect(await auditEntries()).toBe(before);
  });

  it('refuses oversized or malformed reports with the field, and anonymous ones', async () => {
    const long = await send({ ...report, message: 'x'.repeat(2001) });
    expect(long.statusCode).toBe(400);
    expect(body<{ fields: { field: string }[] }>(long).data.fields[0]?.field).toBe('message');
    expect((await send({ ...report, kind: 'warning' })).statusCode).toBe(400);
    expect((await send({ ...report, time: 'yesterday' })).statusCode).toBe(400);
    expect((await send(report, {})).statusCode).toBe(401);
  });
});
