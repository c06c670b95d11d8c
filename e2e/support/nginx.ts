import { type ChildProcess, spawn } from 'node:child_process';
import { connect } from 'node:net';
import { join } from 'node:path';

export const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';

export interface RunningNginx {
  process: ChildProcess;
  /** What nginx wrote to stderr so far. */
  log: () => string;
  /** Resolves once 127.0.0.1:`port` accepts connections; rejects after 15 s or when nginx exited. */
  waitForPort: (port: number) => Promise<void>;
  /** Graceful stop (SIGQUIT), waiting for the exit. */
  stop: () => Promise<void>;
}

/** Runs Debian's nginx in the foreground on `work/nginx.conf` (prefix `work`). */
export function runNginx(work: string): RunningNginx {
  const child = spawn(NGINX, ['-p', work, '-c', join(work, 'nginx.conf'), '-g', 'daemon off;'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    log += chunk.toString();
  });
  const waitForPort = (port: number) => {
    const deadline = Date.now() + 15_000;
    return new Promise<void>((resolve, reject) => {
      const attempt = () => {
        const socket = connect(port, '127.0.0.1');
        socket.once('connect', () => {
          socket.destroy();
          resolve();
        });
        socket.once('error', () => {
          socket.destroy();
          if (Date.now() > deadline || child.exitCode !== null)
            reject(new Error(`nginx did not listen on ${port}:\n${log}`));
          else setTimeout(attempt, 100);
        });
      };
      attempt();
    });
  };
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGQUIT');
    await exited;
  };
  return { process: child, log: () => log, waitForPort, stop };
}
