import { TRAINING_STATE, type VersionMetrics } from '@sentinel/contract';
import type { FastifyInstance } from 'fastify';
import { createVersion } from '../algorithms/index.ts';
import { findDatasetVersion, findInstance, findJob, findVersion } from './repo.ts';
import { appendLog, moveJob, trainedClasses } from './service.ts';

/**
 * A job in training ends with its artefact: a new version of the instance (source 'training', its
 * metrics, not live — publishing is the instance library's), then completed with
 * `result_version_id`. Answers false when the job is no longer in training.
 */
export async function completeJob(
  app: FastifyInstance,
  jobId: number,
  result: {
    artefact: string;
    sha256: string;
    sizeBytes: number;
    metrics: VersionMetrics | null;
    note: string;
  },
): Promise<boolean> {
  const job = await findJob(app.db, jobId);
  if (job?.state !== TRAINING_STATE.training) return false;
  const instance = await findInstance(app.db, job.algorithmId);
  if (!instance) return false;
  const base = await findVersion(app.db, job.baseVersionId);
  const dataset = await findDatasetVersion(app.db, job.datasetVersionId);
  const params = base?.params ??
    instance.params ?? {
      sampleImage: '',
      zones: [],
      classes: dataset ? trainedClasses(instance, dataset) : [],
      thresholds: {},
      level: 120002,
      schedule: [],
    };
  const version = await createVersion(app.db, {
    algorithmId: job.algorithmId,
    modelId: base?.modelId ?? instance.modelId,
    artefact: result.artefact,
    sha256: result.sha256,
    sizeBytes: result.sizeBytes,
    params,
    metrics: result.metrics,
    source: 'training',
    trainingJobId: job.id,
    note: result.note,
    actor: { id: job.createdById, name: job.createdBy },
  });
  if (!version) return false;
  const moved = await moveJob(app, job.id, [TRAINING_STATE.training], {
    state: TRAINING_STATE.completed,
    progress: 100,
    epoch: job.epochs,
    metrics: result.metrics ?? job.metrics,
    resultVersionId: version.id,
    finishedAt: app.appConfig.now(),
  });
  if (moved)
    await appendLog(app, job.id, [{ level: 'info', message: `completed: version ${version.number}` }]);
  return moved !== undefined;
}
