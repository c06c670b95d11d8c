import {
  type DatasetVersionBrief,
  TRAINING_EVENTS,
  TRAINING_MIN_BOXES_PER_CLASS,
  TRAINING_MIN_IMAGES,
  TRAINING_STATE,
  type TrainingCreateBody,
  type TrainingJobItem,
  type TrainingPreview,
  type TrainingState,
} from '@sentinel/contract';
import type { FastifyInstance } from 'fastify';
import type { trainingJob } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { enqueueJob } from '../../platform/job-queue.ts';
import {
  activeJobOf,
  addLogLines,
  addLogLinesWhileTraining,
  type DatasetVersionRow,
  findDatasetVersion,
  findInstance,
  findJob,
  findJobItem,
  insertJob,
  lastCompletedJob,
  type TrainingJobItemRow,
  type TrainingJobRow,
  transitionJob,
} from './repo.ts';

/**
 * Training's rules (issue 13 §5): the SPEC §4 state machine on `training_job` —
 *   not started → in training (a trainer takes it) | terminated (user)
 *   in training → completed (artefact) | training error (trainer, restart) | terminated (user)
 * and nothing out of completed, training error or terminated. Every change is published on the
 * bus (`training.updated`), log lines as `training.log`, for the browsers' event stream.
 */

export const TRAINING_QUEUE = 'training';
export interface TrainingPayload {
  jobId: number;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function toJobItem(row: TrainingJobItemRow): TrainingJobItem {
  const { job } = row;
  return {
    id: job.id,
    algorithmId: job.algorithmId,
    algorithmName: row.algorithmName,
    baseVersionId: job.baseVersionId,
    datasetVersionId: job.datasetVersionId,
    state: job.state as TrainingState,
    progress: job.progress,
    epoch: job.epoch,
    epochs: job.epochs,
    metrics: job.metrics ?? null,
    resultVersionId: job.resultVersionId,
    resultVersionNumber: row.resultVersionNumber ?? null,
    error: job.error,
    trainer: job.trainer,
    createdBy: job.createdBy,
    createdAt: job.createdAt.toISOString(),
    startedAt: iso(job.startedAt),
    finishedAt: iso(job.finishedAt),
  };
}

export async function jobItem(app: FastifyInstance, id: number): Promise<TrainingJobItem> {
  const row = await findJobItem(app.db, id);
  if (!row) throw notFound('training.notFound');
  return toJobItem(row);
}

/** The 409 of a forbidden change: the job as it is. */
export async function notAllowed(app: FastifyInstance, id: number): Promise<AppError> {
  const row = await findJobItem(app.db, id);
  if (!row) return notFound('training.notFound');
  return new AppError(409, 'training.notAllowed', { job: toJobItem(row) });
}

/** Pushes the job as it is now on the event stream (`training.updated`). */
export async function publishJob(app: FastifyInstance, id: number): Promise<void> {
  try {
    const row = await findJobItem(app.db, id);
    if (row) await app.bus.publish({ type: TRAINING_EVENTS.updated, data: toJobItem(row) });
  } catch (error) {
    app.log.warn({ err: error, job: id }, 'training.updated not published');
  }
}

/** Appends log lines and pushes them on the event stream. */
export async function appendLog(
  app: FastifyInstance,
  jobId: number,
  lines: { level: 'info' | 'warn' | 'error'; message: string }[],
  options: { whileTraining?: boolean } = {},
): Promise<void> {
  // A trainer's lines: only while the job is in training (nothing after a terminate's own line).
  const rows = options.whileTraining
    ? await addLogLinesWhileTraining(app.db, jobId, lines)
    : await addLogLines(app.db, jobId, lines);
  if (rows.length === 0) return;
  const data = {
    jobId,
    lines: rows.map((r) => ({ id: r.id, at: r.at.toISOString(), level: r.level, message: r.message })),
  };
  await app.bus.publish({ type: TRAINING_EVENTS.log, data }).catch((error: unknown) => {
    app.log.warn({ err: error, job: jobId }, 'training.log not published');
  });
}

/**
 * Moves a job through the state machine; undefined when it is not in one of `from` (the caller
 * decides: 409 to a user or a trainer, silence for a worker that lost the race).
 */
export async function moveJob(
  app: FastifyInstance,
  id: number,
  from: TrainingState[],
  set: Partial<typeof trainingJob.$inferInsert>,
): Promise<TrainingJobRow | undefined> {
  const row = await transitionJob(app.db, id, from, set);
  if (row) await publishJob(app, id);
  return row;
}

/** Progress of a job in training (0–100, epoch); false when it is no longer in training. */
export async function reportProgress(
  app: FastifyInstance,
  id: number,
  values: Pick<typeof trainingJob.$inferInsert, 'progress' | 'epoch' | 'metrics'>,
): Promise<boolean> {
  return (await moveJob(app, id, [TRAINING_STATE.training], values)) !== undefined;
}

/** Ends a job in training as "training error" with the reason the user sees. */
export async function failJob(app: FastifyInstance, id: number, reason: string): Promise<boolean> {
  const row = await moveJob(app, id, [TRAINING_STATE.training, TRAINING_STATE.notStarted], {
    state: TRAINING_STATE.error,
    error: reason,
    finishedAt: app.appConfig.now(),
  });
  if (row) await appendLog(app, id, [{ level: 'error', message: reason }]);
  return row !== undefined;
}

const brief = (row: DatasetVersionRow): DatasetVersionBrief => ({
  id: row.id,
  datasetId: row.datasetId,
  datasetName: row.datasetName,
  number: row.number,
  itemCount: row.itemCount,
  negatives: row.negatives,
  classCounts: row.classCounts,
  createdAt: row.createdAt.toISOString(),
});
export const toDatasetVersionBrief = brief;

/** The classes an instance is trained on: its live parameters', else the dataset's. */
export const trainedClasses = (
  instance: { params: { classes: string[] } | null },
  version: { classes: string[] },
) => (instance.params?.classes.length ? instance.params.classes : version.classes);

/**
 * Step 2 of the wizard: what changed since this instance's last completed training, and what is
 * below the minimum. 404 for an unknown instance or dataset version; 400 'training.sameInstance'
 * (SPEC §5) for a dataset version of another instance.
 */
export async function previewTraining(
  app: FastifyInstance,
  algorithmId: number,
  datasetVersionId: number,
): Promise<TrainingPreview> {
  const instance = await findInstance(app.db, algorithmId);
  if (!instance) throw notFound('training.instanceNotFound');
  const version = await findDatasetVersion(app.db, datasetVersionId);
  if (!version) throw notFound('training.datasetNotFound');
  if (version.algorithmId !== algorithmId) {
    throw new AppError(400, 'training.sameInstance', {
      fields: [{ field: 'datasetVersionId', message: 'training.sameInstance' }],
    });
  }
  const last = await lastCompletedJob(app.db, algorithmId);
  const before = last ? await findDatasetVersion(app.db, last.datasetVersionId) : undefined;
  const classes = trainedClasses(instance, version);
  const problems: TrainingPreview['problems'] = [];
  if (version.itemCount < TRAINING_MIN_IMAGES) {
    problems.push({ code: 'training.tooFewImages', min: TRAINING_MIN_IMAGES });
  }
  for (const cls of classes) {
    if ((version.classCounts[cls] ?? 0) < TRAINING_MIN_BOXES_PER_CLASS) {
      problems.push({ code: 'training.classWithoutBoxes', cls, min: TRAINING_MIN_BOXES_PER_CLASS });
    }
  }
  return {
    datasetVersion: brief(version),
    lastTraining: last && before ? { jobId: last.id, datasetVersion: brief(before) } : null,
    images: { now: version.itemCount, before: before?.itemCount ?? 0 },
    negatives: { now: version.negatives, before: before?.negatives ?? 0 },
    classes: classes.map((cls) => ({
      cls,
      now: version.classCounts[cls] ?? 0,
      before: before?.classCounts[cls] ?? 0,
    })),
    problems,
  };
}

/**
 * Step 2's confirm: the job (not started) and its queue entry, in one transaction. 400 below the
 * minimum (the first problem's message, all problems in data), 409 'training.busy' while another
 * job of the instance has not ended.
 */
export async function createTrainingJob(
  app: FastifyInstance,
  body: TrainingCreateBody,
  actor: { id: number; name: string },
): Promise<TrainingJobItem> {
  const preview = await previewTraining(app, body.algorithmId, body.datasetVersionId);
  const first = preview.problems[0];
  if (first) {
    throw new AppError(400, first.code as 'training.tooFewImages', { problems: preview.problems });
  }
  if (await activeJobOf(app.db, body.algorithmId)) throw new AppError(409, 'training.busy');
  const instance = await findInstance(app.db, body.algorithmId);
  const job = await app.db.transaction(async (tx) => {
    const row = await insertJob(tx, {
      algorithmId: body.algorithmId,
      baseVersionId: instance?.liveVersionId ?? null,
      datasetVersionId: body.datasetVersionId,
      epochs: body.epochs,
      trainer: app.appConfig.trainer.url ?? 'builtin',
      createdById: actor.id,
      createdBy: actor.name,
    });
    const queueId = await enqueueJob(tx, TRAINING_QUEUE, { jobId: row.id } satisfies TrainingPayload, {
      maxAttempts: 3,
    });
    await transitionJob(tx, row.id, [TRAINING_STATE.notStarted], { queueJobId: String(queueId) });
    // The answer is the job this request created (not started, in the queue), read before the
    // commit: a worker may pick it up the moment it commits, and its progress comes by the stream.
    const item = await findJobItem(tx, row.id);
    if (!item) throw notFound('training.notFound');
    return toJobItem(item);
  });
  await appendLog(app, job.id, [
    { level: 'info', message: `queued: ${body.epochs} epochs on dataset version ${body.datasetVersionId}` },
  ]);
  await publishJob(app, job.id);
  return job;
}

/** The job's state now (for workers between epochs). */
export async function jobState(app: FastifyInstance, id: number): Promise<TrainingState | undefined> {
  return (await findJob(app.db, id))?.state as TrainingState | undefined;
}
