// What a backup reads: the embedded database (under its lock), PostgreSQL (in one snapshot) and
// the files of a directory.
import { existsSync } from 'node:fs';
import { lstat, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { lockDataDir } from '../db/client.ts';
import { type MigrationLevel, migrationLevel, type Query, rowCounts } from './manifest.ts';
import { RESERVED_TOP_LEVEL } from './swap.ts';

export interface DatabaseFacts {
  serverVersion: string;
  migration: MigrationLevel;
  rowCounts: Record<string, number>;
}

async function facts(query: Query): Promise<DatabaseFacts> {
  const version = await query('show server_version');
  return {
    serverVersion: String(version[0]?.server_version ?? 'unknown'),
    migration: await migrationLevel(query),
    rowCounts: await rowCounts(query),
  };
}

/**
 * Takes DATA_DIR's lock (the one the server takes: a running server makes this refuse) and
 * returns its release. `action` names the refused operation in the message.
 */
export function lockEmbedded(dataDir: string, action: 'backup' | 'restore'): () => void {
  try {
    return lockDataDir(dataDir);
  } catch (error) {
    const message = (error as Error).message;
    if (!message.includes('is in use by process')) throw error;
    const pid = /process (\d+)/.exec(message)?.[1] ?? '?';
    const verb = action === 'backup' ? 'back up' : 'restore';
    throw new Error(
      `Refusing to ${verb}: a server (process ${pid}) is running on the embedded database in ${dataDir}. ` +
        `Stop it first (the embedded database allows one process at a time; a copy taken while it writes ` +
        `would be inconsistent), then run the ${action} again.`,
    );
  }
}

/** Opens DATA_DIR/pglite (the caller holds the lock), or refuses when there is no database. */
export async function openEmbedded(
  directory: string,
): Promise<{ facts: DatabaseFacts; close(): Promise<void> }> {
  if (!existsSync(join(directory, 'PG_VERSION'))) {
    throw new Error(`There is no embedded database in ${directory} (start the server once to create it)`);
  }
  const db = new PGlite(directory);
  await db.waitReady;
  const query: Query = async (sql) => (await db.query<Record<string, unknown>>(sql)).rows;
  try {
    const result = await facts(query);
    return {
      facts: result,
      // A checkpoint, then a clean shut-down: the directory on disk is complete and consistent.
      close: async () => {
        await db.exec('CHECKPOINT');
        await db.close();
      },
    };
  } catch (error) {
    await db.close().catch(() => undefined);
    throw error;
  }
}

/** Facts of a restored embedded database (to compare with the manifest). */
export async function embeddedFacts(directory: string): Promise<DatabaseFacts> {
  const opened = await openEmbedded(directory);
  await opened.close();
  return opened.facts;
}

/**
 * PostgreSQL: a read-only repeatable-read transaction exports its snapshot; the row counts are
 * taken in it and `dump(snapshot)` (pg_dump --snapshot) runs while it stays open, so the manifest
 * describes exactly the dumped data even while servers keep writing.
 */
export async function inPostgresSnapshot(
  databaseUrl: string,
  dump: (snapshot: string) => Promise<void>,
): Promise<DatabaseFacts> {
  const client = new pg.Client({ connectionString: databaseUrl, application_name: 'sentinel-backup' });
  await client.connect();
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY');
    const snapshot = String((await client.query('select pg_export_snapshot() as s')).rows[0]?.s);
    const result = await facts(async (sql) => (await client.query(sql)).rows);
    await dump(snapshot);
    await client.query('COMMIT');
    return result;
  } finally {
    await client.end().catch(() => undefined);
  }
}

export interface FoundFile {
  /** Relative to the walked directory, '/'-separated. */
  relative: string;
  absolute: string;
}

/**
 * Regular files and directories below `root` (symbolic links and special files are skipped and
 * reported through `skipped`: a backup never follows a link out of the data directory — `root`
 * itself may be one). Top-level names matching RESERVED_TOP_LEVEL (a restore's staging folder and
 * kept copies, lost+found) are left out.
 */
export async function walk(
  root: string,
  skipped: (path: string) => void = () => undefined,
): Promise<{ files: FoundFile[]; directories: string[] }> {
  const files: FoundFile[] = [];
  const directories: string[] = [];
  if (!existsSync(root)) return { files, directories };
  const visit = async (dir: string, prefix: string) => {
    const entries = await readdir(dir, { withFileTypes: true });
    entries.sort((a, b) => (a.name < b.name ? -1 : 1));
    for (const entry of entries) {
      if (!prefix && RESERVED_TOP_LEVEL.test(entry.name)) continue;
      const absolute = join(dir, entry.name);
      const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
      const stat = await lstat(absolute);
      if (stat.isDirectory()) {
        directories.push(relative);
        await visit(absolute, relative);
      } else if (stat.isFile()) {
        files.push({ relative, absolute });
      } else {
        skipped(absolute);
      }
    }
  };
  await visit(root, '');
  return { files, directories };
}
