import type { FieldError } from '@sentinel/contract';
import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { algorithm, algorithmType } from '../../db/schema/index.ts';
import { badRequest } from '../../platform/errors.ts';
import { tableRepo } from '../../platform/table-repo.ts';

/** The SQL of the algorithm catalogue: types (their groups) and algorithms. */
export const typeRepo = tableRepo({
  table: algorithmType,
  search: [algorithmType.name],
  orderBy: [desc(algorithmType.createdAt), desc(algorithmType.id)],
});

export const algorithmRepo = tableRepo({
  table: algorithm,
  search: [algorithm.name, algorithm.code, algorithm.model, algorithm.instance],
  orderBy: [desc(algorithm.createdAt), desc(algorithm.id)],
});

/** The algorithm list's filters beyond the keyword: a type and the enabled state. */
export const algorithmFilter = (filter: { typeId?: number; enabled?: boolean }) =>
  and(
    // Instance drafts of the wizard (issue 13) are not algorithms yet.
    eq(algorithm.draft, false),
    filter.typeId ? eq(algorithm.typeId, filter.typeId) : undefined,
    filter.enabled !== undefined ? eq(algorithm.enabled, filter.enabled) : undefined,
  );

/** How many algorithms belong to each of the given types (types without any are absent). */
export async function algorithmCounts(db: Db, typeIds: number[]): Promise<Map<number | null, number>> {
  if (typeIds.length === 0) return new Map();
  const rows = await db
    .select({ typeId: algorithm.typeId, n: count() })
    .from(algorithm)
    .where(inArray(algorithm.typeId, typeIds))
    .groupBy(algorithm.typeId);
  return new Map(rows.map((r) => [r.typeId, Number(r.n)]));
}

/** Names of algorithm types by id (for algorithm rows). */
export async function typeNames(db: Db, ids: Array<number | null>): Promise<Map<number, string>> {
  const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .select({ id: algorithmType.id, name: algorithmType.name })
    .from(algorithmType)
    .where(inArray(algorithmType.id, wanted));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** Every algorithm type (id, name), for pickers. */
export const typeOptions = (db: Db) =>
  db
    .select({ id: algorithmType.id, name: algorithmType.name })
    .from(algorithmType)
    .orderBy(asc(algorithmType.id));

/** The enabled algorithms, for pickers (never an unfinished instance draft). */
export const enabledAlgorithmOptions = (db: Db) =>
  db
    .select({
      id: algorithm.id,
      name: algorithm.name,
      code: algorithm.code,
      typeName: algorithmType.name,
      levels: algorithm.levels,
      defaultLevel: algorithm.defaultLevel,
    })
    .from(algorithm)
    .leftJoin(algorithmType, eq(algorithm.typeId, algorithmType.id))
    .where(and(eq(algorithm.enabled, true), eq(algorithm.draft, false)))
    .orderBy(asc(algorithm.code), asc(algorithm.id));

/** An algorithm's type must exist: otherwise 400 on `typeId` (nothing is written). */
export async function assertTypeExists(db: Db, typeId: number | null): Promise<void> {
  if (typeId === null) return;
  const [row] = await db.select({ n: count() }).from(algorithmType).where(eq(algorithmType.id, typeId));
  if (Number(row?.n ?? 0) === 0) {
    const fields: FieldError[] = [{ field: 'typeId', message: 'field.invalid' }];
    throw badRequest('field.invalid', fields);
  }
}
