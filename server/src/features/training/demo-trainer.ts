import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Detection, VersionMetrics } from '@sentinel/contract';
import { TRAINING_STATE } from '@sentinel/contract';
import type { FastifyInstance } from 'fastify';
import { mediaRoot, resolveMediaPath } from '../../platform/media.ts';
import { completeJob } from './complete.ts';
import {
  datasetVersionItems,
  findDatasetVersion,
  findInstance,
  findVersion,
  type TrainingJobRow,
} from './repo.ts';
import { appendLog, jobState, reportProgress, trainedClasses } from './service.ts';

/**
 * The built-in demo trainer (issue 13 §6; used when TRAINER_URL is unset). It is a simulation —
 * the UI says so — but a deterministic one that learns from the dataset version: per class the
 * number of boxes and their mean size, the negatives. Metrics start from the base version's and
 * move with what the data brings (more negatives: fewer false positives and better precision;
 * more boxes: better recall), approached over the epochs; the artefact is the base artefact with
 * the learnt statistics appended, so a new version really differs by its content (sha256).
 */

export interface DatasetStats {
  images: number;
  negatives: number;
  boxes: Record<string, number>;
  /** Mean box width and height per class (0..1). */
  meanSize: Record<string, [number, number]>;
  /** A stable fingerprint of the labels, for a small deterministic jitter. */
  fingerprint: number;
}

export function datasetStats(items: { id: number; labels: Detection[] }[]): DatasetStats {
  const boxes: Record<string, number> = {};
  const sums: Record<string, [number, number]> = {};
  const hash = createHash('sha256');
  let negatives = 0;
  for (const item of items) {
    if (item.labels.length === 0) negatives += 1;
    hash.update(`${item.id}:${JSON.stringify(item.labels)};`);
    for (const label of item.labels) {
      boxes[label.cls] = (boxes[label.cls] ?? 0) + 1;
      const sum = sums[label.cls] ?? [0, 0];
      sum[0] += label.box[2];
      sum[1] += label.box[3];
      sums[label.cls] = sum;
    }
  }
  const meanSize: Record<string, [number, number]> = {};
  for (const [cls, [w, h]] of Object.entries(sums)) {
    const n = boxes[cls] ?? 1;
    meanSize[cls] = [Number((w / n).toFixed(4)), Number((h / n).toFixed(4))];
  }
  return { images: items.length, negatives, boxes, meanSize, fingerprint: hash.digest().readUInt32BE(0) };
}

const DEFAULT_BASE = { precision: 0.78, recall: 0.74, falsePositiveRate: 0.22 };
const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));
const round3 = (v: number) => Math.round(v * 1000) / 1000;

/** The simulated model's metrics after `epoch` of `epochs` (deterministic for a dataset). */
export function demoMetrics(
  base: VersionMetrics | null | undefined,
  stats: DatasetStats,
  classes: string[],
  epoch: number,
  epochs: number,
  evaluatedAt: Date,
): VersionMetrics {
  const start = base ?? DEFAULT_BASE;
  const boxes = classes.reduce((sum, cls) => sum + (stats.boxes[cls] ?? 0), 0);
  const negativeGain = 1 - Math.exp(-stats.negatives / 40);
  const boxGain = 1 - Math.exp(-boxes / 120);
  // Fewer epochs learn less; the curve flattens after ~15.
  const depth = 1 - Math.exp(-epochs / 6);
  const done = epochs === 0 ? 0 : (epoch / epochs) * depth;
  const jitter = ((stats.fingerprint % 1000) / 1000 - 0.5) * 0.01;
  const precision = start.precision + (0.97 - start.precision) * 0.6 * negativeGain * done + jitter;
  const recall = start.recall + (0.95 - start.recall) * 0.55 * boxGain * done - jitter / 2;
  const fpr = start.falsePositiveRate * (1 - 0.65 * negativeGain * done) + jitter / 4;
  return {
    precision: round3(clamp(precision, 0, 0.99)),
    recall: round3(clamp(recall, 0, 0.99)),
    falsePositiveRate: round3(clamp(fpr, 0.001, 1)),
    evaluatedOn: `simulated, ${stats.images} images (${stats.negatives} negatives)`,
    evaluatedAt: evaluatedAt.toISOString(),
  };
}

/** Runs one job (in training) to its end, or returns early when terminated, failed or aborted. */
export async function runDemoTraining(app: FastifyInstance, job: TrainingJobRow, signal: AbortSignal) {
  const { demoEpochMs } = app.appConfig.trainer;
  const version = await findDatasetVersion(app.db, job.datasetVersionId);
  const instance = await findInstance(app.db, job.algorithmId);
  if (!version || !instance) throw new Error('dataset version or instance missing');
  const base = await findVersion(app.db, job.baseVersionId);
  const items = await datasetVersionItems(app.db, version.id);
  const stats = datasetStats(items);
  const classes = trainedClasses(instance, version);
  await appendLog(app, job.id, [
    {
      level: 'info',
      message: `simulated trainer on ${app.appConfig.instanceId}: ${stats.images} images, ${stats.negatives} negatives, classes ${classes.join(', ')}`,
    },
  ]);
  let metrics = demoMetrics(base?.metrics, stats, classes, job.epoch, job.epochs, app.appConfig.now());
  for (let epoch = job.epoch + 1; epoch <= job.epochs; epoch += 1) {
    try {
      await sleep(demoEpochMs, undefined, { signal });
    } catch {
      return; // aborted: shutdown (the queue gives the job back) or terminate
    }
    if ((await jobState(app, job.id)) !== TRAINING_STATE.training) return;
    metrics = demoMetrics(base?.metrics, stats, classes, epoch, job.epochs, app.appConfig.now());
    const loss = round3(1.2 * Math.exp((-3 * epoch) / job.epochs) + 0.05);
    const progress = Math.floor((epoch / job.epochs) * 95);
    await appendLog(
      app,
      job.id,
      [
        {
          level: 'info',
          message: `epoch ${epoch}/${job.epochs} loss=${loss} precision=${metrics.precision} recall=${metrics.recall} fpr=${metrics.falsePositiveRate}`,
        },
      ],
      { whileTraining: true },
    );
    // The line first, then the figures: any epoch a user sees reported has its line in the log.
    if (!(await reportProgress(app, job.id, { progress, epoch, metrics }))) return;
  }
  if (signal.aborted || (await jobState(app, job.id)) !== TRAINING_STATE.training) return;
  const artefact = await writeArtefact(app, job, base?.artefact, { stats, classes, metrics });
  await completeJob(app, job.id, { ...artefact, metrics, note: 'simulated training (demo trainer)' });
}

async function writeArtefact(
  app: FastifyInstance,
  job: TrainingJobRow,
  baseArtefact: string | undefined,
  learnt: { stats: DatasetStats; classes: string[]; metrics: VersionMetrics },
) {
  const root = mediaRoot(app);
  const baseFile = baseArtefact ? resolveMediaPath(root, baseArtefact) : undefined;
  const baseBytes = baseFile ? await readFile(baseFile).catch(() => Buffer.alloc(0)) : Buffer.alloc(0);
  const trailer = Buffer.from(
    `\n#sentinel-demo-training ${JSON.stringify({ job: job.id, epochs: job.epochs, ...learnt })}\n`,
  );
  const buffer = Buffer.concat([baseBytes, trailer]);
  return storeArtefact(app, job, buffer);
}

/** Stores a trained artefact under media/training/<instance>/ and answers its path, sha256 and size. */
export async function storeArtefact(
  app: FastifyInstance,
  job: { id: number; algorithmId: number },
  buffer: Buffer,
) {
  const path = `training/${job.algorithmId}/job${job.id}-${randomBytes(6).toString('hex')}.bin`;
  const file = resolveMediaPath(mediaRoot(app), path);
  if (!file) throw new Error(`invalid artefact path ${path}`);
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, buffer, { flag: 'wx' });
  return {
    artefact: path,
    sha256: createHash('sha256').update(buffer).digest('hex'),
    sizeBytes: buffer.length,
  };
}
