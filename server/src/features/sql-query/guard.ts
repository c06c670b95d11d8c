import { type MessageCode, SQL_QUERY_MAX_CHARS, type SqlQueryRefusal } from '@sentinel/contract';
import { loadModule, parse } from 'libpg-query';

/**
 * The SQL page's first layer (issue 15 point 2): PostgreSQL's own parser (libpg_query, wasm) and
 * a walk over the WHOLE tree that accepts exactly one plain SELECT. The other layers (a READ ONLY
 * transaction always rolled back, a time limit, the SELECT-only role) are in runner.ts; this one
 * gives the caller a clear reason before anything reaches the database.
 */

/** Tables never readable: sessions (token hashes) and captchas (codes). */
export const FORBIDDEN_TABLES = new Set(['session', 'captcha']);
/** System relations that show credentials, other sessions' SQL or column statistics (values). */
const FORBIDDEN_SYSTEM_TABLES = new Set([
  'pg_authid',
  'pg_shadow',
  'pg_user_mapping',
  'pg_user_mappings',
  'pg_statistic',
  'pg_statistic_ext_data',
  'pg_stats',
  'pg_stats_ext',
  'pg_stats_ext_exprs',
  'pg_stat_activity',
  'pg_largeobject',
  'pg_file_settings',
  'pg_hba_file_rules',
  'pg_ident_file_mappings',
]);
/** Secret columns, by table: the role lacks the column privilege, and the guard refuses the name. */
export const SECRET_COLUMNS: Readonly<Record<string, readonly string[]>> = {
  account: ['password_hash'],
  engine: ['key_hash'],
  mail_server: ['password'],
  // Data upload receivers (issue 16 §4): the webhook's signing secret, the MQTT broker's password.
  outbound_receiver: ['secret', 'password'],
};
const SECRET_COLUMN_NAMES = new Set(Object.values(SECRET_COLUMNS).flat());

/** Functions refused by exact name (any schema). */
const FORBIDDEN_FUNCTIONS = new Set([
  'set_config',
  'pg_stat_file',
  'pg_terminate_backend',
  'pg_cancel_backend',
  'pg_signal_backend',
  'pg_reload_conf',
  'pg_rotate_logfile',
  'pg_notify',
  'nextval',
  'setval',
  'lastval',
  'loread',
  'lowrite',
  'pg_current_xact_id',
  'pg_current_xact_id_if_assigned',
  'pg_export_snapshot',
  'pg_switch_wal',
  'pg_promote',
  'pg_log_backend_memory_contexts',
  'pg_import_system_collations',
  'pg_logdir_ls',
  'pg_nextoid',
  'ts_stat',
  'ts_rewrite',
  'pg_start_backup',
  'pg_stop_backup',
]);
/** Functions refused by the start of their name (any schema). */
const FORBIDDEN_FUNCTION_PREFIXES = [
  'pg_sleep',
  'lo_',
  'dblink',
  'pg_read_',
  'pg_ls_',
  'pg_advisory_',
  'pg_try_advisory_',
  'query_to_xml',
  'cursor_to_xml',
  'table_to_xml',
  'schema_to_xml',
  'database_to_xml',
  'txid_',
  'pg_logical_',
  'pg_replication_',
  'pg_create_',
  'pg_drop_',
  'pg_copy_',
  'pg_backup_',
  'pg_wal_replay_',
  'pg_stat_reset',
  'pg_file_',
  'binary_upgrade_',
];

export function isForbiddenFunction(name: string): boolean {
  const n = name.toLowerCase();
  return FORBIDDEN_FUNCTIONS.has(n) || FORBIDDEN_FUNCTION_PREFIXES.some((prefix) => n.startsWith(prefix));
}

export class SqlRefusal extends Error {
  readonly code: MessageCode;
  readonly refusal: SqlQueryRefusal;
  constructor(code: MessageCode, refusal: SqlQueryRefusal = {}) {
    super(code);
    this.name = 'SqlRefusal';
    this.code = code;
    this.refusal = refusal;
  }
}

export interface GuardOptions {
  /** Refuse WITH RECURSIVE (the embedded database, whose run time is bounded by plan cost). */
  refuseRecursive?: boolean;
}

export interface CheckedSelect {
  /** The text to run: the caller's, without a trailing semicolon. */
  sql: string;
  recursive: boolean;
  /** The checked SelectStmt without positions (to compare a wrapping statement's query with). */
  tree: string;
}

type Node = Record<string, unknown>;
const isNode = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The String node values of a name list (funcname, ColumnRef fields). */
function names(list: unknown): string[] {
  if (!Array.isArray(list)) return [];
  return list.flatMap((item) => {
    const sval = isNode(item) && isNode(item.String) ? item.String.sval : undefined;
    return typeof sval === 'string' ? [sval] : [];
  });
}

interface WalkState {
  /** Names and aliases under which a table with secret columns is read. */
  secretRefs: Set<string>;
  stars: number;
  /** ColumnRefs of one plain name (whole-row references when the name is a table or alias). */
  bareRefs: string[];
  recursive: boolean;
}

function visit(value: unknown, state: WalkState): void {
  if (Array.isArray(value)) {
    for (const item of value) visit(item, state);
    return;
  }
  if (!isNode(value)) return;
  for (const [key, child] of Object.entries(value)) {
    if (key.endsWith('Stmt') && key !== 'SelectStmt')
      throw new SqlRefusal('sqlQuery.notAllowed', { name: key });
    if (key === 'intoClause' && child) throw new SqlRefusal('sqlQuery.notAllowed', { name: 'SELECT INTO' });
    if (key === 'lockingClause' && Array.isArray(child) && child.length > 0)
      throw new SqlRefusal('sqlQuery.notAllowed', { name: 'FOR UPDATE / SHARE' });
    if (key === 'withClause' && isNode(child) && child.recursive === true) state.recursive = true;
    if (key === 'A_Star') state.stars++;
    if (key === 'FuncCall' && isNode(child)) checkFunction(names(child.funcname));
    if (key === 'RangeVar' && isNode(child)) checkTable(child, state);
    if (key === 'ColumnRef' && isNode(child)) checkColumn(names(child.fields), state);
    visit(child, state);
  }
}

function checkFunction(funcname: string[]): void {
  const name = funcname[funcname.length - 1];
  if (name !== undefined && isForbiddenFunction(name))
    throw new SqlRefusal('sqlQuery.forbiddenFunction', { name: funcname.join('.') });
}

function checkTable(rangeVar: Node, state: WalkState): void {
  const relname = typeof rangeVar.relname === 'string' ? rangeVar.relname.toLowerCase() : '';
  if (FORBIDDEN_TABLES.has(relname) || FORBIDDEN_SYSTEM_TABLES.has(relname))
    throw new SqlRefusal('sqlQuery.forbiddenTable', { name: relname });
  if (relname in SECRET_COLUMNS) {
    state.secretRefs.add(relname);
    const alias = isNode(rangeVar.alias) ? rangeVar.alias.aliasname : undefined;
    if (typeof alias === 'string') state.secretRefs.add(alias.toLowerCase());
  }
}

function checkColumn(fields: string[], state: WalkState): void {
  for (const field of fields) {
    const name = field.toLowerCase();
    if (SECRET_COLUMN_NAMES.has(name)) throw new SqlRefusal('sqlQuery.forbiddenColumn', { name: field });
    // `x.f` is a call of f(x) in PostgreSQL's attribute notation.
    if (isForbiddenFunction(name)) throw new SqlRefusal('sqlQuery.forbiddenFunction', { name: field });
  }
  const [only] = fields;
  if (fields.length === 1 && only !== undefined) state.bareRefs.push(only.toLowerCase());
}

let loaded: Promise<void> | undefined;

/** Checks `text` and answers the statement to run; throws SqlRefusal with the reason otherwise. */
export async function checkSelect(text: string, options: GuardOptions = {}): Promise<CheckedSelect> {
  if (text.length > SQL_QUERY_MAX_CHARS) throw new SqlRefusal('sqlQuery.tooLong');
  if (text.trim() === '') throw new SqlRefusal('sqlQuery.empty');
  loaded ??= loadModule();
  await loaded;
  let tree: { stmts?: unknown[] };
  try {
    tree = (await parse(text)) as { stmts?: unknown[] };
  } catch (error) {
    const details = (error as { sqlDetails?: { cursorPosition?: number } }).sqlDetails;
    const position = typeof details?.cursorPosition === 'number' ? details.cursorPosition + 1 : undefined;
    const detail = error instanceof Error ? error.message : String(error);
    throw new SqlRefusal('sqlQuery.parseError', { position, detail });
  }
  const stmts = tree.stmts ?? [];
  if (stmts.length === 0) throw new SqlRefusal('sqlQuery.empty');
  if (stmts.length > 1) throw new SqlRefusal('sqlQuery.multipleStatements');
  const [raw] = stmts;
  const stmt = isNode(raw) && isNode(raw.stmt) ? raw.stmt : undefined;
  const kind = stmt ? Object.keys(stmt)[0] : undefined;
  if (!stmt || kind !== 'SelectStmt') throw new SqlRefusal('sqlQuery.notAllowed', { name: kind });

  const state: WalkState = { secretRefs: new Set(), stars: 0, bareRefs: [], recursive: false };
  visit(tree, state);
  if (state.secretRefs.size > 0) {
    if (state.stars > 0) throw new SqlRefusal('sqlQuery.secretRow', { name: '*' });
    const whole = state.bareRefs.find((name) => state.secretRefs.has(name));
    if (whole !== undefined) throw new SqlRefusal('sqlQuery.secretRow', { name: whole });
  }
  if (state.recursive && options.refuseRecursive) throw new SqlRefusal('sqlQuery.recursive');
  return {
    sql: withoutTrailingSemicolon(text, raw),
    recursive: state.recursive,
    tree: JSON.stringify(stmt.SelectStmt, withoutPositions),
  };
}

/**
 * Tests only (the layers below the guard): `text` as a CheckedSelect when it parses to one SELECT,
 * with NO walk — what the runner alone does with a statement the guard would have refused.
 */
export async function uncheckedSelect(text: string): Promise<CheckedSelect> {
  loaded ??= loadModule();
  await loaded;
  const [raw] = ((await parse(text)) as { stmts?: unknown[] }).stmts ?? [];
  const stmt = isNode(raw) && isNode(raw.stmt) ? raw.stmt : {};
  if (!isNode(stmt.SelectStmt)) throw new SqlRefusal('sqlQuery.notAllowed');
  return { sql: text, recursive: false, tree: JSON.stringify(stmt.SelectStmt, withoutPositions) };
}

const withoutPositions = (key: string, value: unknown) =>
  key === 'location' || key === 'stmt_location' || key === 'stmt_len' ? undefined : value;

/**
 * `prefix` + the checked SELECT, verified by parsing it again: exactly one statement of `kind`
 * whose `query` is the very SELECT that was checked (nothing the prefix could make of it).
 */
export async function wrapChecked(
  prefix: string,
  kind: 'DeclareCursorStmt' | 'ExplainStmt',
  checked: CheckedSelect,
): Promise<string> {
  // The newline ends a `--` comment the SELECT may end with.
  const text = `${prefix} ${checked.sql}\n`;
  const tree = (await parse(text)) as { stmts?: unknown[] };
  const [raw, extra] = tree.stmts ?? [];
  const stmt = isNode(raw) && isNode(raw.stmt) ? raw.stmt[kind] : undefined;
  const query = isNode(stmt) && isNode(stmt.query) ? stmt.query.SelectStmt : undefined;
  if (extra !== undefined || query === undefined || JSON.stringify(query, withoutPositions) !== checked.tree)
    throw new SqlRefusal('sqlQuery.notAllowed', { name: kind });
  return text;
}

/** The statement's own text: what precedes a final `;` (comments after it are dropped too). */
function withoutTrailingSemicolon(text: string, raw: unknown): string {
  const node = isNode(raw) ? raw : {};
  const start = typeof node.stmt_location === 'number' ? node.stmt_location : 0;
  const length = typeof node.stmt_len === 'number' && node.stmt_len > 0 ? node.stmt_len : undefined;
  // stmt_location/len count bytes (UTF-8), not UTF-16 characters.
  const bytes = Buffer.from(text, 'utf8');
  const slice = length === undefined ? bytes.subarray(start) : bytes.subarray(start, start + length);
  return slice.toString('utf8');
}
