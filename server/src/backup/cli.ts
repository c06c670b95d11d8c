// Command line of `npm run backup` and `npm run restore` (scripts/backup.mjs, scripts/restore.mjs).
// The database mode and DATA_DIR come from the same environment as the server's (config.ts).
import { readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { createInterface } from 'node:readline/promises';
import { loadConfig } from '../config.ts';
import { createBackup } from './backup.ts';
import { restoreBackup } from './restore.ts';

const USAGE = `Usage:
  npm run backup                        write BACKUP_DIR/sentinel-backup-<time>.tar (default ./backups)
  npm run restore -- <file> [--yes]     restore that backup (asks first unless --yes)
  npm run restore -- <file> --check     verify the archive only (manifest, level, every checksum)
  npm run restore -- <file> --force     PostgreSQL: restore although other sessions are connected`;

async function confirm(question: string): Promise<boolean> {
  if (!process.stdin.isTTY) return false;
  const rl = createInterface({ input: process.stdin, output: process.stdout });
  try {
    return (await rl.question(question)).trim().toLowerCase() === 'restore';
  } finally {
    rl.close();
  }
}

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  const flags = new Set(rest.filter((a) => a.startsWith('--')));
  const positional = rest.filter((a) => !a.startsWith('--'));
  for (const flag of flags) {
    if (!['--yes', '--check', '--force', '--help'].includes(flag)) {
      console.error(`Unknown option ${flag}\n${USAGE}`);
      return 2;
    }
  }
  if (flags.has('--help')) {
    console.log(USAGE);
    return 0;
  }
  const config = loadConfig(process.env);
  const backupDir = resolve(process.cwd(), process.env.BACKUP_DIR?.trim() || './backups');
  const log = (line: string) => console.log(line);
  const target = config.databaseUrl
    ? 'PostgreSQL (DATABASE_URL)'
    : `the embedded database in ${config.dataDir}`;

  if (command === 'backup') {
    log(`Backing up ${target} and ${config.dataDir}/media into ${backupDir}`);
    await createBackup({
      dataDir: config.dataDir,
      databaseUrl: config.databaseUrl,
      backupDir,
      appName: config.appName,
      log,
    });
    return 0;
  }
  if (command === 'restore') {
    const file = positional[0];
    if (!file) {
      let found: string[] = [];
      try {
        found = readdirSync(backupDir)
          .filter((n) => /^sentinel-backup-.*\.tar$/.test(n))
          .sort();
      } catch {
        // no backup folder: nothing to list
      }
      console.error(
        `${USAGE}\n\nBackups in ${backupDir}: ${found.length ? `\n  ${found.join('\n  ')}` : 'none'}`,
      );
      return 2;
    }
    const checkOnly = flags.has('--check');
    if (!checkOnly && !flags.has('--yes')) {
      const ok = await confirm(
        `This replaces ${target} and ${config.dataDir}/media with the backup ${file}.\nType "restore" to continue: `,
      );
      if (!ok) {
        console.error('Not restored (confirm by typing "restore", or pass --yes).');
        return 1;
      }
    }
    await restoreBackup({
      file: resolve(process.cwd(), file),
      dataDir: config.dataDir,
      databaseUrl: config.databaseUrl,
      checkOnly,
      force: flags.has('--force'),
      log,
    });
    return 0;
  }
  console.error(USAGE);
  return 2;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: Error) => {
    console.error(`${error.message}`);
    process.exit(1);
  },
);
