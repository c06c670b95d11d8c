import { getTableName, type Table } from 'drizzle-orm';

/**
 * A kind of partials and the tables its load reads (their SQL names: the "sources"), so that a
 * change of one table's rows wholesale (a job run, the duty roster, a retention run) drops only
 * the kinds whose figures it can change (`clearSource`). A kind given by its name alone declares
 * nothing: any source's change drops it.
 */
export interface DayPartialKind {
  readonly name: string;
  readonly sources: ReadonlySet<string>;
}

/** A kind whose load reads these tables (all of them: what its SQL names). */
export function dayPartialKind(name: string, reads: readonly Table[]): DayPartialKind {
  return Object.freeze({ name, sources: new Set(reads.map((t) => getTableName(t))) });
}

/** A source as a table or its SQL name (as a bus event carries it). */
export const sourceName = (source: Table | string): string =>
  typeof source === 'string' ? source : getTableName(source);
