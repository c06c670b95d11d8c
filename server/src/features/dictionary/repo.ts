import {
  DICTIONARY_TYPES,
  type DictionaryItem,
  type DictionaryOption,
  type DictionaryType,
} from '@sentinel/contract';
import { and, asc, count, eq, inArray, max, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { cameraType, dictItem, dictType, falseAlarmRecord } from '../../db/schema/index.ts';

type TypeRow = typeof dictType.$inferSelect;
type ItemRow = typeof dictItem.$inferSelect;

/**
 * Where each system type's values are stored: the records counted when an item is deleted (an
 * item in use is refused). A type not listed here is read by nobody, so its items are never in use.
 */
const USAGE: Record<string, (values: string[]) => { column: SQL; from: SQL; where: SQL }> = {
  [DICTIONARY_TYPES.falseAlarmReason]: (values) => ({
    column: sql`${falseAlarmRecord.reason}`,
    from: sql`${falseAlarmRecord}`,
    where: inArray(falseAlarmRecord.reason, values),
  }),
  [DICTIONARY_TYPES.cameraTypeKind]: (values) => ({
    column: sql`${cameraType.type}`,
    from: sql`${cameraType}`,
    where: inArray(cameraType.type, values),
  }),
};

/** How many records hold each of these values of the type. */
export async function usageOf(db: Db, typeCode: string, values: string[]): Promise<Map<string, number>> {
  const usage = USAGE[typeCode];
  const counts = new Map<string, number>();
  if (!usage || values.length === 0) return counts;
  const q = usage(values);
  const result = await db.execute(
    sql`select ${q.column} as value, count(*)::int as n from ${q.from} where ${q.where} group by 1`,
  );
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as {
    value: string;
    n: number;
  }[];
  for (const row of rows) counts.set(row.value, Number(row.n));
  return counts;
}

export async function listTypes(db: Db): Promise<DictionaryType[]> {
  const rows = await db
    .select({
      id: dictType.id,
      code: dictType.code,
      nameEn: dictType.nameEn,
      nameZh: dictType.nameZh,
      system: dictType.system,
      itemCount: sql<number>`(select count(*)::int from dict_item i where i.type_id = "dict_type"."id")`,
    })
    .from(dictType)
    .orderBy(asc(dictType.id));
  return rows.map((r) => ({ ...r, itemCount: Number(r.itemCount) }));
}

export async function findType(db: Db, id: number): Promise<TypeRow | undefined> {
  const [row] = await db.select().from(dictType).where(eq(dictType.id, id));
  return row;
}

export async function insertType(db: Db, values: typeof dictType.$inferInsert): Promise<TypeRow> {
  const [row] = await db.insert(dictType).values(values).returning();
  return row as TypeRow;
}

export async function updateType(
  db: Db,
  id: number,
  values: Partial<typeof dictType.$inferInsert>,
): Promise<TypeRow | undefined> {
  const [row] = await db.update(dictType).set(values).where(eq(dictType.id, id)).returning();
  return row;
}

export async function deleteType(db: Db, id: number): Promise<TypeRow | undefined> {
  const [row] = await db.delete(dictType).where(eq(dictType.id, id)).returning();
  return row;
}

export async function countItems(db: Db, typeId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(dictItem).where(eq(dictItem.typeId, typeId));
  return Number(row?.n ?? 0);
}

export async function listItems(db: Db, type: TypeRow): Promise<DictionaryItem[]> {
  const rows = await db
    .select()
    .from(dictItem)
    .where(eq(dictItem.typeId, type.id))
    .orderBy(asc(dictItem.sort), asc(dictItem.id));
  const usage = await usageOf(
    db,
    type.code,
    rows.map((r) => r.value),
  );
  return rows.map((r) => toItem(r, usage.get(r.value) ?? 0));
}

export const toItem = (r: ItemRow, usage: number): DictionaryItem => ({
  id: r.id,
  typeId: r.typeId,
  value: r.value,
  labelEn: r.labelEn,
  labelZh: r.labelZh,
  sort: r.sort,
  enabled: r.enabled,
  usage,
});

export async function findItem(db: Db, id: number): Promise<ItemRow | undefined> {
  const [row] = await db.select().from(dictItem).where(eq(dictItem.id, id));
  return row;
}

/** The next place at the end of the type's list. */
export async function nextSort(db: Db, typeId: number): Promise<number> {
  const [row] = await db
    .select({ n: max(dictItem.sort) })
    .from(dictItem)
    .where(eq(dictItem.typeId, typeId));
  return Number(row?.n ?? 0) + 1;
}

export async function insertItem(db: Db, values: typeof dictItem.$inferInsert): Promise<ItemRow> {
  const [row] = await db.insert(dictItem).values(values).returning();
  return row as ItemRow;
}

export async function updateItem(
  db: Db,
  id: number,
  values: Partial<typeof dictItem.$inferInsert>,
): Promise<ItemRow | undefined> {
  const [row] = await db.update(dictItem).set(values).where(eq(dictItem.id, id)).returning();
  return row;
}

export async function deleteItem(db: Db, id: number): Promise<ItemRow | undefined> {
  const [row] = await db.delete(dictItem).where(eq(dictItem.id, id)).returning();
  return row;
}

/** Puts the type's items in this order (ids of other types are ignored); answers how many moved. */
export async function reorderItems(db: Db, typeId: number, ids: number[], now: Date): Promise<number> {
  return db.transaction(async (tx) => {
    let moved = 0;
    for (const [index, id] of ids.entries()) {
      const rows = await tx
        .update(dictItem)
        .set({ sort: index + 1, updatedAt: now })
        .where(and(eq(dictItem.id, id), eq(dictItem.typeId, typeId)))
        .returning({ id: dictItem.id });
      moved += rows.length;
    }
    return moved;
  });
}

/** The enabled items of the type named by code, in order (read on every call: small, indexed). */
export async function enabledOptions(db: Db, typeCode: string): Promise<DictionaryOption[]> {
  return db
    .select({ value: dictItem.value, labelEn: dictItem.labelEn, labelZh: dictItem.labelZh })
    .from(dictItem)
    .innerJoin(dictType, eq(dictType.id, dictItem.typeId))
    .where(and(eq(dictType.code, typeCode), eq(dictItem.enabled, true)))
    .orderBy(asc(dictItem.sort), asc(dictItem.id));
}

/** True when the value is an enabled item of the type. */
export async function isEnabledValue(db: Db, typeCode: string, value: string): Promise<boolean> {
  const [row] = await db
    .select({ id: dictItem.id })
    .from(dictItem)
    .innerJoin(dictType, eq(dictType.id, dictItem.typeId))
    .where(and(eq(dictType.code, typeCode), eq(dictItem.value, value), eq(dictItem.enabled, true)))
    .limit(1);
  return row !== undefined;
}
