import type { Table } from 'drizzle-orm';
import { type DayPartialKind, sourceName } from './day-partial-kind.ts';
import { DAY_MS } from './day-split.ts';

/**
 * Per-day partial answers of the analyses, kept in memory: past days do not change while alarms
 * arrive (an ingest adds to today), so an analysis range is split on the viewer's midnights and
 * each whole CLOSED day's partial (mergeable: counts, sorted durations…) is computed once and
 * merged with the live parts (a head before the first midnight, today or a partial last day).
 *
 * The cache knows no feature: entries are keyed by kind (the analysis), key (scene set, filters,
 * utcOffset) and day start (epoch ms). It shares loads between concurrent callers, is bounded
 * (least recently used first out, by entries and by the weight the caller gives each partial),
 * and is invalidated precisely: `dropTime` drops every entry whose day holds that instant (an
 * alarm's alarm time, whatever the offset), `clearSource` the kinds that read a table whose rows
 * changed wholesale (a kind declares the tables its load reads: `dayPartialKind`), `clearKind` one
 * analysis, `clear` everything. An entry dropped while its load runs is not kept (the load may
 * have read the data from before the change); callers already waiting for it still get its
 * answer, as with the result cache.
 *
 * `getRun` also keeps what the caller derives from a run of days (their merge, so that a request
 * merges one part for all its closed days instead of one per day): it is valid while every one of
 * its days' entries is the one it was made from (a dropped, expired or reloaded day drops it), and
 * bounded apart (`maxRuns`, `maxRunWeight`).
 */

export interface DayPartials {
  /**
   * The partials of `days` (day starts) under (kind, key): cached ones as they are, the missing
   * ones from ONE call of `load` (which answers a partial for every day it is given). `weigh`
   * gives a partial's size in bytes (roughly) for the bound; `ttlMs`, the loaded days' life when
   * not the cache's.
   */
  get<T>(
    kind: DayPartialKind | string,
    key: string,
    days: number[],
    load: (missing: number[]) => Promise<Map<number, T>>,
    weigh?: (partial: T) => number,
    ttlMs?: number,
  ): Promise<Map<number, T>>;
  /**
   * What `derive` makes of the partials of `days` (as `get` gives them), kept for the run: the
   * same days, kind and key answer it from memory while none of the days was dropped, reloaded or
   * expired; concurrent callers share one derivation. A run asked for the first time is only
   * marked: `derive(partials, false)` answers that caller alone (a one-off range costs no merge
   * kept for nothing); asked again while marked, `derive(partials, true)` makes the kept one.
   * With `extend`, a run not kept whose days END with a kept run's (other starts, same end) is
   * answered `extend(keptRun, partials of the days before it)`, neither marked nor derived.
   */
  getRun<T, R>(
    kind: DayPartialKind | string,
    key: string,
    days: number[],
    load: (missing: number[]) => Promise<Map<number, T>>,
    derive: (partials: Map<number, T>, keep: boolean) => R,
    weigh?: (partial: T) => number,
    weighRun?: (run: R) => number,
    extend?: (run: R, before: Map<number, T>) => R,
  ): Promise<R>;
  /** Drops every day (any kind, key, offset) holding this instant. */
  dropTime(ms: number): void;
  /**
   * Drops every day of the kinds that read one of these tables (tables or their SQL names), and of
   * the kinds that declare nothing: their rows changed wholesale (not one alarm's day).
   */
  clearSource(...sources: Array<Table | string>): void;
  /** Drops every day of one kind (what changes its past figures wholesale). */
  clearKind(kind: DayPartialKind | string): void;
  /** Drops everything (a change of every kind's data). */
  clear(): void;
  readonly size: number;
  /** Days kept (or loading) of one kind. */
  sizeOf(kind: DayPartialKind | string): number;
  /** Sum of the weights of the loaded entries. */
  readonly weight: number;
  /** Runs kept or marked (see getRun). */
  readonly runs: number;
}

export interface DayPartialsOptions {
  ttlMs?: number;
  maxEntries?: number;
  maxWeight?: number;
  /** Bounds of the kept runs (getRun), apart from the days'. */
  maxRuns?: number;
  maxRunWeight?: number;
  now?: () => number;
}

interface Entry {
  id: string;
  kind: string;
  /** The kind's sources; undefined: declared none (every source's change drops it). */
  sources: ReadonlySet<string> | undefined;
  day: number;
  value: Promise<unknown>;
  until: number;
  weight: number;
  /** The runs made from this entry (dropped with it). */
  runs?: Set<string>;
}

interface Run {
  days: number[];
  /** Undefined: a mark (asked once, not derived for keeps yet). */
  value: Promise<unknown> | undefined;
  members: Entry[];
  until: number;
  weight: number;
}

export function createDayPartials(options: DayPartialsOptions = {}): DayPartials {
  const ttlMs = options.ttlMs ?? 10 * 60_000;
  const maxEntries = options.maxEntries ?? 20_000;
  const maxWeight = options.maxWeight ?? 96 * 1024 * 1024;
  const maxRuns = options.maxRuns ?? 128;
  const maxRunWeight = options.maxRunWeight ?? 64 * 1024 * 1024;
  const now = options.now ?? Date.now;
  /** Insertion order is recency: a hit moves its entry to the end. */
  const entries = new Map<string, Entry>();
  let weight = 0;
  const runs = new Map<string, Run>();
  let runWeight = 0;

  /** Kept runs by kind, key and last day (a longer run ending there is extended from one). */
  const byEnd = new Map<string, Set<string>>();
  const endOf = (id: string, run: Run) => `${id.slice(0, id.lastIndexOf('\u0000'))}\u0000${run.days.at(-1)}`;
  const removeRun = (id: string, run: Run) => {
    if (runs.get(id) !== run) return;
    runs.delete(id);
    byEnd.get(endOf(id, run))?.delete(id);
    runWeight -= run.weight;
    for (const member of run.members) member.runs?.delete(id);
  };
  const trimRuns = () => {
    for (const [id, run] of runs) {
      if (runs.size <= maxRuns && runWeight <= maxRunWeight) break;
      removeRun(id, run);
    }
  };
  const remove = (id: string, entry: Entry) => {
    if (entries.get(id) !== entry) return;
    entries.delete(id);
    weight -= entry.weight;
    if (entry.runs) for (const runId of [...entry.runs]) removeRun(runId, runs.get(runId) as Run);
  };
  const trim = () => {
    for (const [id, entry] of entries) {
      if (entries.size <= maxEntries && weight <= maxWeight) break;
      remove(id, entry);
    }
  };
  const nameOf = (kind: DayPartialKind | string) => (typeof kind === 'string' ? kind : kind.name);
  const removeWhere = (test: (entry: Entry) => boolean) => {
    for (const [id, entry] of entries) if (test(entry)) remove(id, entry);
  };

  /** The days' values and the entries they come from (as `get`). */
  const getDays = <T>(
    of: DayPartialKind | string,
    key: string,
    days: number[],
    load: (missing: number[]) => Promise<Map<number, T>>,
    weigh?: (partial: T) => number,
    life = ttlMs,
  ): { members: Entry[]; values: Promise<Map<number, T>> } => {
    const kind = nameOf(of);
    const sources = typeof of === 'string' ? undefined : of.sources;
    const t = now();
    const waiting: Array<[number, Entry]> = [];
    const missing: number[] = [];
    for (const day of days) {
      const id = `${kind}\u0000${key}\u0000${day}`;
      const entry = entries.get(id);
      if (entry && t < entry.until) {
        entries.delete(id);
        entries.set(id, entry);
        waiting.push([day, entry]);
        continue;
      }
      if (entry) remove(id, entry);
      missing.push(day);
    }
    if (missing.length > 0) {
      const loaded = load(missing);
      for (const day of missing) {
        const id = `${kind}\u0000${key}\u0000${day}`;
        const value = loaded.then((map) => {
          const partial = map.get(day);
          if (partial === undefined) throw new Error(`day partial ${day} not loaded`);
          return partial;
        });
        const entry: Entry = { id, kind, sources, day, value, until: t + life, weight: 0 };
        entries.set(id, entry);
        waiting.push([day, entry]);
        value.then(
          (partial) => {
            // Dropped meanwhile (invalidated, evicted): not kept.
            if (entries.get(id) !== entry) return;
            entry.weight = weigh ? weigh(partial as T) : 0;
            weight += entry.weight;
            trim();
          },
          () => remove(id, entry),
        );
      }
      trim();
    }
    const values = Promise.all(waiting.map(([, entry]) => entry.value)).then(
      (list) => new Map(waiting.map(([day], i) => [day, list[i] as T])),
    );
    return { members: waiting.map(([, entry]) => entry), values };
  };
  /** A run is valid while each of its days' entries is the one in the cache, none expired. */
  const runValid = (run: Run, t: number) =>
    t < run.until && run.members.every((m) => entries.get(m.id) === m);

  return {
    async get<T>(
      kind: DayPartialKind | string,
      key: string,
      days: number[],
      load: (missing: number[]) => Promise<Map<number, T>>,
      weigh?: (partial: T) => number,
      life?: number,
    ): Promise<Map<number, T>> {
      return getDays(kind, key, days, load, weigh, life).values;
    },
    async getRun<T, R>(
      of: DayPartialKind | string,
      key: string,
      days: number[],
      load: (missing: number[]) => Promise<Map<number, T>>,
      derive: (partials: Map<number, T>, keep: boolean) => R,
      weigh?: (partial: T) => number,
      weighRun?: (run: R) => number,
      extend?: (run: R, before: Map<number, T>) => R,
    ): Promise<R> {
      const t = now();
      const kind = nameOf(of);
      const runId = `${kind}\u0000${key}\u0000${days.join(',')}`;
      const kept = runs.get(runId);
      const valid = kept !== undefined && runValid(kept, t);
      if (kept && valid && kept.value) {
        runs.delete(runId);
        runs.set(runId, kept);
        for (const m of kept.members) {
          entries.delete(m.id);
          entries.set(m.id, m);
        }
        return kept.value as Promise<R>;
      }
      if (kept) removeRun(runId, kept);
      if (extend && !valid) {
        // The longest kept run that ends the days: extended with the days before it.
        let suffix: Run | undefined;
        for (const id of byEnd.get(`${kind}\u0000${key}\u0000${days.at(-1)}`) ?? []) {
          const r = runs.get(id) as Run;
          const at = days.length - r.days.length;
          if (!r.value || at <= 0 || !runValid(r, t) || (suffix && r.days.length <= suffix.days.length))
            continue;
          if (r.days.every((day, i) => days[at + i] === day)) suffix = r;
        }
        if (suffix) {
          const before = getDays(
            of,
            key,
            days.slice(0, days.length - suffix.days.length),
            load,
            weigh,
          ).values;
          const base = suffix.value as Promise<R>;
          return Promise.all([base, before]).then(([r, m]) => extend(r, m));
        }
      }
      const { members, values } = getDays(of, key, days, load, weigh);
      // Asked for the first time (no valid mark): only marked, derived for this caller alone.
      const keep = valid;
      const value = values.then((partials) => derive(partials, keep));
      const run: Run = {
        days,
        value: keep ? value : undefined,
        members,
        until: Math.min(...members.map((m) => m.until)),
        weight: 0,
      };
      runs.set(runId, run);
      for (const member of members) {
        member.runs ??= new Set();
        member.runs.add(runId);
      }
      if (keep) {
        const end = endOf(runId, run);
        byEnd.set(end, (byEnd.get(end) ?? new Set()).add(runId));
      }
      trimRuns();
      if (!keep) return value;
      value.then(
        (derived) => {
          // A day dropped meanwhile dropped the run: not kept.
          if (runs.get(runId) !== run) return;
          run.weight = weighRun ? weighRun(derived) : 0;
          runWeight += run.weight;
          trimRuns();
        },
        () => removeRun(runId, run),
      );
      return value;
    },
    dropTime(ms) {
      removeWhere((e) => e.day <= ms && ms < e.day + DAY_MS);
    },
    clearSource(...sources) {
      const names = sources.map(sourceName);
      removeWhere((e) => e.sources === undefined || names.some((name) => e.sources?.has(name)));
    },
    clearKind(kind) {
      const name = nameOf(kind);
      removeWhere((e) => e.kind === name);
    },
    clear() {
      entries.clear();
      weight = 0;
      runs.clear();
      byEnd.clear();
      runWeight = 0;
    },
    get size() {
      return entries.size;
    },
    sizeOf(kind) {
      const name = nameOf(kind);
      let n = 0;
      for (const entry of entries.values()) if (entry.kind === name) n++;
      return n;
    },
    get weight() {
      return weight;
    },
    get runs() {
      return runs.size;
    },
  };
}
