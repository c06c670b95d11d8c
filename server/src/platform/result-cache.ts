/**
 * Answers of read-only queries kept on one instance for a short time, shared by concurrent callers
 * and thrown away as a whole by `clear()` when the data under them changes.
 *
 * Used for the alarm list's totals (bench/README.md, "Alarms"): the unfiltered total sums the
 * whole rollup (~5–13 ms of SQL at 1,000,000 alarms) on every page of every console, although it
 * only changes when an alarm is ingested or changes state — and every such change clears the
 * cache (on this instance at once, on the others through the event bus).
 *
 * A load still running when `clear()` is called is not kept: it may have read the data from
 * before the change.
 */
export interface ResultCache {
  /** The cached answer for `key`, or the answer of `load` (kept for the cache's time). */
  get<T>(key: string, load: () => Promise<T>): Promise<T>;
  clear(): void;
  readonly size: number;
}

/** Bound on the entries kept (one per distinct filter and scene set); past it the cache starts over. */
const MAX_ENTRIES = 2_000;

interface Entry {
  value: Promise<unknown>;
  /** Epoch ms after which the entry is no longer used. */
  until: number;
}

/** `ttlMs` 0 turns the cache off (every call loads). */
export function createResultCache(ttlMs: number, now: () => number = Date.now): ResultCache {
  const entries = new Map<string, Entry>();
  return {
    get<T>(key: string, load: () => Promise<T>): Promise<T> {
      if (ttlMs <= 0) return load();
      const entry = entries.get(key);
      if (entry && now() < entry.until) return entry.value as Promise<T>;
      if (entries.size >= MAX_ENTRIES) entries.clear();
      const value = load();
      const fresh: Entry = { value, until: now() + ttlMs };
      entries.set(key, fresh);
      // A failed load is not remembered.
      value.catch(() => {
        if (entries.get(key) === fresh) entries.delete(key);
      });
      return value;
    },
    clear() {
      entries.clear();
    },
    get size() {
      return entries.size;
    },
  };
}
