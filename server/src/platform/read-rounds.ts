/**
 * Identical reads asked at once share one execution — without any caller getting an answer read
 * before it asked. A read of a key runs at once when none of that key is running; a caller that
 * comes while one runs waits for the NEXT round of that key, which starts when the running one
 * ends and serves every caller that came meanwhile. So each answer comes from a read that began
 * after its caller asked (a console that saw an alarm arrive and refetches its list finds it), and
 * at most two reads of a key exist at a time (one running, one gathering), however many callers.
 *
 * Why (bench/README.md, issue 17 §3 and §7): a control room's consoles ask the same first page of
 * the alarm list after every alarm pushed to them; 50 consoles meant 50 identical queries in the
 * database, whose CPU the engines' ingest needed.
 *
 * A round's `load` is the one of the caller that opened it: callers of one key must ask the same
 * thing (the key holds everything the read depends on). Errors reach every caller of that round;
 * the next round runs anyway. Nothing is kept after a round ends (no cache, no memory per key).
 */
export interface ReadRounds {
  run<T>(key: string, load: () => Promise<T>): Promise<T>;
  /** Keys with a round running (for tests and diagnostics). */
  readonly running: number;
}

interface Gathering {
  promise: Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
  load: () => Promise<unknown>;
}

export function createReadRounds(): ReadRounds {
  /** Per key with a round running: the round gathering its callers for afterwards, if any. */
  const keys = new Map<string, { next: Gathering | undefined }>();

  const start = (key: string, load: () => Promise<unknown>): Promise<unknown> => {
    const round = Promise.resolve().then(load);
    const after = () => {
      const slot = keys.get(key);
      const next = slot?.next;
      if (!slot || !next) {
        keys.delete(key);
        return;
      }
      slot.next = undefined;
      start(key, next.load).then(next.resolve, next.reject);
    };
    round.then(after, after);
    return round;
  };

  return {
    run<T>(key: string, load: () => Promise<T>): Promise<T> {
      const slot = keys.get(key);
      if (!slot) {
        keys.set(key, { next: undefined });
        return start(key, load) as Promise<T>;
      }
      if (!slot.next) {
        let resolve!: (value: unknown) => void;
        let reject!: (error: unknown) => void;
        const promise = new Promise<unknown>((res, rej) => {
          resolve = res;
          reject = rej;
        });
        slot.next = { promise, resolve, reject, load };
      }
      return slot.next.promise as Promise<T>;
    },
    get running() {
      return keys.size;
    },
  };
}
