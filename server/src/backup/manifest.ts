// The backup manifest (manifest.json, the archive's first entry): what the archive holds and what
// restore checks — never a secret (no connection string, no password, no signing secret).
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const MANIFEST_NAME = 'manifest.json';
export const FORMAT = 'sentinel-console-backup';
export const FORMAT_VERSION = 1;
/** The PostgreSQL dump inside the archive (pg_dump custom format). */
export const PG_DUMP_NAME = 'database/postgres.dump';
/** The embedded database's data directory inside the archive. */
export const PGLITE_PREFIX = 'database/pglite/';
export const MEDIA_PREFIX = 'media/';

export type BackupMode = 'pglite' | 'postgres';

export interface MigrationLevel {
  /** Migrations applied (rows of drizzle.__drizzle_migrations). */
  count: number;
  /** The newest applied migration's timestamp (drizzle's `created_at`, the journal's `when`). */
  lastCreatedAt: number;
  /** Its tag in the code's journal (e.g. 0025_scope_dictionary_custom), when the code knows it. */
  lastTag: string | null;
}

export interface ManifestFile {
  size: number;
  sha256: string;
}

export interface Manifest {
  format: typeof FORMAT;
  formatVersion: number;
  createdAt: string;
  app: { name: string; version: string };
  mode: BackupMode;
  /** The database server's version (`server_version`), e.g. "15.20 (Debian …)" or PGlite's. */
  serverVersion: string;
  migration: MigrationLevel;
  /** Rows per table, `schema.table` → count, taken in the same snapshot as the dump. */
  rowCounts: Record<string, number>;
  /** Every archive entry but the manifest: path → size and sha256 (media files and database). */
  files: Record<string, ManifestFile>;
  mediaFiles: number;
  mediaBytes: number;
}

const here = dirname(fileURLToPath(import.meta.url));
const repoRoot = join(here, '../../..');

export function appVersion(): string {
  const pkg = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { version?: string };
  return pkg.version ?? 'unknown';
}

interface JournalEntry {
  when: number;
  tag: string;
}

/** The migrations this code ships (server/src/db/migrations/meta/_journal.json). */
export function codeMigrations(): JournalEntry[] {
  const journal = JSON.parse(readFileSync(join(here, '../db/migrations/meta/_journal.json'), 'utf8')) as {
    entries: JournalEntry[];
  };
  return journal.entries;
}

export type Query = (sql: string) => Promise<Record<string, unknown>[]>;

/** The applied migration level (none when the migrations table is missing: an empty database). */
export async function migrationLevel(query: Query): Promise<MigrationLevel> {
  const table = await query(`select to_regclass('drizzle.__drizzle_migrations') is not null as present`);
  if (!table[0]?.present) return { count: 0, lastCreatedAt: 0, lastTag: null };
  const rows = await query(
    'select count(*)::int as count, coalesce(max(created_at), 0)::bigint as last from drizzle.__drizzle_migrations',
  );
  const count = Number(rows[0]?.count ?? 0);
  const lastCreatedAt = Number(rows[0]?.last ?? 0);
  const tag = codeMigrations().find((entry) => entry.when === lastCreatedAt)?.tag ?? null;
  return { count, lastCreatedAt, lastTag: tag };
}

export const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** Rows per table of every user schema (`schema.table`). */
export async function rowCounts(query: Query): Promise<Record<string, number>> {
  const tables = await query(
    `select table_schema as schema, table_name as name from information_schema.tables
      where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')
        and table_schema not like 'pg\\_%'
      order by 1, 2`,
  );
  const counts: Record<string, number> = {};
  for (const table of tables) {
    const schema = String(table.schema);
    const name = String(table.name);
    const rows = await query(`select count(*)::bigint as n from ${quoteIdent(schema)}.${quoteIdent(name)}`);
    counts[`${schema}.${name}`] = Number(rows[0]?.n ?? 0);
  }
  return counts;
}

const SEGMENT = /^[^/\\\0]+$/;

/**
 * Whether an archive entry name is safe to extract: relative, no `.`/`..`/empty segment, no
 * backslash or NUL, and under one of the known top-level names.
 */
export function safeEntryName(name: string): boolean {
  if (name.startsWith('/') || /^[A-Za-z]:/.test(name)) return false;
  const trimmed = name.endsWith('/') ? name.slice(0, -1) : name;
  const segments = trimmed.split('/');
  if (!segments.every((s) => SEGMENT.test(s) && s !== '.' && s !== '..')) return false;
  return (
    trimmed === MANIFEST_NAME ||
    trimmed === 'database' ||
    trimmed === 'media' ||
    trimmed === 'database/pglite' ||
    trimmed === PG_DUMP_NAME ||
    trimmed.startsWith(PGLITE_PREFIX) ||
    trimmed.startsWith(MEDIA_PREFIX)
  );
}

/** Checks the manifest's shape (a manifest of another program, or of a newer format, is refused). */
export function parseManifest(text: string): Manifest {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new Error('The archive manifest is not valid JSON');
  }
  const m = value as Partial<Manifest>;
  if (m.format !== FORMAT)
    throw new Error('This file is not a Sentinel Console backup (unknown manifest format)');
  if (typeof m.formatVersion !== 'number' || m.formatVersion > FORMAT_VERSION) {
    throw new Error(
      `The backup has format version ${String(m.formatVersion)}; this code reads up to ${FORMAT_VERSION} (update the code first)`,
    );
  }
  if (m.mode !== 'pglite' && m.mode !== 'postgres') throw new Error('The manifest names no database mode');
  if (!m.migration || typeof m.migration.lastCreatedAt !== 'number')
    throw new Error('The manifest has no migration level');
  if (!m.files || typeof m.files !== 'object' || !m.rowCounts) throw new Error('The manifest lists no files');
  for (const name of Object.keys(m.files)) {
    if (!safeEntryName(name)) throw new Error(`The manifest lists an unsafe path: ${JSON.stringify(name)}`);
  }
  return m as Manifest;
}

/** A file name for now: sentinel-backup-20261127T145501Z.tar */
export function backupFileName(date: Date): string {
  const stamp = date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');
  return `sentinel-backup-${stamp}.tar`;
}
