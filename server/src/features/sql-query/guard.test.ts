import { describe, expect, it } from 'vitest';
import { checkSelect, isForbiddenFunction, SqlRefusal, wrapChecked } from './guard.ts';

/** The refusal's message code (or 'ok' when accepted). */
async function verdict(sql: string, options = {}): Promise<string> {
  try {
    await checkSelect(sql, options);
    return 'ok';
  } catch (error) {
    if (error instanceof SqlRefusal) return error.code;
    throw error;
  }
}

describe('SQL guard: accepts plain SELECTs', () => {
  it.each([
    'select 1',
    'select 1;',
    '  select id, account_name from account where id > 0 order by id limit 5  ',
    'select count(*) from video_alarm',
    'with t as (select 1 as n) select n from t',
    'select a.id from account a join account_role r on r.account_id = a.id',
    'select 1 union all select 2',
    "select current_setting('server_version')",
    'values (1), (2)',
    'table camera',
    'select * from camera',
    "select $$dollar ; delete from account$$ as text, E'a\\'b'",
    'select 1 -- ; delete from account',
    'select 1 /* ; delete */',
  ])('%s', async (sql) => {
    expect(await verdict(sql)).toBe('ok');
  });

  it('answers the statement without its final semicolon, and the multi-byte text intact', async () => {
    expect((await checkSelect('select 1;')).sql).toBe('select 1');
    expect((await checkSelect("select '报警' as name;")).sql).toBe("select '报警' as name");
  });
});

describe('SQL guard: refuses', () => {
  it.each([
    ['', 'sqlQuery.empty'],
    ['  -- only a comment', 'sqlQuery.empty'],
    [';', 'sqlQuery.empty'],
    ['x'.repeat(20_001), 'sqlQuery.tooLong'],
    ['selec 1', 'sqlQuery.parseError'],
    ['select 1; select 2', 'sqlQuery.multipleStatements'],
    ['select 1; drop table account', 'sqlQuery.multipleStatements'],
    ['commit; delete from account', 'sqlQuery.multipleStatements'],
    ['delete from account', 'sqlQuery.notAllowed'],
    ['update account set locked = true', 'sqlQuery.notAllowed'],
    ['insert into role(name) values ($$x$$)', 'sqlQuery.notAllowed'],
    ['with x as (delete from account returning id) select id from x', 'sqlQuery.notAllowed'],
    ['with x as (select 1), y as (update role set name = name returning id) select 1', 'sqlQuery.notAllowed'],
    [
      'select (with x as (insert into role(name) values ($$a$$) returning id) select id from x)',
      'sqlQuery.notAllowed',
    ],
    ['select * into copy_of_role from role', 'sqlQuery.notAllowed'],
    ['create table t as select 1', 'sqlQuery.notAllowed'],
    ['select id from role for update', 'sqlQuery.notAllowed'],
    ['select id from role for no key update', 'sqlQuery.notAllowed'],
    ['select id from role for share', 'sqlQuery.notAllowed'],
    ['select id from role for key share', 'sqlQuery.notAllowed'],
    ['select id from (select id from role for update) r', 'sqlQuery.notAllowed'],
    ['copy role to stdout', 'sqlQuery.notAllowed'],
    ['set transaction_read_only = off', 'sqlQuery.notAllowed'],
    ['reset role', 'sqlQuery.notAllowed'],
    ['set session characteristics as transaction read write', 'sqlQuery.notAllowed'],
    ['begin', 'sqlQuery.notAllowed'],
    ['explain analyze delete from account', 'sqlQuery.notAllowed'],
    ['explain select 1', 'sqlQuery.notAllowed'],
    ['do $$ begin delete from role; end $$', 'sqlQuery.notAllowed'],
    ['call p()', 'sqlQuery.notAllowed'],
    ['prepare p as select 1', 'sqlQuery.notAllowed'],
    ['execute p', 'sqlQuery.notAllowed'],
    ['declare c cursor for select 1', 'sqlQuery.notAllowed'],
    ['listen x', 'sqlQuery.notAllowed'],
    ['notify x', 'sqlQuery.notAllowed'],
    ['select pg_sleep(1)', 'sqlQuery.forbiddenFunction'],
    ['select pg_catalog.pg_sleep(20)', 'sqlQuery.forbiddenFunction'],
    ['select PG_CATALOG.PG_SLEEP_FOR($$1s$$)', 'sqlQuery.forbiddenFunction'],
    ['select "pg_sleep"(1)', 'sqlQuery.forbiddenFunction'],
    ["select set_config('transaction_read_only', 'off', true)", 'sqlQuery.forbiddenFunction'],
    ['select id from role order by pg_sleep(1)', 'sqlQuery.forbiddenFunction'],
    ['select * from role, lateral (select pg_sleep(1)) s', 'sqlQuery.forbiddenFunction'],
    ['with s as (select nextval($$x$$)) select 1', 'sqlQuery.forbiddenFunction'],
    ['values (lo_import($$/etc/passwd$$))', 'sqlQuery.forbiddenFunction'],
    ["select query_to_xml('delete from role', true, true, '')", 'sqlQuery.forbiddenFunction'],
    ["select dblink_exec('x', 'delete from role')", 'sqlQuery.forbiddenFunction'],
    ["select pg_read_file('/etc/passwd')", 'sqlQuery.forbiddenFunction'],
    ['select pg_terminate_backend(1)', 'sqlQuery.forbiddenFunction'],
    ['select txid_current()', 'sqlQuery.forbiddenFunction'],
    ['select pg_advisory_lock(1)', 'sqlQuery.forbiddenFunction'],
    ["select ts_stat('select 1')", 'sqlQuery.forbiddenFunction'],
    ['select token_hash from session', 'sqlQuery.forbiddenTable'],
    ['select 1 from public.session', 'sqlQuery.forbiddenTable'],
    ['select 1 from "session"', 'sqlQuery.forbiddenTable'],
    ['select code from captcha', 'sqlQuery.forbiddenTable'],
    ['select rolpassword from pg_authid', 'sqlQuery.forbiddenTable'],
    ['select most_common_vals from pg_stats', 'sqlQuery.forbiddenTable'],
    ['select password_hash from account', 'sqlQuery.forbiddenColumn'],
    ['select a."password_hash" from account a', 'sqlQuery.forbiddenColumn'],
    ['select U&"password\\005fhash" from account', 'sqlQuery.forbiddenColumn'],
    ['select key_hash from engine', 'sqlQuery.forbiddenColumn'],
    ['select password from mail_server', 'sqlQuery.forbiddenColumn'],
    ['select secret from outbound_receiver', 'sqlQuery.forbiddenColumn'],
    ['select r.password from outbound_receiver r', 'sqlQuery.forbiddenColumn'],
    ['select * from outbound_receiver', 'sqlQuery.secretRow'],
    ['select * from account', 'sqlQuery.secretRow'],
    ['select a.* from account a', 'sqlQuery.secretRow'],
    ['select row_to_json(a) from account a', 'sqlQuery.secretRow'],
    ['select to_jsonb(account) from account', 'sqlQuery.secretRow'],
    ['select x from (select * from account) x', 'sqlQuery.secretRow'],
  ])('%s → %s', async (sql, code) => {
    expect(await verdict(sql)).toBe(code);
  });

  it('gives a parse error its 1-based position', async () => {
    const error = await checkSelect('select 1 fromm role').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SqlRefusal);
    // `fromm` is the alias of 1; `role` (character 16) is the error.
    expect((error as SqlRefusal).refusal.position).toBe(16);
  });

  it('refuses WITH RECURSIVE only where asked (PGlite)', async () => {
    const sql = 'with recursive t(n) as (select 1 union all select n + 1 from t where n < 5) select n from t';
    expect(await verdict(sql)).toBe('ok');
    expect(await verdict(sql, { refuseRecursive: true })).toBe('sqlQuery.recursive');
  });

  it('names dangerous functions by exact name and by prefix', () => {
    for (const name of [
      'pg_sleep',
      'pg_sleep_until',
      'lo_export',
      'dblink',
      'pg_ls_dir',
      'setval',
      'pg_create_restore_point',
    ])
      expect(isForbiddenFunction(name)).toBe(true);
    for (const name of ['count', 'current_setting', 'now', 'lower', 'pg_typeof', 'row_to_json'])
      expect(isForbiddenFunction(name)).toBe(false);
  });

  it('wraps a checked SELECT only when the wrapper parses to that very SELECT', async () => {
    const checked = await checkSelect('select 1 -- trailing comment');
    expect(await wrapChecked('DECLARE c NO SCROLL CURSOR FOR', 'DeclareCursorStmt', checked)).toBe(
      'DECLARE c NO SCROLL CURSOR FOR select 1 -- trailing comment\n',
    );
    await expect(wrapChecked('select 2; DECLARE c CURSOR FOR', 'DeclareCursorStmt', checked)).rejects.toThrow(
      SqlRefusal,
    );
    await expect(
      wrapChecked('DECLARE c CURSOR FOR select 2 union', 'DeclareCursorStmt', checked),
    ).rejects.toThrow(SqlRefusal);
  });
});
