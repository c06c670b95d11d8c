// Backup and restore (issue 17 §5): a round trip on the embedded database, and on PostgreSQL when
// TEST_DATABASE_URL is set (backends), plus the refusals: a tampered file, `../` and absolute
// entries, a newer migration level, a running server, missing client tools.
import { createHash } from 'node:crypto';
import {
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  backends,
  buildTestApp,
  createAccount,
  createTestDatabase,
  type TestDatabase,
} from '../test/helpers.ts';
import { createBackup } from './backup.ts';
import { FORMAT, FORMAT_VERSION, type Manifest, rowCounts } from './manifest.ts';
import { findPgTool } from './postgres-tools.ts';
import { restoreBackup } from './restore.ts';
import { embeddedFacts, walk } from './sources.ts';
import { rawTarHeader } from './tar.ts';

const sha256 = (buffer: Buffer) => createHash('sha256').update(buffer).digest('hex');
const CLIP = Buffer.concat([Buffer.from('clip-'), Buffer.alloc(70_000, 7)]);
const LOGO = Buffer.from('logo-bytes-of-the-original');
const CLIP_TIME = new Date('2026-01-02T03:04:05Z');

async function countsOf(tdb: TestDatabase, dataDir: string): Promise<Record<string, number>> {
  if (tdb.kind === 'pglite') return (await embeddedFacts(join(dataDir, 'pglite'))).rowCounts;
  const client = new pg.Client({ connectionString: tdb.url });
  await client.connect();
  try {
    return await rowCounts(async (sql) => (await client.query(sql)).rows);
  } finally {
    await client.end();
  }
}

/** Changes the data behind the backup's back (accounts deleted, the audit log emptied); the counts after. */
async function changeData(tdb: TestDatabase, dataDir: string): Promise<Record<string, number>> {
  const sql = `delete from account_role; delete from account where account_name like 'bk%'; delete from audit_log;`;
  if (tdb.kind === 'pglite') {
    const db = new PGlite(join(dataDir, 'pglite'));
    try {
      await db.exec(sql);
      return await rowCounts(async (text) => (await db.query<Record<string, unknown>>(text)).rows);
    } finally {
      await db.close();
    }
  }
  const client = new pg.Client({ connectionString: tdb.url });
  await client.connect();
  try {
    await client.query(sql);
    return await rowCounts(async (text) => (await client.query(text)).rows);
  } finally {
    await client.end();
  }
}

for (const backend of backends) {
  describe(`backup and restore (${backend})`, () => {
    let tdb: TestDatabase;
    let root: string;
    let dataDir: string;
    let backupDir: string;
    let original: Record<string, number>;
    let file: string;
    let manifest: Manifest;

    beforeAll(async () => {
      root = mkdtempSync(join(tmpdir(), 'sentinel-backup-'));
      dataDir = join(root, 'data');
      backupDir = join(root, 'backups');
      tdb = await createTestDatabase(backend);
      // The media folder is a link to another disk (here: another folder): a restore keeps it so.
      mkdirSync(join(root, 'media-disk'));
      mkdirSync(dataDir);
      symlinkSync(join(root, 'media-disk'), join(dataDir, 'media'));
      const app = await buildTestApp(tdb, { dataDir, pglite: undefined });
      for (let i = 0; i < 3; i++) await createAccount(app, { name: `bk${backend}${i}` });
      await app.close();
      mkdirSync(join(dataDir, 'media', 'alarm', '2026'), { recursive: true });
      mkdirSync(join(dataDir, 'media', 'logo'), { recursive: true });
      writeFileSync(join(dataDir, 'media', 'alarm', '2026', 'clip.mp4'), CLIP);
      writeFileSync(join(dataDir, 'media', 'logo', 'logo.png'), LOGO);
      utimesSync(join(dataDir, 'media', 'logo', 'logo.png'), CLIP_TIME, CLIP_TIME);
      original = await countsOf(tdb, dataDir);
    });

    afterAll(async () => {
      await tdb?.drop();
      rmSync(root, { recursive: true, force: true });
    });

    it('backs up the database and media into one archive with a manifest', async () => {
      const result = await createBackup({ dataDir, databaseUrl: tdb.url, backupDir });
      file = result.file;
      manifest = result.manifest;
      expect(file).toMatch(/sentinel-backup-\d{8}T\d{6}Z\.tar$/);
      expect(readdirSync(backupDir)).toEqual([file.split('/').pop()]);
      expect(manifest.mode).toBe(backend);
      expect(manifest.rowCounts).toEqual(original);
      expect(manifest.rowCounts['public.account']).toBeGreaterThanOrEqual(4);
      expect(manifest.migration.lastTag).toMatch(/^\d{4}_/);
      expect(manifest.files['media/alarm/2026/clip.mp4']).toEqual({
        size: CLIP.length,
        sha256: sha256(CLIP),
      });
      expect(manifest.mediaFiles).toBe(2);
      // No secret in the manifest: neither the connection string nor a password.
      const text = JSON.stringify(manifest);
      if (tdb.url) expect(text).not.toContain(tdb.url);
      expect(text).not.toMatch(/password|secret/i);
    });

    it('restores the database and the media as they were', async () => {
      const changed = await changeData(tdb, dataDir);
      writeFileSync(join(dataDir, 'media', 'logo', 'logo.png'), 'changed');
      rmSync(join(dataDir, 'media', 'alarm', '2026', 'clip.mp4'));
      writeFileSync(join(dataDir, 'media', 'logo', 'new.png'), 'made after the backup');
      expect(changed['public.account']).toBeLessThan(original['public.account'] ?? 0);

      const result = await restoreBackup({ file, dataDir, databaseUrl: tdb.url });
      expect(result.actions.join('\n')).toMatch(/row counts of \d+ tables match/);
      expect(await countsOf(tdb, dataDir)).toEqual(original);
      expect(sha256(readFileSync(join(dataDir, 'media', 'alarm', '2026', 'clip.mp4')))).toBe(sha256(CLIP));
      expect(readFileSync(join(dataDir, 'media', 'logo', 'logo.png'))).toEqual(LOGO);
      expect(statSync(join(dataDir, 'media', 'logo', 'logo.png')).mtimeMs).toBe(CLIP_TIME.getTime());
      expect(existsSync(join(dataDir, 'media', 'logo', 'new.png'))).toBe(false);
      // Restored onto the other disk; the replaced media are kept there, and no staging folder is left.
      expect(lstatSync(join(dataDir, 'media')).isSymbolicLink()).toBe(true);
      expect(readFileSync(join(root, 'media-disk', 'logo', 'logo.png'))).toEqual(LOGO);
      const kept = readdirSync(join(root, 'media-disk')).filter((n) => n.startsWith('.before-restore-'));
      expect(kept).toHaveLength(1);
      expect(readFileSync(join(root, 'media-disk', kept[0] ?? '', 'logo', 'new.png'), 'utf8')).toBe(
        'made after the backup',
      );
      expect(readdirSync(dataDir).some((n) => n.startsWith('.restore-'))).toBe(false);
      expect(readdirSync(join(root, 'media-disk')).some((n) => n.startsWith('.restore-'))).toBe(false);
      // The next backup leaves the kept copy out.
      expect((await walk(join(dataDir, 'media'))).files.map((f) => f.relative).sort()).toEqual([
        'alarm/2026/clip.mp4',
        'logo/logo.png',
      ]);
    });

    if (backend === 'postgres') {
      it('refuses to restore PostgreSQL while other sessions are connected', async () => {
        const client = new pg.Client({ connectionString: tdb.url });
        await client.connect();
        try {
          await expect(restoreBackup({ file, dataDir, databaseUrl: tdb.url })).rejects.toThrow(
            /1 other session\(s\) are connected/,
          );
        } finally {
          await client.end();
        }
      });
    }

    it('refuses a tampered file before replacing anything', async () => {
      const tampered = join(root, 'tampered.tar');
      const bytes = readFileSync(file);
      const at = bytes.indexOf(Buffer.from('logo-bytes-of-the-original'));
      expect(at).toBeGreaterThan(0);
      bytes[at] = 'L'.charCodeAt(0);
      writeFileSync(tampered, bytes);
      writeFileSync(join(dataDir, 'media', 'logo', 'marker.png'), 'still here');
      const before = await countsOf(tdb, dataDir);
      await expect(restoreBackup({ file: tampered, dataDir, databaseUrl: tdb.url })).rejects.toThrow(
        /Checksum mismatch for media\/logo\/logo\.png/,
      );
      expect(readFileSync(join(dataDir, 'media', 'logo', 'marker.png'), 'utf8')).toBe('still here');
      expect(await countsOf(tdb, dataDir)).toEqual(before);
      expect(readdirSync(dataDir).some((n) => n.startsWith('.restore-'))).toBe(false);
    });
  });
}

describe('backup archives: refusals', () => {
  const root = mkdtempSync(join(tmpdir(), 'sentinel-backup-refusals-'));
  const dataDir = join(root, 'data');
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  function archive(name: string, entries: { name: string; content: Buffer }[]): string {
    const path = join(root, name);
    // Built by hand so that unsafe names go in verbatim.
    const blocks: Buffer[] = [];
    for (const entry of entries) {
      blocks.push(rawTarHeader(entry.name, entry.content.length));
      blocks.push(entry.content, Buffer.alloc((512 - (entry.content.length % 512)) % 512));
    }
    blocks.push(Buffer.alloc(1024));
    writeFileSync(path, Buffer.concat(blocks));
    return path;
  }

  const manifestFor = (files: Record<string, Buffer>, lastCreatedAt = 1): Buffer =>
    Buffer.from(
      JSON.stringify({
        format: FORMAT,
        formatVersion: FORMAT_VERSION,
        createdAt: new Date().toISOString(),
        app: { name: 'Sentinel Console', version: '0.0.0' },
        mode: 'pglite',
        serverVersion: '17',
        migration: { count: 1, lastCreatedAt, lastTag: null },
        rowCounts: {},
        files: Object.fromEntries(
          Object.entries(files).map(([n, c]) => [n, { size: c.length, sha256: sha256(c) }]),
        ),
        mediaFiles: Object.keys(files).length,
        mediaBytes: 0,
      }),
    );

  it('refuses `../` and absolute entries without writing them', async () => {
    const evil = Buffer.from('evil');
    for (const name of [
      'media/../../evil.txt',
      '../evil.txt',
      '/tmp/sentinel-evil.txt',
      'database/pglite/../../../evil',
    ]) {
      const path = archive('traversal.tar', [
        { name, content: evil },
        { name: 'manifest.json', content: manifestFor({ [name]: evil }) },
      ]);
      await expect(restoreBackup({ file: path, dataDir, checkOnly: true })).rejects.toThrow(/unsafe path/);
      await expect(restoreBackup({ file: path, dataDir })).rejects.toThrow(/unsafe path/);
    }
    expect(existsSync(join(root, 'evil.txt'))).toBe(false);
    expect(existsSync(join(tmpdir(), 'evil.txt'))).toBe(false);
    expect(existsSync('/tmp/sentinel-evil.txt')).toBe(false);
  });

  it('refuses a backup from a newer migration level than the code', async () => {
    const path = archive('newer.tar', [
      { name: 'manifest.json', content: manifestFor({}, Date.now() + 365 * 86_400_000) },
    ]);
    await expect(restoreBackup({ file: path, dataDir })).rejects.toThrow(/newer version/);
  });

  it('refuses a backup of the other database mode before connecting anywhere', async () => {
    const path = archive('mode.tar', [{ name: 'manifest.json', content: manifestFor({}) }]);
    await expect(
      restoreBackup({ file: path, dataDir, databaseUrl: 'postgres://nobody@127.0.0.1:1/none' }),
    ).rejects.toThrow(/backup is of the embedded database.*unset DATABASE_URL/);
  });

  it('refuses a file that is no backup, and entries missing from the manifest', async () => {
    const stray = Buffer.from('x');
    const path = archive('stray.tar', [
      { name: 'media/stray.png', content: stray },
      { name: 'manifest.json', content: manifestFor({}) },
    ]);
    await expect(restoreBackup({ file: path, dataDir })).rejects.toThrow(/not in its manifest/);
    const notTar = join(root, 'not.tar');
    writeFileSync(notTar, Buffer.alloc(2048, 65));
    await expect(restoreBackup({ file: notTar, dataDir })).rejects.toThrow(/Not a tar archive/);
  });

  it('refuses to copy the embedded database while a server runs on it', async () => {
    mkdirSync(join(dataDir, 'pglite'), { recursive: true });
    writeFileSync(join(dataDir, 'pglite', 'PG_VERSION'), '17\n');
    // The lock file a running server holds (a live process: this test's parent).
    writeFileSync(join(dataDir, 'pglite.lock'), String(process.ppid));
    await expect(createBackup({ dataDir, backupDir: join(root, 'b') })).rejects.toThrow(
      /a server \(process \d+\) is running on the embedded database/,
    );
    expect(existsSync(join(dataDir, 'pglite.lock'))).toBe(true);
    rmSync(join(dataDir, 'pglite.lock'));
  });

  it('says what to install when the PostgreSQL client tools are missing', () => {
    expect(() => findPgTool('pg_dump', { PATH: '/nonexistent' }, [])).toThrow(
      /apt-get install postgresql-client/,
    );
  });
});
