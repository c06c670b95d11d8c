/** How a coalescer spaces its runs. */
export interface CoalesceOptions {
  /** Least time between the starts of two runs (ms). */
  minGapMs: number;
  /**
   * After a run that took `d` ms, the next starts at least `d × slowFactor` later (default 1: a
   * slow answer spaces the next out by as much; in a browser `d` includes the page's own delays).
   */
  slowFactor?: number;
  /** The gap never exceeds this (ms, default 5000). */
  maxGapMs?: number;
  /** Wait after the first request of a quiet period, to gather a burst into one run (ms, default 0). */
  settleMs?: number;
  now?: () => number;
}

export interface Coalescer {
  /** Ask for a run: starts one soon, or one more after the run in progress. */
  request(): void;
  /** Forget what is scheduled (a run in progress finishes; nothing follows it). */
  cancel(): void;
}

/**
 * Turns a stream of "something changed" signals into few runs of `run` (e.g. a refetch): at most
 * one run at a time, runs started at least `minGapMs` apart (longer when the server is slow: a
 * run's duration × `slowFactor`), and every request made during a run or a gap answered by one
 * run after it — so a burst of a hundred events costs two requests, and the last change is always
 * fetched.
 */
export function coalesce(run: () => Promise<unknown>, options: CoalesceOptions): Coalescer {
  const { minGapMs, slowFactor = 1, maxGapMs = 5_000, settleMs = 0, now = () => Date.now() } = options;
  let running = false;
  let again = false;
  let cancelled = false;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let nextAllowed = Number.NEGATIVE_INFINITY;

  async function start() {
    timer = null;
    running = true;
    again = false;
    const started = now();
    try {
      await run();
    } catch {
      // The caller's query shows its own error; the next request tries again.
    } finally {
      running = false;
      const took = now() - started;
      nextAllowed = started + Math.min(maxGapMs, Math.max(minGapMs, took * slowFactor));
      if (again && !cancelled) request();
    }
  }

  function request() {
    cancelled = false;
    if (running) {
      again = true;
      return;
    }
    if (timer !== null) return;
    timer = setTimeout(() => void start(), Math.max(settleMs, nextAllowed - now()));
  }

  return {
    request,
    cancel() {
      cancelled = true;
      again = false;
      if (timer !== null) clearTimeout(timer);
      timer = null;
    },
  };
}
