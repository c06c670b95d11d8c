// `npm run restore -- <file>`: checks the archive (names, types, manifest, migration level, every
// sha256) into a staging folder before anything is replaced, then swaps the embedded database and
// media in (the previous ones are kept beside them) or restores PostgreSQL in one transaction.
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, open, rm, utimes } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import pg from 'pg';
import {
  type BackupMode,
  codeMigrations,
  MANIFEST_NAME,
  type Manifest,
  MEDIA_PREFIX,
  PG_DUMP_NAME,
  PGLITE_PREFIX,
  parseManifest,
  quoteIdent,
  safeEntryName,
} from './manifest.ts';
import { connectionFor, findPgTool, redact, runPipe } from './postgres-tools.ts';
import { embeddedFacts, lockEmbedded } from './sources.ts';
import { prepareSwap, type SwapTarget } from './swap.ts';
import { readTar } from './tar.ts';

export interface RestoreOptions {
  file: string;
  dataDir: string;
  databaseUrl?: string;
  /** Only verify the archive (names, manifest, level, checksums); replace nothing. */
  checkOnly?: boolean;
  /** PostgreSQL: restore although other sessions are connected to the database. */
  force?: boolean;
  log?: (line: string) => void;
}

export interface RestoreResult {
  manifest: Manifest;
  /** What was done, one line each (also logged). */
  actions: string[];
}

const MAX_MANIFEST_BYTES = 64 * 1024 * 1024;

/** Pass 1, headers only: every name and type is checked and the manifest read. */
async function readManifest(file: string): Promise<{ manifest: Manifest; entries: Set<string> }> {
  const entries = new Set<string>();
  let manifestText: string | undefined;
  await readTar(file, async (entry, content) => {
    if (!safeEntryName(entry.name)) {
      throw new Error(
        `The archive holds an unsafe path ${JSON.stringify(entry.name)} (absolute, '..' or unknown)`,
      );
    }
    if (entry.type !== '0') return;
    if (entries.has(entry.name)) throw new Error(`The archive holds ${entry.name} twice`);
    entries.add(entry.name);
    if (entry.name === MANIFEST_NAME) {
      if (entry.size > MAX_MANIFEST_BYTES) throw new Error('The archive manifest is too large');
      const parts: Buffer[] = [];
      for await (const chunk of content) parts.push(chunk);
      manifestText = Buffer.concat(parts).toString('utf8');
    }
  });
  if (manifestText === undefined)
    throw new Error(`No ${MANIFEST_NAME} in the archive: not a Sentinel Console backup`);
  entries.delete(MANIFEST_NAME);
  return { manifest: parseManifest(manifestText), entries };
}

function checkLevel(manifest: Manifest): void {
  const code = codeMigrations();
  const codeLast = Math.max(0, ...code.map((entry) => entry.when));
  if (manifest.migration.lastCreatedAt > codeLast || manifest.migration.count > code.length) {
    throw new Error(
      `The backup comes from a newer version: its database has ${manifest.migration.count} migrations ` +
        `(the newest from ${new Date(manifest.migration.lastCreatedAt).toISOString()}), this code knows ` +
        `${code.length} (up to ${code.at(-1)?.tag ?? 'none'}). Install the version that made it (app ` +
        `${manifest.app.version}) or newer, then restore.`,
    );
  }
}

/** Where the verified entries go: the dump file, and the staging folders of the two trees. */
interface StagingPlaces {
  dump: string;
  pglite: string;
  media: string;
}

/** Where an entry goes (undefined: not extracted). */
function stagedPath(places: StagingPlaces, name: string): string | undefined {
  if (name === PG_DUMP_NAME) return places.dump;
  let root: string;
  let relative: string;
  if (name.startsWith(PGLITE_PREFIX)) [root, relative] = [places.pglite, name.slice(PGLITE_PREFIX.length)];
  else if (name.startsWith(MEDIA_PREFIX)) [root, relative] = [places.media, name.slice(MEDIA_PREFIX.length)];
  else return undefined;
  const path = resolve(root, relative.replace(/\/$/, '') || '.');
  // Belt and braces: safeEntryName already refused '..' and absolute names.
  if (path !== root && !path.startsWith(root + sep)) throw new Error(`Unsafe path ${JSON.stringify(name)}`);
  return path;
}

/** Pass 2: every entry into the staging folder, its size and sha256 checked against the manifest. */
async function extractVerified(file: string, manifest: Manifest, places: StagingPlaces): Promise<void> {
  await readTar(file, async (entry, content) => {
    if (entry.name === MANIFEST_NAME) return;
    const target = stagedPath(places, entry.name);
    if (!target) return;
    if (entry.type === '5') {
      await mkdir(target, { recursive: true, mode: 0o700 });
      return;
    }
    const expected = manifest.files[entry.name];
    if (!expected) throw new Error(`${entry.name} is in the archive but not in its manifest`);
    await mkdir(dirname(target), { recursive: true, mode: 0o700 });
    const hash = createHash('sha256');
    const handle = await open(target, 'wx', 0o600);
    let size = 0;
    try {
      for await (const chunk of content) {
        hash.update(chunk);
        size += chunk.length;
        await handle.write(chunk);
      }
    } finally {
      await handle.close();
    }
    // The files keep their times (retention and orphan sweeps look at them).
    await utimes(target, new Date(), new Date(entry.mtimeMs));
    const sha256 = hash.digest('hex');
    if (size !== expected.size || sha256 !== expected.sha256) {
      throw new Error(
        `Checksum mismatch for ${entry.name} (manifest ${expected.sha256.slice(0, 12)}…, archive ${sha256.slice(0, 12)}…): ` +
          'the backup is damaged or was altered',
      );
    }
  });
}

const stamp = () =>
  new Date()
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');

function compareCounts(expected: Record<string, number>, actual: Record<string, number>): string[] {
  const problems: string[] = [];
  for (const [table, count] of Object.entries(expected)) {
    if (actual[table] !== count)
      problems.push(`${table}: ${actual[table] ?? 'missing'} rows, expected ${count}`);
  }
  return problems;
}

async function otherSessions(databaseUrl: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl, application_name: 'sentinel-restore' });
  await client.connect();
  try {
    const result = await client.query(
      'select count(*)::int as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
    );
    return Number(result.rows[0]?.n ?? 0);
  } finally {
    await client.end();
  }
}

/**
 * PostgreSQL: `pg_restore -f - | psql --single-transaction`: the user schemas are dropped, the dump
 * replayed and the row counts checked in one transaction — any error leaves the database as it was.
 */
async function restorePostgres(databaseUrl: string, dumpFile: string, manifest: Manifest): Promise<void> {
  const pgRestore = findPgTool('pg_restore');
  const psql = findPgTool('psql');
  const schemas = new Set([
    'public',
    'drizzle',
    ...Object.keys(manifest.rowCounts).map((t) => t.split('.')[0] ?? ''),
  ]);
  schemas.delete('');
  const before = [
    'SET client_min_messages = warning;',
    ...[...schemas].map((s) => `DROP SCHEMA IF EXISTS ${quoteIdent(s)} CASCADE;`),
    'CREATE SCHEMA public;',
    'GRANT USAGE ON SCHEMA public TO PUBLIC;',
  ].join('\n');
  const checks = Object.entries(manifest.rowCounts)
    .map(([table, count]) => {
      const [schema = '', ...rest] = table.split('.');
      const name = `${quoteIdent(schema)}.${quoteIdent(rest.join('.'))}`;
      const literal = table.replaceAll("'", "''");
      return `IF (SELECT count(*) FROM ${name}) <> ${Number(count)} THEN RAISE EXCEPTION 'row count of % differs from the manifest', '${literal}'; END IF;`;
    })
    .join('\n');
  const { dbname, env } = connectionFor(databaseUrl);
  const result = await runPipe(
    { path: pgRestore, args: ['--no-owner', '--no-privileges', '--file=-', dumpFile] },
    {
      path: psql,
      args: [
        '--no-psqlrc',
        '--quiet',
        '--no-password',
        '--set=ON_ERROR_STOP=1',
        '--single-transaction',
        `--dbname=${dbname}`,
        `--command=${before}`,
        '--file=-',
        `--command=DO $check$ BEGIN\n${checks}\nEND $check$;`,
      ],
    },
    env,
  );
  if (result.second.code !== 0 || result.first.code !== 0) {
    const detail = redact(`${result.first.stderr}\n${result.second.stderr}`.trim(), databaseUrl);
    throw new Error(
      `The PostgreSQL restore failed and was rolled back (the database is unchanged): ${detail}`,
    );
  }
}

export async function restoreBackup(options: RestoreOptions): Promise<RestoreResult> {
  const log = options.log ?? (() => undefined);
  const actions: string[] = [];
  const say = (line: string) => {
    actions.push(line);
    log(line);
  };
  const file = resolve(options.file);
  if (!existsSync(file)) throw new Error(`No such backup: ${file}`);
  const mode: BackupMode = options.databaseUrl ? 'postgres' : 'pglite';

  const { manifest, entries } = await readManifest(file);
  if (manifest.mode !== mode) {
    throw new Error(
      `The backup is of ${manifest.mode === 'postgres' ? 'a PostgreSQL database' : 'the embedded database'}, but ` +
        `this configuration uses ${mode === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : 'the embedded database (no DATABASE_URL)'}: ` +
        `${manifest.mode === 'postgres' ? 'set' : 'unset'} DATABASE_URL to restore it.`,
    );
  }
  checkLevel(manifest);
  for (const name of Object.keys(manifest.files)) {
    if (!entries.has(name)) throw new Error(`${name} is listed in the manifest but missing from the archive`);
  }
  for (const name of entries) {
    if (!manifest.files[name]) throw new Error(`${name} is in the archive but not in its manifest`);
  }
  say(
    `Backup ${file}: made ${manifest.createdAt} by ${manifest.app.name} ${manifest.app.version}, ` +
      `migration ${manifest.migration.lastTag ?? manifest.migration.count}, ${Object.keys(manifest.files).length} files.`,
  );

  const dataDir = resolve(options.dataDir);
  await mkdir(dataDir, { recursive: true });
  let release: () => void = () => undefined;
  if (mode === 'pglite' && !options.checkOnly) release = lockEmbedded(dataDir, 'restore');
  if (mode === 'postgres' && !options.checkOnly && !options.force) {
    const sessions = await otherSessions(options.databaseUrl ?? '');
    if (sessions > 0) {
      throw new Error(
        `Refusing to restore: ${sessions} other session(s) are connected to the database (running servers?). ` +
          'Stop every server instance first, or pass --force.',
      );
    }
  }
  const suffix = stamp();
  // The dump and a check-only run use a folder in DATA_DIR; the trees are staged inside their own
  // folders (see swap.ts), so that the swap is a rename on one file system.
  const scratch = join(dataDir, `.restore-${suffix}`);
  await mkdir(scratch, { mode: 0o700 });
  const targets: SwapTarget[] = [];
  const target = async (live: string) => {
    const prepared = await prepareSwap(live, suffix);
    targets.push(prepared);
    return prepared;
  };
  try {
    const database =
      mode === 'pglite' && !options.checkOnly ? await target(join(dataDir, 'pglite')) : undefined;
    const media = options.checkOnly ? undefined : await target(join(dataDir, 'media'));
    await extractVerified(file, manifest, {
      dump: join(scratch, 'postgres.dump'),
      pglite: database?.staging ?? join(scratch, 'pglite'),
      media: media?.staging ?? join(scratch, 'media'),
    });
    say(`Verified: every file's size and sha256 match the manifest (${manifest.mediaFiles} media files).`);
    if (!media) {
      say('Check only: nothing was replaced.');
      return { manifest, actions };
    }

    const tables = Object.keys(manifest.rowCounts).length;
    if (database) {
      const kept = await database.commit();
      const problems = await embeddedFacts(join(dataDir, 'pglite'))
        .then((facts) => compareCounts(manifest.rowCounts, facts.rowCounts))
        .catch((error: Error) => [`the restored database does not open: ${error.message}`]);
      if (problems.length > 0) {
        await database.undo();
        throw new Error(
          `The restored database differs from the manifest; the previous one is back. ${problems.join('; ')}`,
        );
      }
      say(
        `Embedded database restored into ${join(dataDir, 'pglite')}; row counts of ${tables} tables match.` +
          (kept ? ` The previous one is kept in ${kept}.` : ''),
      );
    } else {
      await restorePostgres(options.databaseUrl ?? '', join(scratch, 'postgres.dump'), manifest);
      say(
        `PostgreSQL database restored (pg_restore in one transaction); row counts of ${tables} tables match.`,
      );
    }
    const keptMedia = await media.commit();
    say(
      `Media restored into ${join(dataDir, 'media')} (${manifest.mediaFiles} files, ${manifest.mediaBytes} bytes).` +
        (keptMedia ? ` The previous media are kept in ${keptMedia}.` : ''),
    );
    say('Start the server: it applies the migrations this code adds since the backup, if any.');
    return { manifest, actions };
  } finally {
    for (const t of targets) await t.cleanup();
    await rm(scratch, { recursive: true, force: true });
    release();
  }
}
