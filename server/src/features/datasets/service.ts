import { readFile } from 'node:fs/promises';
import type {
  DatasetVersion,
  Detection,
  FalseAlarmImportPreview,
  FalseAlarmImportResult,
} from '@sentinel/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { AppError, badRequest } from '../../platform/errors.ts';
import { mediaRoot, removeMedia, resolveMediaPath } from '../../platform/media.ts';
import { checkImage, storeDatasetImage } from './images.ts';
import {
  type DatasetRecord,
  type FalseAlarmRecordRow,
  falseAlarmRecordsById,
  importedRecordIds,
  insertItem,
  knownHashes,
  reviewedFalseAlarms,
  touchDataset,
} from './repo.ts';
import {
  countLabels,
  type DatasetVersionRecord,
  findVersion,
  insertVersion,
  versionImages,
  versionItemClasses,
  versionsOf,
} from './versions-repo.ts';

/** Rules of datasets beyond plain SQL: freezing, version differences, false-alarm import. */

/**
 * Freezes a dataset's working set as its next version (numbered n+1); 409 'dataset.empty' with
 * nothing to freeze. Versions never change afterwards: no route edits them, removing an image
 * from the working set keeps it in every version.
 */
export async function freezeVersion(
  db: Db,
  input: { datasetId: number; note?: string; createdById: number | null; createdBy: string; now: Date },
): Promise<DatasetVersionRecord> {
  const version = await insertVersion(db, { note: '', ...input });
  if (!version) throw new AppError(409, 'dataset.empty');
  return version;
}

/** A frozen version's counts: images, negatives, boxes and images per class. */
export async function versionSummary(db: Db, versionId: number) {
  const version = await findVersion(db, versionId);
  if (!version) return undefined;
  const images = await versionImages(db, versionId);
  const imagesPerClass: Record<string, number> = {};
  for (const image of images) {
    for (const cls of new Set(image.labels.map((l) => l.cls)))
      imagesPerClass[cls] = (imagesPerClass[cls] ?? 0) + 1;
  }
  return {
    versionId: version.id,
    datasetId: version.datasetId,
    number: version.number,
    ...countLabels(images),
    imagesPerClass,
    itemIds: images.map((i) => i.itemId),
  };
}

/**
 * A version's images with their frozen labels and the file on disk, one by one (for a trainer):
 * `for await (const image of versionImageStream(app, versionId))`.
 */
export async function* versionImageStream(app: FastifyInstance, versionId: number) {
  const root = mediaRoot(app);
  for (const image of await versionImages(app.db, versionId)) {
    const file = resolveMediaPath(root, image.image);
    if (file) yield { ...image, file };
  }
}

/** The versions of a dataset, newest first, each with its difference to the one before. */
export async function listVersions(db: Db, datasetId: number): Promise<DatasetVersion[]> {
  const versions = await versionsOf(db, datasetId);
  const items = await versionItemClasses(db, datasetId);
  const byVersion = new Map<number, Map<number, string[]>>();
  for (const r of items) {
    const m = byVersion.get(r.versionId) ?? new Map<number, string[]>();
    m.set(r.itemId, r.classes);
    byVersion.set(r.versionId, m);
  }
  return versions.map((v, index) => {
    const now = byVersion.get(v.id) ?? new Map<number, string[]>();
    const previous = versions[index + 1];
    const before = previous
      ? (byVersion.get(previous.id) ?? new Map<number, string[]>())
      : new Map<number, string[]>();
    const diff = {
      added: {} as Record<string, number>,
      removed: {} as Record<string, number>,
      negativesAdded: 0,
      negativesRemoved: 0,
    };
    const count = (
      from: Map<number, string[]>,
      other: Map<number, string[]>,
      into: Record<string, number>,
      neg: 'negativesAdded' | 'negativesRemoved',
    ) => {
      for (const [itemId, classes] of from) {
        const was = other.get(itemId);
        if (classes.length === 0 && (was === undefined || was.length > 0)) diff[neg] += 1;
        for (const cls of classes) if (!was?.includes(cls)) into[cls] = (into[cls] ?? 0) + 1;
      }
    };
    count(now, before, diff.added, 'negativesAdded');
    count(before, now, diff.removed, 'negativesRemoved');
    return {
      id: v.id,
      number: v.number,
      itemCount: v.itemCount,
      negatives: v.negatives,
      classCounts: v.classCounts,
      note: v.note,
      createdBy: v.createdBy,
      createdAt: v.createdAt.toISOString(),
      diff,
    };
  });
}

/** Adds one checked image to the working set; 409 'dataset.duplicateImage' for an image it holds. */
export async function addImage(
  app: FastifyInstance,
  target: DatasetRecord,
  buffer: Buffer,
  labels: Detection[] = [],
) {
  const image = await checkImage(buffer);
  if ('refused' in image) {
    throw image.refused === 'dataset.entryTooLarge'
      ? new AppError(413, 'image.size')
      : badRequest('image.type');
  }
  if ((await knownHashes(app.db, target.id, [image.sha256])).size > 0)
    throw new AppError(409, 'dataset.duplicateImage');
  const path = await storeDatasetImage(app, image);
  const now = app.appConfig.now();
  const row = await insertItem(app.db, {
    datasetId: target.id,
    image: path,
    sha256: image.sha256,
    width: image.width,
    height: image.height,
    labels,
    source: 'upload',
    createdAt: now,
    updatedAt: now,
  });
  if (!row) {
    await removeMedia(app, path);
    throw new AppError(409, 'dataset.duplicateImage');
  }
  await touchDataset(
    app.db,
    target.id,
    now,
    labels.map((l) => l.cls),
  );
  return row;
}

/** The records an import would take: accepted / relabelled of the dataset's instance, not yet in it. */
async function candidates(
  db: Db,
  target: DatasetRecord,
  recordIds?: number[],
): Promise<{ todo: FalseAlarmRecordRow[]; already: number }> {
  if (target.algorithmId === null) throw badRequest('dataset.noAlgorithm');
  let records: FalseAlarmRecordRow[];
  if (recordIds) {
    records = await falseAlarmRecordsById(db, [...new Set(recordIds)]);
    // SPEC §5: batch retraining only for the same instance.
    if (records.some((r) => r.algorithmId !== target.algorithmId))
      throw badRequest('dataset.sameInstanceOnly');
    records = records.filter((r) => r.state === 'accepted' || r.state === 'relabelled');
  } else {
    records = await reviewedFalseAlarms(db, target.algorithmId);
  }
  const imported = await importedRecordIds(db, target.id);
  const todo = records.filter((r) => !imported.has(r.id));
  return { todo, already: records.length - todo.length };
}

export async function previewFalseAlarmImport(
  db: Db,
  target: DatasetRecord,
): Promise<FalseAlarmImportPreview> {
  const { todo, already } = await candidates(db, target);
  return {
    negatives: todo.filter((r) => r.state === 'accepted').length,
    relabelled: todo.filter((r) => r.state === 'relabelled').length,
    alreadyImported: already,
  };
}

/**
 * Imports reviewed false-alarm records: accepted ones as negatives (no boxes), relabelled ones
 * with their labels; never pending or dropped ones; each record once per dataset. A record whose
 * frame is gone or is already in the dataset (same image) is skipped.
 */
export async function importFalseAlarms(
  app: FastifyInstance,
  target: DatasetRecord,
  recordIds?: number[],
): Promise<FalseAlarmImportResult> {
  const { todo, already } = await candidates(app.db, target, recordIds);
  const result = { negatives: 0, relabelled: 0, skipped: already };
  const classes: string[] = [];
  for (const record of todo) {
    const file = resolveMediaPath(mediaRoot(app), record.frame);
    const buffer = file ? await readFile(file).catch(() => undefined) : undefined;
    const image = buffer ? await checkImage(buffer) : undefined;
    if (!image || 'refused' in image || (await knownHashes(app.db, target.id, [image.sha256])).size > 0) {
      result.skipped += 1;
      continue;
    }
    const labels = record.state === 'relabelled' ? record.labels.map(({ cls, box }) => ({ cls, box })) : [];
    const path = await storeDatasetImage(app, image);
    const now = app.appConfig.now();
    const row = await insertItem(app.db, {
      datasetId: target.id,
      image: path,
      sha256: image.sha256,
      width: image.width,
      height: image.height,
      labels,
      source: 'false_alarm',
      falseAlarmRecordId: record.id,
      createdAt: now,
      updatedAt: now,
    });
    if (!row) {
      await removeMedia(app, path);
      result.skipped += 1;
      continue;
    }
    if (record.state === 'relabelled') result.relabelled += 1;
    else result.negatives += 1;
    classes.push(...labels.map((l) => l.cls));
  }
  await touchDataset(app.db, target.id, app.appConfig.now(), classes);
  return result;
}
