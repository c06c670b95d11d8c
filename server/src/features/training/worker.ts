import { TRAINING_API, TRAINING_STATE, type TrainerJob } from '@sentinel/contract';
import type { FastifyInstance } from 'fastify';
import { scheduleLeaseSweep } from '../../platform/job-lease.ts';
import { type QueueWorker, startQueueWorker } from '../../platform/job-queue.ts';
import { runDemoTraining } from './demo-trainer.ts';
import {
  datasetVersionItems,
  findDatasetVersion,
  findInstance,
  findJob,
  silentExternalJobs,
} from './repo.ts';
import {
  appendLog,
  failJob,
  moveJob,
  TRAINING_QUEUE,
  type TrainingPayload,
  trainedClasses,
} from './service.ts';

/**
 * The training queue's worker on this instance: takes a queued job, moves it into training and
 * runs it — the built-in demo trainer here, or hands it to the external trainer (POST
 * `{TRAINER_URL}/jobs`, which then calls back). A job whose instance died mid-training comes back
 * from the queue's sweep and resumes at its last epoch; after its attempts it ends as "training
 * error" with the reason. External jobs whose trainer falls silent end the same way.
 */
export function startTrainingWorker(app: FastifyInstance): QueueWorker {
  const worker = startQueueWorker<TrainingPayload>(app, {
    queue: TRAINING_QUEUE,
    pollMs: app.appConfig.trainer.pollMs,
    backoffMs: 2_000,
    handler: async (queued, { signal }) => {
      let job = await findJob(app.db, queued.payload.jobId);
      if (!job) return;
      if (job.state === TRAINING_STATE.notStarted) {
        job = await moveJob(app, job.id, [TRAINING_STATE.notStarted], {
          state: TRAINING_STATE.training,
          startedAt: app.appConfig.now(),
        });
        if (!job) return;
        await appendLog(app, job.id, [{ level: 'info', message: `started on ${app.appConfig.instanceId}` }]);
      } else if (job.state === TRAINING_STATE.training) {
        await appendLog(app, job.id, [
          {
            level: 'warn',
            message: `resumed at epoch ${job.epoch} on ${app.appConfig.instanceId} (attempt ${queued.attempts})`,
          },
        ]);
      } else {
        return; // terminated (or ended) while queued
      }
      if (job.trainer === 'builtin') await runDemoTraining(app, job, signal);
      else await dispatch(app, job.id, job.trainer, signal);
    },
    onGiveUp: async ({ payload }, reason) => {
      const code = reason.startsWith('lease of')
        ? 'training.restartLost'
        : reason.startsWith('trainer') || reason.includes('fetch')
          ? 'training.trainerUnreachable'
          : reason;
      await failJob(app, payload.jobId, code);
    },
    onRequeue: async ({ payload }) => {
      await appendLog(app, payload.jobId, [
        { level: 'warn', message: 'the server running this training stopped; the job is queued again' },
      ]);
    },
  });

  scheduleLeaseSweep(app, 'training silence', async () => {
    const before = new Date(app.appConfig.now().getTime() - app.appConfig.trainer.silenceMs);
    for (const { id } of await silentExternalJobs(app.db, before))
      await failJob(app, id, 'training.trainerSilent');
  });
  return worker;
}

/** Hands a job to the external trainer; a refusal or no answer throws (the queue retries). */
async function dispatch(app: FastifyInstance, jobId: number, trainerUrl: string, signal: AbortSignal) {
  const job = await findJob(app.db, jobId);
  const instance = job ? await findInstance(app.db, job.algorithmId) : undefined;
  const version = job ? await findDatasetVersion(app.db, job.datasetVersionId) : undefined;
  if (!job || !instance || !version) throw new Error('job, instance or dataset version missing');
  const base = app.appConfig.trainer.callbackUrl.replace(/\/$/, '');
  const body: TrainerJob = {
    id: job.id,
    algorithmId: job.algorithmId,
    classes: trainedClasses(instance, version),
    epochs: job.epochs,
    datasetUrl: base + TRAINING_API.trainerDataset(job.id),
    baseArtefactUrl: job.baseVersionId ? base + TRAINING_API.trainerBase(job.id) : null,
    callbackBase: base + TRAINING_API.trainerProgress(job.id).replace(/\/progress$/, ''),
  };
  let status: number;
  try {
    const response = await fetch(`${trainerUrl.replace(/\/$/, '')}/jobs`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.any([signal, AbortSignal.timeout(10_000)]),
    });
    status = response.status;
    await response.body?.cancel();
  } catch (error) {
    if (signal.aborted) return;
    await appendLog(app, job.id, [{ level: 'warn', message: `trainer not reached: ${String(error)}` }]);
    throw new Error(`trainer not reached: ${String(error)}`);
  }
  if (status < 200 || status >= 300) {
    await appendLog(app, job.id, [{ level: 'warn', message: `trainer answered ${status}` }]);
    throw new Error(`trainer answered ${status}`);
  }
  await appendLog(app, job.id, [
    {
      level: 'info',
      message: `handed to the trainer at ${trainerUrl} (${(await datasetVersionItems(app.db, version.id)).length} images)`,
    },
  ]);
}

/** Best effort: tells the external trainer a job was terminated. */
export async function notifyTrainerCancel(app: FastifyInstance, trainerUrl: string, jobId: number) {
  try {
    const response = await fetch(`${trainerUrl.replace(/\/$/, '')}/jobs/${jobId}/cancel`, {
      method: 'POST',
      signal: AbortSignal.timeout(5_000),
    });
    await response.body?.cancel();
  } catch (error) {
    app.log.warn({ err: error, job: jobId }, 'trainer not told of the termination');
  }
}
