import type { DraftItem, ModelItem } from '@sentinel/contract';
import type { Db } from '../../db/client.ts';
import { mediaUrl } from '../../platform/media.ts';
import { type AlgorithmRow, EMPTY_PARAMS, instanceCounts, type ModelRow } from './repo.ts';

/** The answers' items: models with how many instances use them, drafts with their model. */

export async function toModelItems(db: Db, rows: ModelRow[]): Promise<ModelItem[]> {
  const counts = await instanceCounts(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    task: row.task,
    classes: row.classes,
    inputWidth: row.inputWidth,
    inputHeight: row.inputHeight,
    format: row.format,
    version: row.version,
    sha256: row.sha256,
    sizeBytes: row.sizeBytes,
    description: row.description,
    builtin: row.builtin,
    instanceCount: counts.get(row.id) ?? 0,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }));
}

export function toDraftItem(
  row: AlgorithmRow,
  model: Pick<ModelRow, 'name' | 'classes'> | undefined,
  liveVersion: number | null = null,
): DraftItem {
  const params = { ...EMPTY_PARAMS, ...(row.params ?? {}) };
  return {
    id: row.id,
    name: row.name,
    code: row.code,
    modelId: row.modelId,
    modelName: model?.name ?? '',
    wizardStep: row.wizardStep,
    draft: row.draft,
    sampleImage: params.sampleImage,
    sampleImageUrl: mediaUrl(params.sampleImage),
    zones: params.zones,
    classes: params.classes,
    modelClasses: model?.classes ?? [],
    thresholds: params.thresholds,
    level: params.level,
    schedule: params.schedule,
    liveVersion,
    updatedAt: row.updatedAt.toISOString(),
  };
}
