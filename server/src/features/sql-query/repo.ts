import { FORBIDDEN_TABLES, SECRET_COLUMNS } from './guard.ts';

/**
 * The SQL page's database role (issue 15 point 2, layer 4): SELECT only, on the product's tables
 * (schema public) except sessions and captchas, and without the secret columns (column
 * privileges). Set up at every start (new tables get their grant), under an advisory lock.
 */
export const READER_ROLE = 'sentinel_sql_reader';
const SETUP_LOCK = 73_614_015;

/** One statement on one connection (the runner's pg client or PGlite). */
export type Exec = (text: string, params?: unknown[]) => Promise<Record<string, unknown>[]>;

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

interface ColumnRow {
  table: string;
  column: string;
  type: string;
}

async function publicColumns(exec: Exec): Promise<ColumnRow[]> {
  const rows = await exec(
    `select c.table_name as "table", c.column_name as "column", c.data_type as "type"
       from information_schema.columns c
       join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
      where c.table_schema = 'public' and t.table_type in ('BASE TABLE', 'VIEW')
      order by c.table_name, c.ordinal_position`,
  );
  return rows.map((row) => ({
    table: String(row.table),
    column: String(row.column),
    type: String(row.type),
  }));
}

/** Whether a column may be read through the page (the same rule as the role's grants). */
export function readable(table: string, column?: string): boolean {
  if (FORBIDDEN_TABLES.has(table)) return false;
  return column === undefined || !(SECRET_COLUMNS[table] ?? []).includes(column);
}

/** Creates the role if missing (another instance may do so at the same moment). */
async function ensureRole(exec: Exec): Promise<void> {
  const exists = async () =>
    (await exec('select 1 from pg_roles where rolname = $1', [READER_ROLE])).length > 0;
  if (await exists()) return;
  try {
    await exec(`CREATE ROLE ${READER_ROLE} NOLOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOINHERIT`);
  } catch (error) {
    if (!(await exists())) throw error;
  }
}

/**
 * Role, membership and grants; `transaction` runs its callback in one transaction (committed).
 * Throws when the connecting user may not create roles or grant (the page then refuses runs).
 */
export async function setupReaderRole(
  exec: Exec,
  transaction: (work: (exec: Exec) => Promise<void>) => Promise<void>,
): Promise<void> {
  await ensureRole(exec);
  // A non-superuser needs membership to SET ROLE; a superuser has it anyway (errors ignored).
  await exec(`GRANT ${READER_ROLE} TO CURRENT_USER`).catch(() => undefined);
  await transaction(async (tx) => {
    await tx('select pg_advisory_xact_lock($1)', [SETUP_LOCK]);
    await tx(`REVOKE ALL ON ALL TABLES IN SCHEMA public FROM ${READER_ROLE}`);
    await tx(`GRANT USAGE ON SCHEMA public TO ${READER_ROLE}`);
    const byTable = new Map<string, string[]>();
    for (const row of await publicColumns(tx)) {
      if (!readable(row.table)) continue;
      const list = byTable.get(row.table) ?? [];
      if (readable(row.table, row.column)) list.push(row.column);
      byTable.set(row.table, list);
    }
    for (const [table, columns] of byTable) {
      const secret = SECRET_COLUMNS[table];
      if (secret) {
        for (const column of secret)
          await tx(`REVOKE SELECT (${ident(column)}) ON ${ident(table)} FROM ${READER_ROLE}`);
        if (columns.length > 0)
          await tx(`GRANT SELECT (${columns.map(ident).join(', ')}) ON ${ident(table)} TO ${READER_ROLE}`);
      } else {
        await tx(`GRANT SELECT ON ${ident(table)} TO ${READER_ROLE}`);
      }
    }
  });
  // Runs must be able to take the role: a user that is no member of it cannot (the page refuses).
  await transaction(async (tx) => {
    await tx(`SET LOCAL ROLE ${READER_ROLE}`);
    await tx('select 1');
  });
}

/** The tables and columns the page may read, for the side panel. */
export async function readableTables(
  exec: Exec,
): Promise<{ table: string; columns: { name: string; type: string }[] }[]> {
  const byTable = new Map<string, { name: string; type: string }[]>();
  for (const row of await publicColumns(exec)) {
    if (!readable(row.table, row.column)) continue;
    const list = byTable.get(row.table) ?? [];
    list.push({ name: row.column, type: row.type });
    byTable.set(row.table, list);
  }
  return [...byTable].map(([table, columns]) => ({ table, columns }));
}

/** Type names of result columns by type oid. */
export async function typeNames(exec: Exec, oids: number[]): Promise<Map<number, string>> {
  if (oids.length === 0) return new Map();
  const rows = await exec(
    'select oid::int as oid, format_type(oid, null) as name from pg_type where oid = any($1::oid[])',
    [oids],
  );
  return new Map(rows.map((row) => [Number(row.oid), String(row.name)]));
}

/** The planner's estimated total cost of a checked SELECT (EXPLAIN without ANALYZE runs nothing). */
export async function estimatedCost(exec: Exec, explain: string): Promise<number> {
  const [row] = await exec(explain);
  const plan = row ? Object.values(row)[0] : undefined;
  const parsed: unknown = typeof plan === 'string' ? JSON.parse(plan) : plan;
  const first = Array.isArray(parsed) ? (parsed[0] as { Plan?: { 'Total Cost'?: number } }) : undefined;
  return first?.Plan?.['Total Cost'] ?? Number.POSITIVE_INFINITY;
}
