import type { DatasetRow } from '@sentinel/contract';
import type { Db } from '../../db/client.ts';
import { type DatasetRecord, datasetStats } from './repo.ts';

/** The list's rows: a dataset with its working-set counts, boxes per class, versions, instance. */
export async function toDatasetRows(db: Db, rows: DatasetRecord[]): Promise<DatasetRow[]> {
  const stats = await datasetStats(db, rows);
  return rows.map((r) => {
    const s = stats.get(r.id);
    return {
      id: r.id,
      name: r.name,
      algorithmId: r.algorithmId,
      algorithmName: s?.algorithmName ?? null,
      classes: r.classes,
      description: r.description,
      images: s?.images ?? 0,
      negatives: s?.negatives ?? 0,
      boxes: s?.boxes ?? {},
      versions: s?.versions ?? 0,
      updatedAt: r.updatedAt.toISOString(),
    };
  });
}
