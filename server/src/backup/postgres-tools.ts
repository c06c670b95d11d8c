// The PostgreSQL client programs a backup needs (pg_dump, pg_restore, psql): where they are, and
// how they get the connection without the password on a command line (`ps` would show it).
import { spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { delimiter, join } from 'node:path';

export type PgTool = 'pg_dump' | 'pg_restore' | 'psql';

/** PG_BIN_DIR, then PATH, then Debian's /usr/lib/postgresql/<major>/bin (newest first). */
export function findPgTool(
  tool: PgTool,
  env: NodeJS.ProcessEnv = process.env,
  fallback = debianBinDirs(),
): string {
  const dirs = [
    ...(env.PG_BIN_DIR ? [env.PG_BIN_DIR] : []),
    ...(env.PATH ?? '').split(delimiter).filter(Boolean),
    ...fallback,
  ];
  for (const dir of dirs) {
    const path = join(dir, tool);
    if (existsSync(path)) return path;
  }
  throw new Error(
    `${tool} was not found (looked in PG_BIN_DIR, PATH and /usr/lib/postgresql/*/bin). Install the PostgreSQL ` +
      'client tools — on Debian/Ubuntu `apt-get install postgresql-client` (its major version must be at ' +
      "least the server's) — or set PG_BIN_DIR to the folder holding pg_dump, pg_restore and psql.",
  );
}

function debianBinDirs(): string[] {
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return [];
  return readdirSync(base)
    .filter((v) => /^\d+$/.test(v))
    .sort((a, b) => Number(b) - Number(a))
    .map((v) => join(base, v, 'bin'));
}

/** The URL without its password (for --dbname) and the environment carrying the password. */
export function connectionFor(databaseUrl: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const url = new URL(databaseUrl);
  const password = url.password ? decodeURIComponent(url.password) : undefined;
  url.password = '';
  const env: NodeJS.ProcessEnv = { ...process.env, PGAPPNAME: 'sentinel-backup' };
  if (password !== undefined) env.PGPASSWORD = password;
  return { dbname: url.toString(), env };
}

/** Hides a URL's password in a message (a tool may echo its --dbname). */
export function redact(text: string, databaseUrl: string): string {
  const url = new URL(databaseUrl);
  return url.password ? text.replaceAll(url.password, '***') : text;
}

export interface Run {
  code: number | null;
  stderr: string;
}

/** Runs a tool to its end; stdout is ignored, stderr kept (its last 8 KB). */
export function runTool(path: string, args: string[], env: NodeJS.ProcessEnv): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(path, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString('utf8')).slice(-8192);
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stderr }));
  });
}

/** `first | second`: both must succeed. */
export function runPipe(
  first: { path: string; args: string[] },
  second: { path: string; args: string[] },
  env: NodeJS.ProcessEnv,
): Promise<{ first: Run; second: Run }> {
  return new Promise((resolve, reject) => {
    const a = spawn(first.path, first.args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    const b = spawn(second.path, second.args, { env, stdio: ['pipe', 'ignore', 'pipe'] });
    a.stdout.pipe(b.stdin);
    // psql stopping early (ON_ERROR_STOP) closes the pipe: pg_restore's EPIPE is expected then.
    b.stdin.on('error', () => undefined);
    const results: { first?: Run; second?: Run } = {};
    let errA = '';
    let errB = '';
    a.stderr.on('data', (c: Buffer) => {
      errA = (errA + c.toString('utf8')).slice(-8192);
    });
    b.stderr.on('data', (c: Buffer) => {
      errB = (errB + c.toString('utf8')).slice(-8192);
    });
    const done = () => {
      if (results.first && results.second) resolve({ first: results.first, second: results.second });
    };
    a.on('error', reject);
    b.on('error', reject);
    a.on('close', (code) => {
      results.first = { code, stderr: errA };
      done();
    });
    b.on('close', (code) => {
      results.second = { code, stderr: errB };
      done();
    });
  });
}
