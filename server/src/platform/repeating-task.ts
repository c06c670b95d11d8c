import type { FastifyBaseLogger } from 'fastify';

export interface RepeatingTask<T> {
  /** Runs the task now (tests, a manual step); the run counts as in progress for `stop`. */
  tick(): Promise<T>;
  /** Stops the timer and waits for a run in progress. */
  stop(): Promise<void>;
}

/**
 * Runs `task` every `everyMs` until stopped. The next run is set only after the previous one has
 * ended, so runs never overlap; a failed run is logged as `failure` and the next one still comes;
 * the timer does not keep the process alive. The demo simulators are built on it.
 */
export function repeatEvery<T>(
  log: FastifyBaseLogger,
  failure: string,
  everyMs: number,
  task: () => Promise<T>,
): RepeatingTask<T> {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  let running: Promise<unknown> | undefined;

  const tick = () => {
    const run = task();
    running = run.catch(() => undefined);
    return run;
  };
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      timer = undefined;
      tick()
        .catch((error: unknown) => log.warn({ err: error }, failure))
        .finally(schedule);
    }, everyMs);
    timer.unref();
  };
  schedule();

  return {
    tick,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = undefined;
      await running;
    },
  };
}
