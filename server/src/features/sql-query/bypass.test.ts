import { type Envelope, SQL_QUERY_API, type SqlQueryTables } from '@sentinel/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { backends, createAccount, login, useTestApp } from '../../test/helpers.ts';
import { uncheckedSelect } from './guard.ts';
import { createRunner } from './service.ts';

/**
 * Issue 15 point 2: known bypass attempts thrown at the SQL page through the HTTP API, on PGlite
 * and PostgreSQL. Before and after, every table of every schema outside the system catalogs is
 * counted and hashed (md5 of its rows in order), with the sequences, roles, schemas, functions,
 * large objects and database/role/system settings: nothing may change. The app's own writes of
 * the run (the audit entries, the session's last-seen time) are compared without them.
 */

type Expect = 'ok' | `sqlQuery.${string}` | 'refused';
const X = 'x'.repeat(20_001);
const ATTEMPTS: [string, Expect][] = [
  // Data-modifying CTEs, anywhere.
  ['with x as (delete from role returning id) select id from x', 'sqlQuery.notAllowed'],
  ['with x as (update account set locked = true returning id) select id from x', 'sqlQuery.notAllowed'],
  ["with x as (insert into role(name) values ('evil') returning id) select id from x", 'sqlQuery.notAllowed'],
  [
    'with a as (select 1), b as (with c as (delete from menu returning id) select id from c) select 1',
    'sqlQuery.notAllowed',
  ],
  ['select (with x as (delete from role returning id) select count(*) from x)', 'sqlQuery.notAllowed'],
  [
    'select * from (with x as (delete from audit_log returning id) select id from x) s',
    'sqlQuery.notAllowed',
  ],
  [
    'with m as (merge into role r using (select 1 as id) s on r.id = s.id when matched then delete returning r.id) select 1',
    'refused',
  ],
  // SELECT INTO, CREATE TABLE AS, locking clauses.
  ['select * into evil_copy from role', 'sqlQuery.notAllowed'],
  ['create table evil_copy as select * from role', 'sqlQuery.notAllowed'],
  ['select id from role for update', 'sqlQuery.notAllowed'],
  ['select id from role for no key update', 'sqlQuery.notAllowed'],
  ['select id from role for share', 'sqlQuery.notAllowed'],
  ['select id from role for key share nowait', 'sqlQuery.notAllowed'],
  ['select * from (select id from role for update skip locked) r', 'sqlQuery.notAllowed'],
  // COPY, SET, RESET, transaction control, multi-statements.
  ['copy role to stdout', 'sqlQuery.notAllowed'],
  ["copy role from '/etc/passwd'", 'sqlQuery.notAllowed'],
  ["copy (select 1) to program 'touch /tmp/sentinel-evil'", 'sqlQuery.notAllowed'],
  ['set transaction_read_only = off', 'sqlQuery.notAllowed'],
  ['set role postgres', 'sqlQuery.notAllowed'],
  ['reset role', 'sqlQuery.notAllowed'],
  ['reset all', 'sqlQuery.notAllowed'],
  ['set session characteristics as transaction read write', 'sqlQuery.notAllowed'],
  ['commit; delete from role', 'sqlQuery.multipleStatements'],
  ['rollback; delete from role', 'sqlQuery.multipleStatements'],
  ['commit', 'sqlQuery.notAllowed'],
  ['select 1; drop table role', 'sqlQuery.multipleStatements'],
  ['select 1;; delete from role;', 'sqlQuery.multipleStatements'],
  ['end; begin read write; delete from role', 'sqlQuery.multipleStatements'],
  // Comments, quoting and escapes that hide statements (harmless text: answered as a SELECT).
  ['select 1 /* ; delete from role */', 'ok'],
  ['select 1 -- ; delete from role', 'ok'],
  ['select 1 /* nested /* ; */ delete from role; */', 'ok'],
  ['select $$; delete from role; $$ as t', 'ok'],
  ['select $tag$ $$; delete from role; $$ $tag$ as t', 'ok'],
  ["select E'\\'; delete from role; --' as t", 'ok'],
  ["select U&'\\0027; delete from role; --' as t", 'ok'],
  ['select U&"d\\0061ta" from role', 'refused'],
  ["select 'a' -- \n; delete from role", 'sqlQuery.multipleStatements'],
  // Dangerous functions, plain, schema-qualified, quoted, in every position.
  ['select pg_catalog.pg_sleep(20)', 'sqlQuery.forbiddenFunction'],
  ['select "pg_sleep"(20)', 'sqlQuery.forbiddenFunction'],
  ['select id from role order by pg_sleep(20)', 'sqlQuery.forbiddenFunction'],
  ['select * from role, lateral (select pg_sleep_for(interval $$20 s$$)) s', 'sqlQuery.forbiddenFunction'],
  ['select id from role where id in (select 1 from pg_sleep(20))', 'sqlQuery.forbiddenFunction'],
  ['with s as (select pg_sleep(20)) select 1 from s', 'sqlQuery.forbiddenFunction'],
  ['values (pg_sleep(20))', 'sqlQuery.forbiddenFunction'],
  ["select set_config('transaction_read_only', 'off', true)", 'sqlQuery.forbiddenFunction'],
  ["select pg_catalog.set_config('role', 'postgres', false)", 'sqlQuery.forbiddenFunction'],
  ["select nextval('audit_log_id_seq')", 'sqlQuery.forbiddenFunction'],
  ["select setval('role_id_seq', 1000)", 'sqlQuery.forbiddenFunction'],
  ["select lo_import('/etc/passwd')", 'sqlQuery.forbiddenFunction'],
  ["select lo_from_bytea(0, 'evil')", 'sqlQuery.forbiddenFunction'],
  ["select dblink_exec('dbname=postgres', 'delete from role')", 'sqlQuery.forbiddenFunction'],
  ["select pg_read_file('/etc/passwd')", 'sqlQuery.forbiddenFunction'],
  ["select pg_ls_dir('.')", 'sqlQuery.forbiddenFunction'],
  ["select query_to_xml('delete from role returning id', true, true, '')", 'sqlQuery.forbiddenFunction'],
  ["select table_to_xml('account', true, true, '')", 'sqlQuery.forbiddenFunction'],
  ['select pg_terminate_backend(pg_backend_pid())', 'sqlQuery.forbiddenFunction'],
  ['select pg_cancel_backend(1)', 'sqlQuery.forbiddenFunction'],
  ['select pg_reload_conf()', 'sqlQuery.forbiddenFunction'],
  ['select pg_advisory_lock(1)', 'sqlQuery.forbiddenFunction'],
  ["select pg_notify('x', 'y')", 'sqlQuery.forbiddenFunction'],
  ['select txid_current()', 'sqlQuery.forbiddenFunction'],
  ['select pg_current_xact_id()', 'sqlQuery.forbiddenFunction'],
  ["select ts_stat('select 1')", 'sqlQuery.forbiddenFunction'],
  // Sessions, captchas and secrets.
  ['select * from session', 'sqlQuery.forbiddenTable'],
  ['select token_hash from public.session', 'sqlQuery.forbiddenTable'],
  ['select code_hash from captcha', 'sqlQuery.forbiddenTable'],
  ['select rolname, rolpassword from pg_authid', 'sqlQuery.forbiddenTable'],
  ["select most_common_vals::text from pg_stats where attname = 'password_hash'", 'sqlQuery.forbiddenTable'],
  ['select password_hash from account', 'sqlQuery.forbiddenColumn'],
  ['select a.password_hash from account a', 'sqlQuery.forbiddenColumn'],
  ['select a.* from account a', 'sqlQuery.secretRow'],
  ['select * from account', 'sqlQuery.secretRow'],
  ['table account', 'sqlQuery.secretRow'],
  ['select row_to_json(a) from account a', 'sqlQuery.secretRow'],
  ['select to_jsonb(account) from account', 'sqlQuery.secretRow'],
  ['select (a).* from account a', 'sqlQuery.secretRow'],
  ['select key_hash from engine', 'sqlQuery.forbiddenColumn'],
  ['select password from mail_server', 'sqlQuery.forbiddenColumn'],
  ['select secret, password from outbound_receiver', 'sqlQuery.forbiddenColumn'],
  ['select id, account_name from account order by id', 'ok'],
  // Other statements.
  ['explain analyze delete from role', 'sqlQuery.notAllowed'],
  ['explain (analyze) select 1', 'sqlQuery.notAllowed'],
  ['do $$ begin delete from role; end $$', 'sqlQuery.notAllowed'],
  ['call evil()', 'sqlQuery.notAllowed'],
  ['listen evil', 'sqlQuery.notAllowed'],
  ["notify evil, 'x'", 'sqlQuery.notAllowed'],
  ['prepare evil as delete from role', 'sqlQuery.notAllowed'],
  ['execute evil', 'sqlQuery.notAllowed'],
  ['declare evil cursor with hold for select 1', 'sqlQuery.notAllowed'],
  [
    "create function evil() returns int language sql as 'delete from role returning 1'",
    'sqlQuery.notAllowed',
  ],
  ["alter system set statement_timeout = '1h'", 'sqlQuery.notAllowed'],
  ['alter role current_user set default_transaction_read_only = off', 'sqlQuery.notAllowed'],
  ['create role evil superuser login', 'sqlQuery.notAllowed'],
  ['vacuum role', 'sqlQuery.notAllowed'],
  ['lock table role in access exclusive mode', 'sqlQuery.notAllowed'],
  ['truncate role cascade', 'sqlQuery.notAllowed'],
  ['grant all on account to public', 'sqlQuery.notAllowed'],
  ['checkpoint', 'sqlQuery.notAllowed'],
  ['drop table role cascade', 'sqlQuery.notAllowed'],
  ['delete from role', 'sqlQuery.notAllowed'],
  ['update account set locked = true', 'sqlQuery.notAllowed'],
  ['insert into role(name) values ($$evil$$)', 'sqlQuery.notAllowed'],
  // Bad input.
  [X, 'sqlQuery.tooLong'],
  ['', 'sqlQuery.empty'],
  ['   \n -- nothing', 'sqlQuery.empty'],
  ['selec * from role', 'sqlQuery.parseError'],
];

async function rows(app: FastifyInstance, text: string): Promise<Record<string, unknown>[]> {
  // Both drivers answer { rows } (drizzle's result type differs per driver).
  const result = (await app.db.execute(sql.raw(text))) as unknown as { rows: Record<string, unknown>[] };
  return result.rows;
}

const q = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Everything the attempts could change, as comparable text. */
async function snapshot(app: FastifyInstance, auditBefore: number): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  const tables = await rows(
    app,
    `select table_schema as s, table_name as t from information_schema.tables
      where table_schema not in ('pg_catalog', 'information_schema') and table_type = 'BASE TABLE'
      order by 1, 2`,
  );
  out.tables = JSON.stringify(tables);
  for (const { s, t } of tables as { s: string; t: string }[]) {
    const name = `${q(s)}.${q(t)}`;
    // The app's own writes of each run: new audit entries, the session's last-seen time.
    const row =
      t === 'audit_log'
        ? `(select id, action, detail from ${name} where id <= ${auditBefore}) x`
        : t === 'session'
          ? `(select token_hash, account_id, created_at, expires_at, revoked_at from ${name}) x`
          : `${name} x`;
    const [r] = await rows(
      app,
      `select count(*)::text as n, coalesce(md5(string_agg(x::text, ',' order by x::text)), '') as h from ${row}`,
    );
    out[`${s}.${t}`] = `${r?.n}:${r?.h}`;
  }
  const sets: [string, string][] = [
    [
      'sequences',
      "select schemaname, sequencename, last_value from pg_sequences where sequencename <> 'audit_log_id_seq' order by 1, 2",
    ],
    ['roles', 'select rolname, rolsuper, rolcanlogin from pg_roles order by 1'],
    ['schemas', 'select nspname from pg_namespace order by 1'],
    [
      'functions',
      "select n.nspname, p.proname from pg_proc p join pg_namespace n on n.oid = p.pronamespace where n.nspname not in ('pg_catalog', 'information_schema') order by 1, 2",
    ],
    ['largeObjects', 'select count(*)::text as n from pg_largeobject_metadata'],
    ['dbRoleSettings', 'select setdatabase, setrole, setconfig::text from pg_db_role_setting order by 1, 2'],
    ['fileSettings', 'select name, setting from pg_file_settings order by 1, 2'],
    [
      'settings',
      "select name, setting from pg_settings where name in ('default_transaction_read_only', 'statement_timeout', 'search_path') order by 1",
    ],
  ];
  for (const [key, text] of sets) out[key] = JSON.stringify(await rows(app, text));
  return out;
}

describe.each(backends)('SQL query page: bypass attempts on %s', (backend) => {
  const ctx = useTestApp(backend, {
    sqlQuery: { timeoutMs: 1_000, maxRows: 100, pgliteMaxCost: 300_000 },
    // Background writers that would change rows between the snapshots: status, queue samples.
    statusMs: 3_600_000,
    queues: { sampleMs: 3_600_000, retentionDays: 7, pileupDepth: 50, pileupAgeSeconds: 300 },
  });
  let token: string;
  let hashes: string[];
  let auditBefore: number;
  let before: Record<string, string>;
  beforeAll(async () => {
    token = await login(ctx.app, await createAccount(ctx.app, { roles: ['admin'] }));
    // The admin opens the page first: the read-only role is set up on first use, before the snapshot.
    const opened = await ctx.app.inject({ method: 'GET', url: SQL_QUERY_API.tables, headers: { token } });
    expect((opened.json() as Envelope<SqlQueryTables>).data.available).toBe(true);
    hashes = (await rows(ctx.app, 'select password_hash as h from account')).map((r) => String(r.h));
    const [max] = await rows(ctx.app, 'select coalesce(max(id), 0)::int as id from audit_log');
    auditBefore = Number(max?.id);
    before = await snapshot(ctx.app, auditBefore);
  });

  it(`throws ${ATTEMPTS.length} known bypass attempts: each refused (or harmless), no secret in any answer`, async () => {
    expect(ATTEMPTS.length).toBeGreaterThanOrEqual(50);
    const verdicts: string[] = [];
    for (const [text, expected] of ATTEMPTS) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: SQL_QUERY_API.run,
        headers: { token, lang: 'en' },
        payload: { sql: text },
      });
      for (const hash of hashes) expect(res.body).not.toContain(hash);
      expect(res.body).not.toContain('$argon2');
      const message = (res.json() as Envelope<unknown>).message;
      const got = res.statusCode === 200 ? 'ok' : `${res.statusCode} ${message}`;
      if (expected === 'ok') expect(res.statusCode, text).toBe(200);
      else expect(res.statusCode, `${text.slice(0, 80)} → ${got}`).toBe(400);
      verdicts.push(got);
    }
    expect(verdicts.filter((v) => v !== 'ok').length).toBeGreaterThanOrEqual(50);
    // Each attempt is in the audit log.
    const [after] = await rows(
      ctx.app,
      `select count(*)::int as n from audit_log where id > ${auditBefore} and action = 'sqlQuery.run'`,
    );
    expect(Number(after?.n)).toBe(ATTEMPTS.length);
  });

  it('the expected reason for each refusal', async () => {
    for (const [text, expected] of ATTEMPTS) {
      if (expected === 'ok' || expected === 'refused') continue;
      const res = await ctx.app.inject({
        method: 'POST',
        url: SQL_QUERY_API.run,
        headers: { token, lang: 'zh-CN' },
        payload: { sql: text },
      });
      const entry = await rows(
        ctx.app,
        "select detail->>'code' as code from audit_log order by id desc limit 1",
      );
      expect(entry[0]?.code, text.slice(0, 80)).toBe(expected);
      expect(res.statusCode).toBe(400);
    }
  });

  it('with the guard bypassed, the transaction and the role still refuse', async () => {
    const runner = createRunner(ctx.app);
    const limits = { maxRows: 10, timeoutMs: 1_000, maxPgliteCost: 300_000 };
    // null: may run — the ROLLBACK undoes it (the snapshot comparison below runs after this test).
    const below: [string, RegExp | null][] = [
      [
        'with x as (delete from role returning id) select id from x',
        /read-only transaction|permission denied|data-modifying/,
      ],
      [
        "with x as (insert into role(name) values ('evil') returning id) select id from x",
        /read-only transaction|permission denied|data-modifying/,
      ],
      // PostgreSQL checks SET ROLE against the session user: the role layer alone cannot stop
      // this one (the guard refuses set_config); READ ONLY and ROLLBACK still hold.
      ["select set_config('role', current_setting('session_authorization'), true)", null],
      ["select set_config('default_transaction_read_only', 'off', false)", null],
      ['select password_hash from account', /permission denied/],
      ['select row_to_json(a) from account a', /permission denied/],
      ['select a.* from account a', /permission denied/],
      ['select token_hash from session', /permission denied/],
      ['select code_hash from captcha', /permission denied/],
      ["select nextval('role_id_seq')", /permission denied|read-only transaction/],
      ["select pg_read_file('/etc/passwd')", /permission denied/],
      ["select lo_from_bytea(0, 'evil')", null],
      ['select id from role for update', /read-only transaction|permission denied|data-modifying/],
      ...(backend === 'postgres'
        ? ([['select pg_sleep(20)', /statement timeout/]] as [string, RegExp | null][])
        : []),
    ];
    try {
      expect(await runner.setup()).toBe(true);
      for (const [text, reason] of below) {
        const error = await runner.run(await uncheckedSelect(text), limits).then(
          () => null,
          (e: unknown) => e,
        );
        if (reason === null) continue;
        const detail = (error as { refusal?: { detail?: string } } | null)?.refusal?.detail;
        expect(detail, text).toMatch(reason);
      }
      // The session state did not leak either: every run is the reader role, read only.
      const check = await runner.run(
        await uncheckedSelect(
          "select current_user::text, current_setting('transaction_read_only'), current_setting('default_transaction_read_only')",
        ),
        limits,
      );
      expect(check.rows).toEqual([['sentinel_sql_reader', 'on', 'off']]);
    } finally {
      await runner.close();
    }
  });

  it('no row anywhere changed, and no table, role, schema, function or setting appeared', async () => {
    const after = await snapshot(ctx.app, auditBefore);
    expect(Object.keys(after).length).toBeGreaterThan(40);
    const changed = Object.keys({ ...before, ...after }).filter((key) => before[key] !== after[key]);
    expect(changed).toEqual([]);
    expect(after).toEqual(before);
    // The comparison sees a single changed row (the control: written, then removed).
    await rows(ctx.app, "insert into app_setting(key, value) values ('sqlQuery.control', '1')");
    expect(await snapshot(ctx.app, auditBefore)).not.toEqual(before);
    await rows(ctx.app, "delete from app_setting where key = 'sqlQuery.control'");
  });
});
