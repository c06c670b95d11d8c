import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { DatasetImportReport, Detection } from '@sentinel/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, badRequest } from '../../platform/errors.ts';
import { removeMedia } from '../../platform/media.ts';
import { readingMultipart } from '../../platform/multipart.ts';
import { planLabels } from './formats.ts';
import { checkImage, storeDatasetImage } from './images.ts';
import { type DatasetRecord, insertItem, knownHashes, touchDataset } from './repo.ts';
import { CheckedZip, looksLikeZip } from './zip-reader.ts';

/**
 * Zip import (issue 13 §4): the upload is streamed to a temporary file, cut just above
 * DATASET_ZIP_MAX_MB (413 'dataset.zipSize'), checked as a zip (zip-reader.ts: zip-slip and
 * zip bombs refuse the whole zip), then each image is checked by content and added with its labels;
 * the same image (sha256) is skipped and counted. Answers the report.
 */
export async function importZipUpload(
  app: FastifyInstance,
  request: FastifyRequest,
  target: DatasetRecord,
  onProgress?: (done: number, total: number) => void,
): Promise<DatasetImportReport> {
  if (!request.isMultipart()) throw badRequest('dataset.zipType');
  const limits = app.appConfig.datasetZip;
  const part = await readingMultipart(() =>
    request.file({ limits: { fileSize: limits.maxBytes, files: 1, fields: 5 } }),
  );
  if (!part) throw badRequest('dataset.zipType');
  const directory = join(app.appConfig.dataDir, 'tmp');
  await mkdir(directory, { recursive: true });
  const file = join(directory, `dataset-${randomBytes(12).toString('hex')}.zip`);
  try {
    await readingMultipart(() => pipeline(part.file, createWriteStream(file, { flags: 'wx' })));
    if (part.file.truncated) throw new AppError(413, 'dataset.zipSize');
    const head = Buffer.alloc(4);
    const handle = await open(file, 'r');
    try {
      await handle.read(head, 0, 4, 0);
    } finally {
      await handle.close();
    }
    if (!looksLikeZip(head)) throw badRequest('dataset.zipType');
    return await importZipFile(app, file, target, onProgress);
  } finally {
    await unlink(file).catch(() => undefined);
  }
}

/** Imports a zip file on disk into a dataset (see importZipUpload). */
export async function importZipFile(
  app: FastifyInstance,
  file: string,
  target: DatasetRecord,
  onProgress?: (done: number, total: number) => void,
): Promise<DatasetImportReport> {
  const zip = await CheckedZip.open(file, app.appConfig.datasetZip);
  try {
    const byName = new Map(zip.files.map((f) => [f.name, f]));
    const readText = async (name: string) => {
      const entry = byName.get(name);
      return entry ? (await zip.read(entry)).toString('utf8') : '';
    };
    const plan = await planLabels([...byName.keys()], readText, target.classes);
    const refused: DatasetImportReport['refused'] = [
      ...zip.oversize.map((entry) => ({ entry, reason: 'dataset.entryTooLarge' })),
      ...plan.unused.map((entry) => ({ entry, reason: 'dataset.unusedFile' })),
    ];
    if (plan.images.size === 0 && zip.oversize.length === 0) throw badRequest('dataset.zipEmpty');
    let added = 0;
    let duplicates = 0;
    let done = 0;
    const seen = new Set<string>();
    const classes: string[] = [];
    for (const [name, planned] of plan.images) {
      done += 1;
      onProgress?.(done, plan.images.size);
      const entry = byName.get(name);
      if (!entry) continue;
      if ('refused' in planned) {
        refused.push({ entry: name, reason: planned.refused });
        continue;
      }
      const image = await checkImage(await zip.read(entry));
      if ('refused' in image) {
        refused.push({ entry: name, reason: image.refused });
        continue;
      }
      if (seen.has(image.sha256) || (await knownHashes(app.db, target.id, [image.sha256])).size > 0) {
        duplicates += 1;
        continue;
      }
      seen.add(image.sha256);
      const labels: Detection[] = planned(image.width, image.height);
      const path = await storeDatasetImage(app, image);
      const row = await insertItem(app.db, {
        datasetId: target.id,
        image: path,
        sha256: image.sha256,
        width: image.width,
        height: image.height,
        labels,
        source: 'import',
        createdAt: app.appConfig.now(),
        updatedAt: app.appConfig.now(),
      });
      if (!row) {
        await removeMedia(app, path);
        duplicates += 1;
        continue;
      }
      added += 1;
      for (const l of labels) classes.push(l.cls);
    }
    const newClasses = await touchDataset(app.db, target.id, app.appConfig.now(), classes);
    return { format: plan.format, added, duplicates, refused, newClasses };
  } finally {
    zip.close();
  }
}
