import type { SqlQueryResult } from '@sentinel/contract';
import ExcelJS from 'exceljs';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { auditChange } from '../../platform/audit.ts';
import { AppError } from '../../platform/errors.ts';
import { checkSelect, SqlRefusal } from './guard.ts';
import { pgliteRunner, postgresRunner, type RunResult, type SqlRunner } from './runner.ts';

/** SQL text kept in an audit entry (the entry's detail is bounded; the length is kept too). */
const AUDIT_SQL_CHARS = 8_000;

export function createRunner(app: FastifyInstance): SqlRunner {
  const url = app.appConfig.databaseUrl;
  if (app.database.kind === 'postgres' && url) return postgresRunner(url, app.log);
  // PGlite: the app's own instance (drizzle's client).
  return pgliteRunner(
    (app.db as unknown as { $client: Parameters<typeof pgliteRunner>[0] }).$client,
    app.log,
  );
}

export interface SqlQueryService {
  /** Checks, runs and audits one query (`sqlQuery.run`); a refusal is audited, then thrown (400). */
  run(request: FastifyRequest, sql: string, format: 'table' | 'xlsx'): Promise<SqlQueryResult>;
  /**
   * Whether runs can take the read-only role. The role is set up on first use (the page opening or
   * a run), not at start: every instance and test app would otherwise grant on every table while
   * it starts. After a failure it is tried again at most once a minute.
   */
  ready(): Promise<boolean>;
}

/** After a failed role set-up, a run tries it again at most this often. */
const SETUP_RETRY_MS = 60_000;

export function createSqlQueryService(app: FastifyInstance, runner: SqlRunner): SqlQueryService {
  const limits = () => app.appConfig.sqlQuery;
  let lastSetup = Number.NEGATIVE_INFINITY;
  let settingUp: Promise<boolean> | undefined;
  /** The role is there, or set up now (once at a time; a database that refused may allow it later). */
  const ready = async () => {
    if (runner.available()) return true;
    if (settingUp) return settingUp;
    if (Date.now() - lastSetup < SETUP_RETRY_MS) return false;
    lastSetup = Date.now();
    settingUp = runner.setup().finally(() => {
      settingUp = undefined;
    });
    return settingUp;
  };
  return {
    ready,
    async run(request, sql, format) {
      const { maxRows, timeoutMs, pgliteMaxCost } = limits();
      const started = performance.now();
      const audit = (outcome: string, extra: Record<string, unknown>) =>
        auditChange(app, request, 'sqlQuery.run', 'sql', {
          sql: sql.length > AUDIT_SQL_CHARS ? `${sql.slice(0, AUDIT_SQL_CHARS)}…` : sql,
          sqlLength: sql.length,
          format,
          outcome,
          durationMs: Math.round(performance.now() - started),
          ...extra,
        });
      let result: RunResult;
      try {
        const checked = await checkSelect(sql, { refuseRecursive: runner.kind === 'pglite' });
        if (!(await ready())) throw new SqlRefusal('sqlQuery.unavailable');
        result = await runner.run(checked, { maxRows, timeoutMs, maxPgliteCost: pgliteMaxCost });
      } catch (error) {
        if (!(error instanceof SqlRefusal)) {
          await audit('error', { message: error instanceof Error ? error.message : String(error) });
          throw error;
        }
        const outcome =
          error.code === 'sqlQuery.timeout'
            ? 'timeout'
            : error.code === 'sqlQuery.failed'
              ? 'failed'
              : 'refused';
        await audit(outcome, { code: error.code, ...error.refusal });
        throw new AppError(error.code === 'sqlQuery.unavailable' ? 503 : 400, error.code, error.refusal);
      }
      const durationMs = Math.round(performance.now() - started);
      await audit('ok', { rows: result.rows.length, truncated: result.truncated });
      return {
        columns: result.columns,
        rows: result.rows,
        rowCount: result.rows.length,
        truncated: result.truncated,
        maxRows,
        timeoutMs,
        durationMs,
      };
    },
  };
}

/** The result as an xlsx workbook: one sheet, the column names as its header row. */
export async function resultWorkbook(result: SqlQueryResult, sql: string): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  book.created = new Date();
  const sheet = book.addWorksheet('SQL');
  sheet.addRow(result.columns.map((c) => c.name)).font = { bold: true };
  for (const row of result.rows) sheet.addRow(row);
  if (result.truncated) sheet.addRow([`… truncated at ${result.maxRows} rows`]);
  const query = book.addWorksheet('Query');
  query.addRow([sql.slice(0, 32_000)]);
  return Buffer.from(await book.xlsx.writeBuffer());
}
