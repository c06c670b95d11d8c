import { and, desc, eq, max, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  type Detection,
  dataset,
  datasetItem,
  datasetVersion,
  datasetVersionItem,
} from '../../db/schema/index.ts';

/** The SQL of frozen dataset versions: freezing, listing, their images. */

export type DatasetVersionRecord = typeof datasetVersion.$inferSelect;

/** Box counts per class and negatives of a set of labelled images. */
export function countLabels(items: { labels: Detection[] }[]) {
  const classCounts: Record<string, number> = {};
  let negatives = 0;
  for (const item of items) {
    if (item.labels.length === 0) negatives += 1;
    for (const label of item.labels) classCounts[label.cls] = (classCounts[label.cls] ?? 0) + 1;
  }
  return { itemCount: items.length, negatives, classCounts };
}

/**
 * Freezes the working set as version n+1: the images not removed with their labels as they are
 * now. The dataset row is locked for the numbering, so two freezes never take the same number.
 * Undefined when the working set is empty.
 */
export async function insertVersion(
  db: Db,
  input: { datasetId: number; note: string; createdById: number | null; createdBy: string; now: Date },
): Promise<DatasetVersionRecord | undefined> {
  return db.transaction(async (tx) => {
    await tx.select({ id: dataset.id }).from(dataset).where(eq(dataset.id, input.datasetId)).for('update');
    const items = await tx
      .select({ id: datasetItem.id, labels: datasetItem.labels })
      .from(datasetItem)
      .where(and(eq(datasetItem.datasetId, input.datasetId), eq(datasetItem.removed, false)))
      .orderBy(datasetItem.id);
    if (items.length === 0) return undefined;
    const [last] = await tx
      .select({ n: max(datasetVersion.number) })
      .from(datasetVersion)
      .where(eq(datasetVersion.datasetId, input.datasetId));
    const [version] = await tx
      .insert(datasetVersion)
      .values({
        datasetId: input.datasetId,
        number: (last?.n ?? 0) + 1,
        ...countLabels(items),
        note: input.note,
        createdById: input.createdById,
        createdBy: input.createdBy,
        createdAt: input.now,
      })
      .returning();
    if (!version) throw new Error('dataset version not written');
    for (let i = 0; i < items.length; i += 1000) {
      await tx
        .insert(datasetVersionItem)
        .values(
          items
            .slice(i, i + 1000)
            .map((item) => ({ versionId: version.id, itemId: item.id, labels: item.labels })),
        );
    }
    return version;
  });
}

export const versionsOf = (db: Db, datasetId: number) =>
  db
    .select()
    .from(datasetVersion)
    .where(eq(datasetVersion.datasetId, datasetId))
    .orderBy(desc(datasetVersion.number));

export async function findVersion(db: Db, versionId: number) {
  const [row] = await db.select().from(datasetVersion).where(eq(datasetVersion.id, versionId));
  return row;
}

export async function versionByNumber(db: Db, datasetId: number, number: number) {
  const [row] = await db
    .select()
    .from(datasetVersion)
    .where(and(eq(datasetVersion.datasetId, datasetId), eq(datasetVersion.number, number)));
  return row;
}

/** Each version's images (item ids) with the classes they hold, for the differences. */
export async function versionItemClasses(db: Db, datasetId: number) {
  return db
    .select({
      versionId: datasetVersionItem.versionId,
      itemId: datasetVersionItem.itemId,
      classes: sql<
        string[]
      >`coalesce((select jsonb_agg(distinct l->>'cls') from jsonb_array_elements(${datasetVersionItem.labels}) l), '[]'::jsonb)`,
    })
    .from(datasetVersionItem)
    .innerJoin(datasetVersion, eq(datasetVersion.id, datasetVersionItem.versionId))
    .where(eq(datasetVersion.datasetId, datasetId));
}

/** A version's images with their frozen labels (export, the trainer), in item order. */
export const versionImages = (db: Db, versionId: number) =>
  db
    .select({
      itemId: datasetItem.id,
      image: datasetItem.image,
      sha256: datasetItem.sha256,
      width: datasetItem.width,
      height: datasetItem.height,
      labels: datasetVersionItem.labels,
    })
    .from(datasetVersionItem)
    .innerJoin(datasetItem, eq(datasetItem.id, datasetVersionItem.itemId))
    .where(eq(datasetVersionItem.versionId, versionId))
    .orderBy(datasetItem.id);
