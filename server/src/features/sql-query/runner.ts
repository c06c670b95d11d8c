import type { PGlite, Transaction } from '@electric-sql/pglite';
import type { SqlCell } from '@sentinel/contract';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import { type CheckedSelect, SqlRefusal, wrapChecked } from './guard.ts';
import { type Exec, estimatedCost, READER_ROLE, readableTables, setupReaderRole, typeNames } from './repo.ts';

/**
 * The SQL page's runner (issue 15 point 2, layers 2–4). Every run:
 * - on its own connection: PostgreSQL, a client of a small pool of its own; PGlite, the app's
 *   instance inside a transaction (PGlite serialises transactions: nothing else interleaves);
 * - `BEGIN READ ONLY` (PGlite: `SET TRANSACTION READ ONLY` first thing), `SET LOCAL
 *   statement_timeout / lock_timeout / idle_in_transaction_session_timeout`, `SET LOCAL ROLE
 *   sentinel_sql_reader`, and always ROLLBACK;
 * - the checked SELECT only inside `DECLARE c NO SCROLL CURSOR FOR …` sent over the extended
 *   protocol (one statement per message), then `FETCH maxRows+1`: never more rows than that leave
 *   the database.
 * PGlite runs on this process's thread and does not honour statement_timeout (no timer signal in
 * wasm): there the planner's estimated cost is bounded instead (maxPgliteCost), and WITH RECURSIVE
 * (whose cost the planner cannot bound) is refused by the guard.
 */

export interface RunLimits {
  maxRows: number;
  timeoutMs: number;
  /** PGlite only: the largest estimated plan cost run. */
  maxPgliteCost: number;
}

export interface RunResult {
  columns: { name: string; type: string }[];
  rows: SqlCell[][];
  truncated: boolean;
  /** Rows read from the database (at most maxRows + 1). */
  fetched: number;
}

export interface SqlRunner {
  readonly kind: 'pglite' | 'postgres';
  /** Creates the role and its grants; false (and logged) when that is not possible. */
  setup(): Promise<boolean>;
  available(): boolean;
  run(checked: CheckedSelect, limits: RunLimits): Promise<RunResult>;
  tables(): Promise<{ table: string; columns: { name: string; type: string }[] }[]>;
  close(): Promise<void>;
}

/** Longest text sent per cell (the rest is cut, marked with …). */
export const CELL_MAX_CHARS = 10_000;

function cell(value: unknown): SqlCell {
  let text: string;
  if (value === null || value === undefined) return null;
  if (typeof value === 'number' || typeof value === 'boolean') return value;
  if (typeof value === 'string') text = value;
  else if (typeof value === 'bigint') text = value.toString();
  else if (value instanceof Date) text = Number.isNaN(value.getTime()) ? String(value) : value.toISOString();
  else if (value instanceof Uint8Array) text = `\\x${Buffer.from(value).toString('hex')}`;
  else text = JSON.stringify(value) ?? String(value);
  return text.length > CELL_MAX_CHARS ? `${text.slice(0, CELL_MAX_CHARS)}…` : text;
}

interface Fetched {
  fields: { name: string; dataTypeID: number }[];
  rows: unknown[][];
}

/** One read-only session: statements over the extended protocol, rows as arrays. */
type Session = { exec: Exec; fetch(text: string): Promise<Fetched> };

const sessionSettings = (limits: RunLimits) => [
  `SET LOCAL statement_timeout = ${Math.max(1, Math.floor(limits.timeoutMs))}`,
  `SET LOCAL lock_timeout = ${Math.max(1, Math.floor(limits.timeoutMs))}`,
  `SET LOCAL idle_in_transaction_session_timeout = ${Math.max(1000, Math.floor(limits.timeoutMs * 2))}`,
  `SET LOCAL ROLE ${READER_ROLE}`,
];

/** A database error's position (1-based, in the wrapped text) made relative to the caller's SQL. */
const shiftPosition =
  (prefix: string) =>
  (error: unknown): never => {
    const e = error as { position?: unknown };
    if (e && typeof e === 'object' && e.position !== undefined)
      e.position = String(Number(e.position) - prefix.length - 1);
    throw error;
  };

async function runIn(
  session: Session,
  checked: CheckedSelect,
  limits: RunLimits,
  kind: SqlRunner['kind'],
): Promise<RunResult> {
  for (const statement of sessionSettings(limits)) await session.exec(statement);
  if (kind === 'pglite') {
    const explain = 'EXPLAIN (FORMAT JSON)';
    const text = await wrapChecked(explain, 'ExplainStmt', checked);
    const cost = await estimatedCost(session.exec, text).catch(shiftPosition(explain));
    if (!(cost <= limits.maxPgliteCost))
      throw new SqlRefusal('sqlQuery.tooExpensive', {
        detail: `cost ${Math.round(cost)} > ${limits.maxPgliteCost}`,
      });
  }
  const declare = 'DECLARE sentinel_sql NO SCROLL CURSOR FOR';
  const text = await wrapChecked(declare, 'DeclareCursorStmt', checked);
  await session.exec(text).catch(shiftPosition(declare));
  const fetched = await session.fetch(`FETCH FORWARD ${limits.maxRows + 1} FROM sentinel_sql`);
  const names = await typeNames(session.exec, [...new Set(fetched.fields.map((f) => f.dataTypeID))]);
  const truncated = fetched.rows.length > limits.maxRows;
  return {
    columns: fetched.fields.map((f) => ({
      name: f.name,
      type: names.get(f.dataTypeID) ?? String(f.dataTypeID),
    })),
    rows: fetched.rows.slice(0, limits.maxRows).map((row) => row.map(cell)),
    truncated,
    fetched: fetched.rows.length,
  };
}

/** Database errors of a run: the time limit, or the database's refusal (with its text and position). */
function runError(error: unknown): never {
  if (error instanceof SqlRefusal) throw error;
  const e = error as { code?: unknown; message?: unknown; position?: unknown };
  if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) {
    if (e.code === '57014' || e.code === '55P03' || e.code === '25P03')
      throw new SqlRefusal('sqlQuery.timeout', { detail: String(e.message) });
    const position = Number(e.position);
    throw new SqlRefusal('sqlQuery.failed', {
      detail: String(e.message),
      ...(Number.isFinite(position) && position > 0 ? { position } : {}),
    });
  }
  throw error;
}

const rawText = { getTypeParser: () => (value: string) => value };

/**
 * A query config forcing the extended protocol (Parse/Bind/Execute: one statement, never a
 * simple-protocol batch) even without parameters; @types/pg does not know `queryMode` yet.
 */
function extended(text: string, values: unknown[], rowMode?: 'array'): pg.QueryConfig {
  const config: pg.QueryConfig & { queryMode: 'extended' } = {
    text,
    values,
    queryMode: 'extended',
    ...(rowMode ? { rowMode, types: rawText } : {}),
  };
  return config;
}

/** PostgreSQL: a pool of its own (2 connections), values as PostgreSQL's own text. */
export function postgresRunner(url: string, log: FastifyBaseLogger): SqlRunner {
  const pool = new pg.Pool({ connectionString: url, max: 2, idleTimeoutMillis: 30_000 });
  pool.on('error', (error) => log.warn({ err: error }, 'SQL query pool: idle connection lost'));
  let ready = false;
  const clientExec =
    (client: pg.PoolClient): Exec =>
    async (text, params = []) =>
      (await client.query(extended(text, params))).rows as Record<string, unknown>[];
  return {
    kind: 'postgres',
    async setup() {
      let client: pg.PoolClient | undefined;
      try {
        client = await pool.connect();
        const c = client;
        await setupReaderRole(clientExec(c), async (work) => {
          await c.query('BEGIN');
          try {
            await work(clientExec(c));
            await c.query('COMMIT');
          } catch (error) {
            await c.query('ROLLBACK');
            throw error;
          }
        });
        ready = true;
      } catch (error) {
        log.error({ err: error }, `SQL query page unavailable: the role ${READER_ROLE} could not be set up`);
      } finally {
        client?.release();
      }
      return ready;
    },
    available: () => ready,
    async run(checked, limits) {
      const client = await pool.connect();
      let broken: Error | undefined;
      try {
        await client.query('BEGIN READ ONLY');
        return await runIn(
          {
            exec: clientExec(client),
            fetch: async (text) => {
              const result = await client.query(extended(text, [], 'array'));
              return { fields: result.fields, rows: result.rows as unknown[][] };
            },
          },
          checked,
          limits,
          'postgres',
        );
      } catch (error) {
        return runError(error);
      } finally {
        try {
          await client.query('ROLLBACK');
        } catch (error) {
          broken = error as Error;
        }
        // A connection that could not roll back is closed, never reused.
        client.release(broken ?? false);
      }
    },
    async tables() {
      const client = await pool.connect();
      try {
        return await readableTables(clientExec(client));
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}

/** PGlite: the app's instance, one transaction per run (always rolled back). */
export function pgliteRunner(db: PGlite, log: FastifyBaseLogger): SqlRunner {
  let ready = false;
  const txExec =
    (tx: Pick<Transaction, 'query'>): Exec =>
    async (text, params = []) =>
      (await tx.query<Record<string, unknown>>(text, params)).rows;
  return {
    kind: 'pglite',
    async setup() {
      try {
        await setupReaderRole(txExec(db), (work) => db.transaction(async (tx) => work(txExec(tx))));
        ready = true;
      } catch (error) {
        log.error({ err: error }, `SQL query page unavailable: the role ${READER_ROLE} could not be set up`);
      }
      return ready;
    },
    available: () => ready,
    async run(checked, limits) {
      try {
        return await db.transaction(async (tx) => {
          try {
            await tx.query('SET TRANSACTION READ ONLY');
            return await runIn(
              {
                exec: txExec(tx),
                fetch: async (text) => {
                  const result = await tx.query<unknown[]>(text, [], { rowMode: 'array' });
                  return { fields: result.fields, rows: result.rows };
                },
              },
              checked,
              limits,
              'pglite',
            );
          } finally {
            if (!tx.closed) await tx.rollback();
          }
        });
      } catch (error) {
        return runError(error);
      }
    },
    tables: () => readableTables(txExec(db)),
    close: async () => undefined,
  };
}
