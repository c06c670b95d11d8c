/** System settings (issue 15 point 2): the read-only SQL query page — schemas, API paths, messages. */
import { z } from 'zod';

export const SQL_QUERY_API = {
  /** Runs one read-only SELECT (permission sqlQuery, admin only). */
  run: '/api/v2/backend/systemSettings/sqlQuery/run',
  /** Runs it and answers the result as an xlsx file. */
  export: '/api/v2/backend/systemSettings/sqlQuery/export',
  /** The tables and columns a query may read (the side panel). */
  tables: '/api/v2/backend/systemSettings/sqlQuery/tables',
} as const;

/** Longest SQL text accepted (longer: 400 sqlQuery.tooLong). */
export const SQL_QUERY_MAX_CHARS = 20_000;

/**
 * The body of a run or an export. The text's length is checked by the server (400
 * sqlQuery.tooLong / sqlQuery.empty with the area's own message), not here, so that the
 * refusal is audited like any other; the schema only bounds what is read at all.
 */
export const sqlQueryBody = z.object({ sql: z.string().max(1_000_000, { error: 'field.tooLong' }) });
export type SqlQueryBody = z.infer<typeof sqlQueryBody>;

/** A cell as sent: text (dates ISO, json as JSON text, bytea as \x hex), number, boolean or null. */
export const sqlCell = z.union([z.string(), z.number(), z.boolean(), z.null()]);
export type SqlCell = z.infer<typeof sqlCell>;

export const sqlQueryResult = z.object({
  columns: z.array(z.object({ name: z.string(), type: z.string() })),
  rows: z.array(z.array(sqlCell)),
  /** Rows sent (at most maxRows). */
  rowCount: z.number(),
  /** More rows existed than maxRows: only the first maxRows were read. */
  truncated: z.boolean(),
  maxRows: z.number(),
  timeoutMs: z.number(),
  durationMs: z.number(),
});
export type SqlQueryResult = z.infer<typeof sqlQueryResult>;

export const sqlQueryTables = z.object({
  list: z.array(
    z.object({
      table: z.string(),
      columns: z.array(z.object({ name: z.string(), type: z.string() })),
    }),
  ),
  /** Whether runs are possible (false: the read-only role could not be set up; see message). */
  available: z.boolean(),
  maxRows: z.number(),
  timeoutMs: z.number(),
});
export type SqlQueryTables = z.infer<typeof sqlQueryTables>;

/** Details sent with a refusal (envelope `data`): where and what. */
export const sqlQueryRefusal = z.object({
  /** 1-based character position in the SQL text (parse errors, database errors). */
  position: z.number().optional(),
  /** The refused statement, function, table or column. */
  name: z.string().optional(),
  /** The database's own error text (run errors). */
  detail: z.string().optional(),
});
export type SqlQueryRefusal = z.infer<typeof sqlQueryRefusal>;

/** This area's messages (spread into MESSAGES, messages.ts). */
export const SQL_QUERY_MESSAGES = {
  'sqlQuery.empty': { en: 'Enter a SELECT query', 'zh-CN': '请输入 SELECT 查询语句' },
  'sqlQuery.tooLong': {
    en: 'The query is too long (at most 20,000 characters)',
    'zh-CN': '查询语句过长（最多 20,000 个字符）',
  },
  'sqlQuery.parseError': { en: 'Syntax error in the query', 'zh-CN': '查询语句语法错误' },
  'sqlQuery.multipleStatements': {
    en: 'Only one statement may be run at a time',
    'zh-CN': '一次只能执行一条语句',
  },
  'sqlQuery.notAllowed': {
    en: 'Only a plain SELECT is allowed (no data changes, SELECT INTO, locking clauses or other statements)',
    'zh-CN': '只允许普通的 SELECT 查询（不允许修改数据、SELECT INTO、加锁子句或其他语句）',
  },
  'sqlQuery.forbiddenFunction': {
    en: 'This function may not be used in a query',
    'zh-CN': '查询中不允许使用该函数',
  },
  'sqlQuery.forbiddenTable': {
    en: 'This table may not be read (sessions, captchas and system credentials)',
    'zh-CN': '不允许读取该表（会话、验证码与系统凭据）',
  },
  'sqlQuery.forbiddenColumn': {
    en: 'Secret columns (password hashes, key hashes, passwords) may not be read',
    'zh-CN': '不允许读取保密列（密码哈希、密钥哈希、密码）',
  },
  'sqlQuery.secretRow': {
    en: 'Name the columns of account, engine and mail_server: * and whole rows are not allowed there',
    'zh-CN': '查询 account、engine、mail_server 时请列出列名：不允许使用 * 或整行',
  },
  'sqlQuery.recursive': {
    en: 'Recursive queries are not allowed on the embedded database',
    'zh-CN': '内嵌数据库不允许递归查询',
  },
  'sqlQuery.tooExpensive': {
    en: 'The query is estimated to take too long for the embedded database; narrow it down',
    'zh-CN': '预计该查询在内嵌数据库上耗时过长，请缩小查询范围',
  },
  'sqlQuery.timeout': {
    en: 'The query was stopped at the time limit',
    'zh-CN': '查询超过时间限制，已被终止',
  },
  'sqlQuery.failed': { en: 'The database refused the query', 'zh-CN': '数据库拒绝执行该查询' },
  'sqlQuery.unavailable': {
    en: 'SQL queries are unavailable: the read-only database role could not be set up (see the server log)',
    'zh-CN': 'SQL 查询不可用：无法创建只读数据库角色（请查看服务器日志）',
  },
} as const;
