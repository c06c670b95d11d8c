// `npm run backup`: see README "Backup and restore" (the work is done by server/src/backup/cli.ts;
// tsx is resolved from here, so the script also runs from another folder).
import { spawn } from 'node:child_process';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const child = spawn(
  process.execPath,
  [
    '--import',
    import.meta.resolve('tsx'),
    join(root, 'server/src/backup/cli.ts'),
    'backup',
    ...process.argv.slice(2),
  ],
  { cwd: process.cwd(), stdio: 'inherit' },
);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
