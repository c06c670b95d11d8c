import type { FastifyInstance } from 'fastify';

/**
 * Long-running jobs (exports today; report sending and training next) carry an owner and a lease:
 * the instance that runs a job renews `lease_until` while it works, and a job whose lease ran out
 * belongs to a process that died (kill -9, a crash, a lost machine). A periodic sweep marks such
 * jobs failed with a reason the user sees, on whichever instance runs it first; a job another
 * instance keeps renewing is never touched. An instance's own name is stable across its restarts
 * (INSTANCE_ID, else host:port), so at start it fails at once the jobs its previous life left,
 * without waiting for their leases.
 */

export interface LeaseTiming {
  /** How long a claim holds without renewal. */
  leaseMs: number;
  /** How often a running job renews its claim (well under leaseMs). */
  renewMs: number;
  /** How often expired claims are looked for. */
  sweepMs: number;
}

export const JOB_LEASE: LeaseTiming = { leaseMs: 30_000, renewMs: 10_000, sweepMs: 15_000 };

/** The moment a claim taken or renewed now runs out. */
export const leaseUntil = (app: FastifyInstance) =>
  new Date(app.appConfig.now().getTime() + app.appConfig.jobLease.leaseMs);

/**
 * Renews a running job's claim every `renewMs` until the returned stop is called. A failed
 * renewal is logged and retried at the next tick (the lease outlives two missed ones).
 */
export function keepLease(app: FastifyInstance, renew: () => Promise<unknown>): () => void {
  const timer = setInterval(() => {
    renew().catch((error: unknown) => app.log.warn({ err: error }, 'job lease not renewed'));
  }, app.appConfig.jobLease.renewMs);
  timer.unref();
  return () => clearInterval(timer);
}

/**
 * Runs `task` once when the app is ready (with `atStart: true`: the previous life of this
 * instance is over) and then every sweepMs, never two at once, until the app closes.
 */
export function scheduleLeaseSweep(
  app: FastifyInstance,
  name: string,
  task: (options: { atStart: boolean }) => Promise<unknown>,
): void {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  const run = (atStart: boolean) => {
    running ??= task({ atStart })
      .catch((error: unknown) => app.log.warn({ err: error }, `${name}: lease sweep failed`))
      .finally(() => {
        running = undefined;
      });
    return running;
  };
  app.addHook('onReady', async () => {
    await run(true);
    timer = setInterval(() => void run(false), app.appConfig.jobLease.sweepMs);
    timer.unref();
  });
  app.addHook('preClose', async () => {
    if (timer) clearInterval(timer);
    await running;
  });
}
