import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The captcha code every captcha has while SENTINEL_TEST_CAPTCHA is set (tests only). */
export const TEST_CAPTCHA = 'abcd';

const repoRoot = new URL('../..', import.meta.url).pathname;

export interface RunningServer {
  url: string;
  /** Initial passwords the server printed for the seeded accounts, by account name. */
  initialPasswords: Record<string, string>;
  stop(): Promise<void>;
  /** Ends the process with SIGKILL (a crash: nothing runs on the way out) and waits for it to exit. */
  kill(): Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

async function waitForHealth(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 150_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output()}`);
    try {
      const res = await fetch(`${url}/healthz`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server did not become healthy:\n${output()}`);
}

/**
 * Parses the start-up banner: `Initial admin password: XXXX` or `Initial password for admin: XXXX`.
 */
export function parseInitialPasswords(output: string): Record<string, string> {
  const found: Record<string, string> = {};
  for (const match of output.matchAll(/initial (?:password for (\w+)|(\w+) password):[ \t]*(\S+)/gi)) {
    const account = match[1] ?? match[2];
    const password = match[3];
    if (account && password) found[account] = password;
  }
  return found;
}

export interface StartOptions {
  /**
   * Environment overrides applied last, e.g. `{ DATABASE_URL, REDIS_URL }` for instances sharing
   * a PostgreSQL database and a Redis event bus. By default both are empty (PGlite, memory bus).
   */
  env?: Record<string, string>;
  /** Use this data directory and keep it when stopped (a restart on the same data); default: a fresh one, removed. */
  dataDir?: string;
  /** Listen on this port (an instance restarted behind a proxy keeps its address); default: a free one. */
  port?: number;
}

/** Starts the real product (`server/src/main.ts`) on a free port with a fresh data directory. */
export async function startServer(options: StartOptions = {}): Promise<RunningServer> {
  const port = options.port ?? (await freePort());
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'sentinel-e2e-'));
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', join(repoRoot, 'server/src/main.ts')], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      REDIS_URL: '',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
      SENTINEL_TEST_CAPTCHA: TEST_CAPTCHA,
      // Browser tests ingest their own alarms: no simulated engine adding alarms at random.
      ALARM_SIMULATOR_SECONDS: '0',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const url = `http://127.0.0.1:${port}`;
  await waitForHealth(url, child, () => output);
  return {
    url,
    initialPasswords: parseInitialPasswords(output),
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
    async kill() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGKILL');
      await exited;
    },
  };
}
