import { randomBytes } from 'node:crypto';
import { type Envelope, SQL_QUERY_API, type SqlQueryResult, type SqlQueryTables } from '@sentinel/contract';
import { desc, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/index.ts';
import {
  backends,
  buildTestApp,
  createAccount,
  createAccountWithPages,
  login,
  testConfig,
  useTestApp,
} from '../../test/helpers.ts';
import { checkSelect } from './guard.ts';
import { createRunner } from './service.ts';

const limits = { timeoutMs: 1_000, maxRows: 1_000, pgliteMaxCost: 300_000 };

describe.each(backends)('SQL query page on %s', (backend) => {
  const ctx = useTestApp(backend, { sqlQuery: limits });
  let token: string;
  beforeAll(async () => {
    token = await login(ctx.app, await createAccount(ctx.app, { roles: ['admin'] }));
  });
  const post = (url: string, sql: string, lang = 'en', t = token) =>
    ctx.app.inject({ method: 'POST', url, headers: { token: t, lang }, payload: { sql } });
  const run = async (sql: string, lang = 'en') => {
    const res = await post(SQL_QUERY_API.run, sql, lang);
    return { status: res.statusCode, body: res.json() as Envelope<SqlQueryResult> };
  };

  it('runs a SELECT: columns with their types, rows, duration; audited as sqlQuery.run', async () => {
    const { status, body } = await run("select 1::int as n, 'a' as s, null as z, true as b order by 1");
    expect(status).toBe(200);
    expect(body.data.columns).toEqual([
      { name: 'n', type: 'integer' },
      { name: 's', type: 'text' },
      { name: 'z', type: 'text' },
      { name: 'b', type: 'boolean' },
    ]);
    expect(body.data.rows).toHaveLength(1);
    expect(body.data.rows[0]?.[2]).toBeNull();
    expect(body.data).toMatchObject({ rowCount: 1, truncated: false, maxRows: 1000, timeoutMs: 1000 });
    const [entry] = await ctx.app.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'sqlQuery.run'))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(entry?.detail).toMatchObject({ outcome: 'ok', rows: 1, truncated: false, format: 'table' });
    const detail = (entry?.detail ?? {}) as { sql?: string; durationMs?: unknown };
    expect(detail.sql).toContain("'a' as s");
    expect(typeof detail.durationMs).toBe('number');
  });

  it('reads the product tables, duplicate column names included', async () => {
    const { status, body } = await run('select id, name, id from role order by id');
    expect(status).toBe(200);
    expect(body.data.columns.map((c) => c.name)).toEqual(['id', 'name', 'id']);
    expect(body.data.rows.length).toBeGreaterThan(0);
  });

  it('refusals answer 400 with the reason in both languages, and are audited', async () => {
    const en = await run('delete from role');
    expect(en.status).toBe(400);
    expect(en.body.message).toBe(
      'Only a plain SELECT is allowed (no data changes, SELECT INTO, locking clauses or other statements)',
    );
    const zh = await run('select 1; select 2', 'zh-CN');
    expect(zh.status).toBe(400);
    expect(zh.body.message).toBe('一次只能执行一条语句');
    const parse = await run('select 1 fromm role');
    expect(parse.body.data).toMatchObject({ position: 16 });
    const [entry] = await ctx.app.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'sqlQuery.run'))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(entry?.detail).toMatchObject({ outcome: 'refused', code: 'sqlQuery.parseError', position: 16 });
  });

  it("a database error answers 400 with the database's text and position", async () => {
    const { status, body } = await run('select no_such_column from role');
    expect(status).toBe(400);
    expect(body.message).toBe('The database refused the query');
    expect((body.data as unknown as { detail: string }).detail).toContain('no_such_column');
    expect((body.data as unknown as { position: number }).position).toBe(8);
  });

  it('a CPU-heavy query is stopped at the time limit (PGlite: refused by its plan cost)', async () => {
    const started = Date.now();
    const { status, body } = await run('select count(*) from generate_series(1, 200000000)');
    expect(status).toBe(400);
    expect(body.message).toBe(
      backend === 'postgres'
        ? 'The query was stopped at the time limit'
        : 'The query is estimated to take too long for the embedded database; narrow it down',
    );
    expect(Date.now() - started).toBeLessThan(8_000);
    // The connection is usable again at once.
    expect((await run('select 1')).status).toBe(200);
  });

  it('a 1,000,000-row result answers the first maxRows, truncated, fetching only maxRows + 1', async () => {
    const heapBefore = process.memoryUsage().heapUsed;
    const { status, body } = await run('select g from generate_series(1, 1000000) g');
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ rowCount: 1000, truncated: true });
    expect(body.data.rows.at(-1)).toEqual(backend === 'postgres' ? ['1000'] : [1000]);
    expect(process.memoryUsage().heapUsed - heapBefore).toBeLessThan(150 * 1024 * 1024);
    // The runner itself: what left the database.
    const runner = createRunner(ctx.app);
    try {
      expect(await runner.setup()).toBe(true);
      const result = await runner.run(await checkSelect('select g from generate_series(1, 1000000) g'), {
        maxRows: 1000,
        timeoutMs: 5_000,
        maxPgliteCost: limits.pgliteMaxCost,
      });
      expect(result.fetched).toBe(1001);
    } finally {
      await runner.close();
    }
  });

  it('exports the result as a real xlsx with the header row', async () => {
    const res = await post(
      SQL_QUERY_API.export,
      "select id, name as role_name from role where name = 'admin'",
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="sql-query-.+\.xlsx"/);
    expect(res.rawPayload.subarray(0, 4)).toEqual(Buffer.from([0x50, 0x4b, 0x03, 0x04]));
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.getWorksheet('SQL');
    expect(sheet?.getRow(1).values).toEqual([undefined, 'id', 'role_name']);
    expect(sheet?.getRow(2).getCell(2).value).toBe('admin');
    const refused = await post(SQL_QUERY_API.export, 'select pg_sleep(1)');
    expect(refused.statusCode).toBe(400);
  });

  it('lists the readable tables and columns, without sessions, captchas and secret columns', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: SQL_QUERY_API.tables, headers: { token } });
    expect(res.statusCode).toBe(200);
    const data = (res.json() as Envelope<SqlQueryTables>).data;
    expect(data.available).toBe(true);
    const tables = new Map(data.list.map((t) => [t.table, t.columns.map((c) => c.name)]));
    expect(tables.has('session')).toBe(false);
    expect(tables.has('captcha')).toBe(false);
    expect(tables.get('account')).toContain('account_name');
    expect(tables.get('account')).not.toContain('password_hash');
    expect(tables.get('engine')).not.toContain('key_hash');
  });

  it('is for administrators only: another account, even with other pages, gets 403', async () => {
    const other = await login(ctx.app, await createAccountWithPages(ctx.app, ['bizLog']));
    for (const url of [SQL_QUERY_API.run, SQL_QUERY_API.export])
      expect((await post(url, 'select 1', 'en', other)).statusCode).toBe(403);
    const tables = await ctx.app.inject({
      method: 'GET',
      url: SQL_QUERY_API.tables,
      headers: { token: other },
    });
    expect(tables.statusCode).toBe(403);
    expect(testConfig().sqlQuery).toEqual({ timeoutMs: 10_000, maxRows: 1_000, pgliteMaxCost: 300_000 });
  });
});

async function admin(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/**
 * PostgreSQL only (PGlite has a single superuser): connected as a user that may neither create
 * the read-only role nor take it, the page refuses every run (503) instead of running without it.
 */
describe.each(backends.filter((b) => b === 'postgres'))('SQL query page without its role on %s', () => {
  const suffix = randomBytes(5).toString('hex');
  const user = `sentinel_plain_${suffix}`;
  const database = `sentinel_test_plain_${suffix}`;
  let app: FastifyInstance;
  let token: string;
  beforeAll(async () => {
    await admin(`CREATE ROLE ${user} LOGIN NOSUPERUSER NOCREATEROLE NOCREATEDB`);
    await admin(`CREATE DATABASE ${database} OWNER ${user}`);
    const url = new URL(process.env.TEST_DATABASE_URL ?? '');
    url.username = user;
    url.pathname = `/${database}`;
    app = await buildTestApp({ kind: 'postgres', url: url.toString(), drop: async () => undefined });
    token = await login(app, await createAccount(app, { roles: ['admin'] }));
  });
  afterAll(async () => {
    await app?.close();
    await admin(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await admin(`DROP ROLE IF EXISTS ${user}`);
  });

  it('answers 503 sqlQuery.unavailable, audited, and the side panel says so', async () => {
    const res = await app.inject({
      method: 'POST',
      url: SQL_QUERY_API.run,
      headers: { token, lang: 'en' },
      payload: { sql: 'select 1' },
    });
    expect(res.statusCode).toBe(503);
    expect((res.json() as Envelope<unknown>).message).toContain('SQL queries are unavailable');
    const [entry] = await app.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'sqlQuery.run'))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(entry?.detail).toMatchObject({ outcome: 'refused', code: 'sqlQuery.unavailable' });
    const tables = await app.inject({ method: 'GET', url: SQL_QUERY_API.tables, headers: { token } });
    expect((tables.json() as Envelope<SqlQueryTables>).data.available).toBe(false);
  });
});
