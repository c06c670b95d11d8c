import type { datasetItemQuery } from '@sentinel/contract';
import { and, count, desc, eq, inArray, isNotNull, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import {
  algorithm,
  type Detection,
  dataset,
  datasetItem,
  datasetVersion,
  falseAlarmRecord,
} from '../../db/schema/index.ts';
import { pageOffset } from '../../platform/sql.ts';
import { tableRepo } from '../../platform/table-repo.ts';

/** The SQL of datasets and their working sets (frozen versions: versions-repo.ts). */
export const datasetRepo = tableRepo({
  table: dataset,
  search: [dataset.name, dataset.description],
  orderBy: [desc(dataset.updatedAt), desc(dataset.id)],
});

export type DatasetRecord = typeof dataset.$inferSelect;
export type DatasetItemRecord = typeof datasetItem.$inferSelect;

export async function findDataset(db: Db, id: number): Promise<DatasetRecord | undefined> {
  const [row] = await db.select().from(dataset).where(eq(dataset.id, id));
  return row;
}

export async function algorithmExists(db: Db, id: number): Promise<boolean> {
  const [row] = await db.select({ id: algorithm.id }).from(algorithm).where(eq(algorithm.id, id));
  return row !== undefined;
}

export interface DatasetStats {
  images: number;
  negatives: number;
  boxes: Record<string, number>;
  versions: number;
  algorithmName: string | null;
}

/** Working-set counts, boxes per class, versions and the instance's name of the given datasets. */
export async function datasetStats(db: Db, rows: DatasetRecord[]): Promise<Map<number, DatasetStats>> {
  const stats = new Map<number, DatasetStats>();
  const ids = rows.map((r) => r.id);
  if (ids.length === 0) return stats;
  for (const id of ids)
    stats.set(id, { images: 0, negatives: 0, boxes: {}, versions: 0, algorithmName: null });
  const live = and(inArray(datasetItem.datasetId, ids), eq(datasetItem.removed, false));
  const images = await db
    .select({
      id: datasetItem.datasetId,
      n: count(),
      negatives: sql<number>`count(*) filter (where jsonb_array_length(${datasetItem.labels}) = 0)`,
    })
    .from(datasetItem)
    .where(live)
    .groupBy(datasetItem.datasetId);
  for (const r of images) {
    const s = stats.get(r.id);
    if (s) Object.assign(s, { images: Number(r.n), negatives: Number(r.negatives) });
  }
  // The drivers type execute's result differently; both answer `rows`.
  const boxes = (await db.execute(sql`
    select ${datasetItem.datasetId} as id, l->>'cls' as cls, count(*)::int as n
    from ${datasetItem} cross join lateral jsonb_array_elements(${datasetItem.labels}) l
    where ${live} group by 1, 2`)) as unknown as { rows: { id: number; cls: string; n: number }[] };
  for (const r of boxes.rows) {
    const s = stats.get(Number(r.id));
    if (s) s.boxes[r.cls] = Number(r.n);
  }
  const versions = await db
    .select({ id: datasetVersion.datasetId, n: count() })
    .from(datasetVersion)
    .where(inArray(datasetVersion.datasetId, ids))
    .groupBy(datasetVersion.datasetId);
  for (const r of versions) {
    const s = stats.get(r.id);
    if (s) s.versions = Number(r.n);
  }
  const algorithmIds = rows.flatMap((r) => (r.algorithmId === null ? [] : [r.algorithmId]));
  if (algorithmIds.length > 0) {
    const names = await db
      .select({ id: algorithm.id, name: algorithm.name })
      .from(algorithm)
      .where(inArray(algorithm.id, algorithmIds));
    const byId = new Map(names.map((n) => [n.id, n.name]));
    for (const r of rows) {
      const s = stats.get(r.id);
      if (s && r.algorithmId !== null) s.algorithmName = byId.get(r.algorithmId) ?? null;
    }
  }
  return stats;
}

/** A page of the working set, newest first, filtered by class, negatives or source. */
export async function listItems(
  db: Db,
  datasetId: number,
  query: z.output<typeof datasetItemQuery>,
): Promise<{ rows: DatasetItemRecord[]; count: number }> {
  const filters: (SQL | undefined)[] = [eq(datasetItem.datasetId, datasetId), eq(datasetItem.removed, false)];
  if (query.cls) filters.push(sql`${datasetItem.labels} @> ${JSON.stringify([{ cls: query.cls }])}::jsonb`);
  if (query.negatives === true) filters.push(sql`jsonb_array_length(${datasetItem.labels}) = 0`);
  if (query.negatives === false) filters.push(sql`jsonb_array_length(${datasetItem.labels}) > 0`);
  if (query.source) filters.push(eq(datasetItem.source, query.source));
  const where = and(...filters);
  const [total] = await db.select({ n: count() }).from(datasetItem).where(where);
  const rows = await db
    .select()
    .from(datasetItem)
    .where(where)
    .orderBy(desc(datasetItem.id))
    .limit(query.limit)
    .offset(pageOffset(query.page, query.limit));
  return { rows, count: Number(total?.n ?? 0) };
}

/** Every image of the working set (export, freeze), oldest first. */
export const workingItems = (db: Db, datasetId: number) =>
  db
    .select()
    .from(datasetItem)
    .where(and(eq(datasetItem.datasetId, datasetId), eq(datasetItem.removed, false)))
    .orderBy(datasetItem.id);

/** Which of these sha256 the dataset already holds (removed images too: the same image once). */
export async function knownHashes(db: Db, datasetId: number, hashes: string[]): Promise<Set<string>> {
  if (hashes.length === 0) return new Set();
  const rows = await db
    .select({ sha256: datasetItem.sha256 })
    .from(datasetItem)
    .where(and(eq(datasetItem.datasetId, datasetId), inArray(datasetItem.sha256, hashes)));
  return new Set(rows.map((r) => r.sha256));
}

export type NewItem = typeof datasetItem.$inferInsert;

/** Adds an image; undefined when the dataset already holds the same image (sha256). */
export async function insertItem(db: Db, values: NewItem): Promise<DatasetItemRecord | undefined> {
  const [row] = await db.insert(datasetItem).values(values).onConflictDoNothing().returning();
  return row;
}

export async function findItem(db: Db, datasetId: number, itemId: number) {
  const [row] = await db
    .select()
    .from(datasetItem)
    .where(
      and(eq(datasetItem.id, itemId), eq(datasetItem.datasetId, datasetId), eq(datasetItem.removed, false)),
    );
  return row;
}

export async function setItemLabels(db: Db, itemId: number, labels: Detection[], now: Date) {
  const [row] = await db
    .update(datasetItem)
    .set({ labels, updatedAt: now })
    .where(eq(datasetItem.id, itemId))
    .returning();
  return row;
}

/** Takes an image out of the working set (frozen versions keep it). */
export async function markRemoved(db: Db, itemId: number, now: Date) {
  await db.update(datasetItem).set({ removed: true, updatedAt: now }).where(eq(datasetItem.id, itemId));
}

/** Stamps the dataset changed, adding classes it did not list yet (in the order met). */
export async function touchDataset(db: Db, id: number, now: Date, classes: string[] = []): Promise<string[]> {
  const row = await findDataset(db, id);
  if (!row) return [];
  const added = [...new Set(classes)].filter((c) => !row.classes.includes(c));
  await db
    .update(dataset)
    .set({ updatedAt: now, ...(added.length > 0 ? { classes: [...row.classes, ...added] } : {}) })
    .where(eq(dataset.id, id));
  return added;
}

/** Every stored image path of a dataset (to remove the files with it). */
export async function itemImages(db: Db, datasetId: number): Promise<string[]> {
  const rows = await db
    .select({ image: datasetItem.image })
    .from(datasetItem)
    .where(eq(datasetItem.datasetId, datasetId));
  return rows.map((r) => r.image);
}

/** Of these media paths, those a dataset image still holds (the media sweep). */
export async function referencedImages(db: Db, paths: string[]): Promise<Set<string>> {
  if (paths.length === 0) return new Set();
  const rows = await db
    .select({ image: datasetItem.image })
    .from(datasetItem)
    .where(inArray(datasetItem.image, paths));
  return new Set(rows.map((r) => r.image));
}

// ── False-alarm records (the review is another part's; this reads its committed table) ──────

export type FalseAlarmRecordRow = typeof falseAlarmRecord.$inferSelect;

/** The records with these ids (any state, any instance). */
export const falseAlarmRecordsById = (db: Db, ids: number[]) =>
  ids.length === 0
    ? Promise.resolve([] as FalseAlarmRecordRow[])
    : db.select().from(falseAlarmRecord).where(inArray(falseAlarmRecord.id, ids));

/** Accepted and relabelled records of one instance (never pending or dropped ones). */
export const reviewedFalseAlarms = (db: Db, algorithmId: number) =>
  db
    .select()
    .from(falseAlarmRecord)
    .where(
      and(
        eq(falseAlarmRecord.algorithmId, algorithmId),
        inArray(falseAlarmRecord.state, ['accepted', 'relabelled']),
      ),
    )
    .orderBy(falseAlarmRecord.id);

/** The false-alarm records a dataset already took in (working set or removed). */
export async function importedRecordIds(db: Db, datasetId: number): Promise<Set<number>> {
  const rows = await db
    .select({ id: datasetItem.falseAlarmRecordId })
    .from(datasetItem)
    .where(and(eq(datasetItem.datasetId, datasetId), isNotNull(datasetItem.falseAlarmRecordId)));
  return new Set(rows.flatMap((r) => (r.id === null ? [] : [r.id])));
}
