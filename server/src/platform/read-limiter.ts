/**
 * A per-instance bound on the heavy reads running at once (the alarm list's page and total, the
 * awaiting-approval count, the panel's poll): beyond `max`, callers wait here, in Node, first come
 * first served, instead of queueing for the database pool's connections in front of the engines'
 * ingest statements. Nothing is ever refused or dropped: a caller waits for its turn.
 *
 * Why (bench/README.md, "Ingest under read load", 2026-11-27): with 50 consoles listing nonstop the
 * pool's 10 connections were all held by list queries and every ingest statement waited behind
 * dozens of them (4 engines: 11 alarms/s, p99 884 ms).
 */
export interface ReadLimiter {
  /** Runs `task` when a slot is free (at once if one is). */
  run<T>(task: () => Promise<T>): Promise<T>;
  readonly max: number;
  readonly active: number;
  readonly waiting: number;
}

/** Default for READ_CONCURRENCY: under the pool's 10 connections, leaving the rest to ingest. */
export const READ_CONCURRENCY = 4;

export function createReadLimiter(max: number): ReadLimiter {
  if (!Number.isInteger(max) || max < 1) throw new Error(`read limiter: max must be ≥ 1 (got ${max})`);
  let active = 0;
  const queue: (() => void)[] = [];
  const release = () => {
    const next = queue.shift();
    if (next) next();
    else active--;
  };
  return {
    async run(task) {
      if (active < max) active++;
      // The slot passes straight from the releasing caller to the next one (active unchanged).
      else await new Promise<void>((resolve) => queue.push(resolve));
      try {
        return await task();
      } finally {
        release();
      }
    },
    max,
    get active() {
      return active;
    },
    get waiting() {
      return queue.length;
    },
  };
}
