import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
/** Drizzle database over either driver: one SQL dialect (PostgreSQL) for both. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  ping(): Promise<void>;
  close(): Promise<void>;
}

const migrationsFolder = join(dirname(fileURLToPath(import.meta.url)), 'migrations');
/** Advisory lock key so that several instances starting together migrate and seed one at a time. */
const SETUP_LOCK = 73_614_001;

export interface OpenOptions {
  databaseUrl?: string;
  dataDir: string;
  pglite?: PGlite;
}

/**
 * Open the database, apply the committed migrations and run `setup` (the seed) once, then
 * return the connection. PostgreSQL runs migrations + setup under an advisory lock.
 */
export async function openDatabase<T>(
  options: OpenOptions,
  setup: (db: Db) => Promise<T>,
): Promise<{ database: Database; setupResult: T }> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // An idle connection can be ended by the server (restart, failover, DROP … FORCE): the pool
    // replaces it, and the error must not crash the process as an unhandled 'error' event.
    pool.on('error', (error) => console.warn(`PostgreSQL: idle connection lost (${error.message})`));
    try {
      const client = await pool.connect();
      let setupResult: T;
      try {
        // The lock is held by this connection; migrations run on it, one statement at a time.
        await client.query('SELECT pg_advisory_lock($1)', [SETUP_LOCK]);
        await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
        // The seed runs on the pool while the lock is held: it issues queries concurrently
        // (Promise.all over rows), which one pg client must not be given (pg warns, and pg 9
        // refuses); the pool hands each its own connection.
        setupResult = await setup(drizzlePg(pool, { schema }) as unknown as Db);
      } finally {
        await client.query('SELECT pg_advisory_unlock($1)', [SETUP_LOCK]).catch(() => undefined);
        client.release();
      }
      const db = drizzlePg(pool, { schema });
      const database: Database = {
        db: db as unknown as Db,
        kind: 'postgres',
        ping: async () => {
          await db.execute(sql`select 1`);
        },
        close: () => pool.end(),
      };
      return { database, setupResult };
    } catch (error) {
      await pool.end().catch(() => undefined);
      throw error;
    }
  }

  let client = options.pglite;
  const ownsClient = client === undefined;
  let releaseLock: () => void = () => undefined;
  if (!client) {
    const dir = join(options.dataDir, 'pglite');
    mkdirSync(dir, { recursive: true });
    releaseLock = lockDataDir(options.dataDir);
    client = new PGlite(dir);
  }
  const pgliteClient = client;
  const db = drizzlePglite(pgliteClient, { schema });
  try {
    await migratePglite(db, { migrationsFolder });
    const setupResult = await setup(db as unknown as Db);
    const database: Database = {
      db: db as unknown as Db,
      kind: 'pglite',
      ping: async () => {
        await db.execute(sql`select 1`);
      },
      close: async () => {
        if (!pgliteClient.closed) await pgliteClient.close();
        releaseLock();
      },
    };
    return { database, setupResult };
  } catch (error) {
    if (ownsClient) await pgliteClient.close().catch(() => undefined);
    releaseLock();
    throw error;
  }
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * PGlite is single-process: a second server on the same DATA_DIR would corrupt it. A lock file
 * (DATA_DIR/pglite.lock, holding the pid) refuses that; a stale lock of a dead process is taken over.
 */
export function lockDataDir(dataDir: string): () => void {
  const path = join(dataDir, 'pglite.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(path, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(path, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const pid = Number.parseInt(readFileSync(path, 'utf8'), 10);
      if (Number.isInteger(pid) && pid !== process.pid && processAlive(pid)) {
        throw new Error(
          `The data directory ${dataDir} is in use by process ${pid} (PGlite allows one server process). ` +
            'Stop it, use another DATA_DIR, or set DATABASE_URL to share a PostgreSQL server.',
        );
      }
      rmSync(path, { force: true });
    }
  }
  throw new Error(`Could not lock ${path}`);
}
