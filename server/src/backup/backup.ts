// `npm run backup`: the database (PostgreSQL: pg_dump -Fc in one snapshot; embedded: its data
// directory after a clean shut-down, under the server's lock) and DATA_DIR/media in one tar file
// with a manifest (row counts, sha256 per file, app version, migration level). See README
// "Backup and restore".
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rename, rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import {
  appVersion,
  type BackupMode,
  backupFileName,
  FORMAT,
  FORMAT_VERSION,
  MANIFEST_NAME,
  type Manifest,
  type ManifestFile,
  MEDIA_PREFIX,
  PG_DUMP_NAME,
  PGLITE_PREFIX,
} from './manifest.ts';
import { connectionFor, findPgTool, redact, runTool } from './postgres-tools.ts';
import { type DatabaseFacts, inPostgresSnapshot, lockEmbedded, openEmbedded, walk } from './sources.ts';
import { TarWriter } from './tar.ts';

export interface BackupOptions {
  /** DATA_DIR (absolute): media in DATA_DIR/media, the embedded database in DATA_DIR/pglite. */
  dataDir: string;
  /** Set: back up this PostgreSQL database instead of the embedded one. */
  databaseUrl?: string;
  /** Where the archive is written (BACKUP_DIR, default ./backups). */
  backupDir: string;
  appName?: string;
  now?: Date;
  log?: (line: string) => void;
}

export interface BackupResult {
  file: string;
  manifest: Manifest;
}

export async function createBackup(options: BackupOptions): Promise<BackupResult> {
  const log = options.log ?? (() => undefined);
  const mode: BackupMode = options.databaseUrl ? 'postgres' : 'pglite';
  const backupDir = resolve(options.backupDir);
  const embedded = join(options.dataDir, 'pglite');
  if (mode === 'pglite' && !existsSync(join(embedded, 'PG_VERSION'))) {
    throw new Error(
      `There is no embedded database in ${embedded} (check DATA_DIR, or set DATABASE_URL for PostgreSQL)`,
    );
  }
  await mkdir(backupDir, { recursive: true, mode: 0o700 });
  const now = options.now ?? new Date();
  const file = join(backupDir, backupFileName(now));
  if (existsSync(file)) throw new Error(`${file} exists already`);
  const partial = `${file}.partial`;
  const work = await mkdtemp(join(backupDir, '.work-'));
  const files: Record<string, ManifestFile> = {};
  let release: () => void = () => undefined;
  let writer: TarWriter | undefined;
  try {
    writer = await TarWriter.create(partial);
    const tar = writer;
    let facts: DatabaseFacts;
    if (mode === 'postgres') {
      const url = options.databaseUrl ?? '';
      const pgDump = findPgTool('pg_dump');
      const dumpFile = join(work, 'postgres.dump');
      log(`Dumping PostgreSQL with ${pgDump} (custom format, one snapshot)…`);
      facts = await inPostgresSnapshot(url, async (snapshot) => {
        const { dbname, env } = connectionFor(url);
        const run = await runTool(
          pgDump,
          [
            '--format=custom',
            '--no-password',
            `--snapshot=${snapshot}`,
            `--file=${dumpFile}`,
            `--dbname=${dbname}`,
          ],
          env,
        );
        if (run.code !== 0) {
          const hint = run.stderr.includes('server version mismatch')
            ? " (install the client tools of the server's major version, e.g. postgresql-client-16, or set PG_BIN_DIR)"
            : '';
          throw new Error(`pg_dump failed (exit ${run.code}): ${redact(run.stderr.trim(), url)}${hint}`);
        }
      });
      files[PG_DUMP_NAME] = await tar.addFile(PG_DUMP_NAME, dumpFile);
    } else {
      release = lockEmbedded(options.dataDir, 'backup');
      const directory = embedded;
      log(`Copying the embedded database in ${directory} (the server is not running: its lock is held)…`);
      const opened = await openEmbedded(directory);
      facts = opened.facts;
      await opened.close();
      const found = await walk(directory, (path) => log(`  skipped (not a regular file): ${path}`));
      await tar.addDirectory(PGLITE_PREFIX.slice(0, -1));
      for (const dir of found.directories) await tar.addDirectory(PGLITE_PREFIX + dir);
      for (const f of found.files)
        files[PGLITE_PREFIX + f.relative] = await tar.addFile(PGLITE_PREFIX + f.relative, f.absolute);
    }

    const mediaDir = join(options.dataDir, 'media');
    log(`Archiving media files from ${mediaDir}…`);
    const media = await walk(mediaDir, (path) => log(`  skipped (not a regular file): ${path}`));
    let mediaBytes = 0;
    for (const f of media.files) {
      const entry = await tar.addFile(MEDIA_PREFIX + f.relative, f.absolute);
      files[MEDIA_PREFIX + f.relative] = entry;
      mediaBytes += entry.size;
    }
    release();
    release = () => undefined;

    const manifest: Manifest = {
      format: FORMAT,
      formatVersion: FORMAT_VERSION,
      createdAt: now.toISOString(),
      app: { name: options.appName ?? 'Sentinel Console', version: appVersion() },
      mode,
      serverVersion: facts.serverVersion,
      migration: facts.migration,
      rowCounts: facts.rowCounts,
      files,
      mediaFiles: media.files.length,
      mediaBytes,
    };
    // Last entry: it lists every other entry's checksum (restore reads the headers first to find it).
    await tar.addBuffer(MANIFEST_NAME, Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`));
    await tar.finish();
    writer = undefined;
    await rename(partial, file);
    const rows = Object.values(facts.rowCounts).reduce((a, b) => a + b, 0);
    log(
      `Backup written: ${file}\n  ${mode === 'postgres' ? 'PostgreSQL' : 'embedded database'}, migration ` +
        `${facts.migration.lastTag ?? facts.migration.count}, ${Object.keys(facts.rowCounts).length} tables, ` +
        `${rows} rows; ${media.files.length} media files (${mediaBytes} bytes)`,
    );
    return { file, manifest };
  } catch (error) {
    await writer?.abort();
    await rm(partial, { force: true });
    throw error;
  } finally {
    release();
    await rm(work, { recursive: true, force: true });
  }
}
