import { TRAINING_STATE, type VersionMetrics } from '@sentinel/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { trainingJob } from '../../db/schema/index.ts';
import { createVersion } from '../algorithms/index.ts';
import { findDatasetVersion, findInstance, findVersion, transitionJob } from './repo.ts';
import { appendLog, publishJob, trainedClasses } from './service.ts';

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
  // One transaction with the job's row locked: the check, the new version and the move to
  // completed happen together, so a trainer retrying its upload, or a terminate arriving
  // meanwhile, never leaves a version the job does not point at.
  const version = await app.db.transaction(async (tx) => {
    const [job] = await tx.select().from(trainingJob).where(eq(trainingJob.id, jobId)).for('update');
    if (job?.state !== TRAINING_STATE.training) return undefined;
    const instance = await findInstance(tx, job.algorithmId);
    if (!instance) return undefined;
    const base = await findVersion(tx, job.baseVersionId);
    const dataset = await findDatasetVersion(tx, job.datasetVersionId);
    const params = base?.params ??
      instance.params ?? {
        sampleImage: '',
        zones: [],
        classes: dataset ? trainedClasses(instance, dataset) : [],
        thresholds: {},
        level: 120002,
        schedule: [],
      };
    const created = await createVersion(tx, {
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
    if (!created) return undefined;
    const moved = await transitionJob(tx, job.id, [TRAINING_STATE.training], {
      state: TRAINING_STATE.completed,
      progress: 100,
      epoch: job.epochs,
      metrics: result.metrics ?? job.metrics,
      resultVersionId: created.id,
      finishedAt: app.appConfig.now(),
    });
    if (!moved) throw new Error(`training job ${job.id} left training while locked`);
    return created;
  });
  if (!version) return false;
  await publishJob(app, jobId);
  await appendLog(app, jobId, [{ level: 'info', message: `completed: version ${version.number}` }]);
  return true;
}
