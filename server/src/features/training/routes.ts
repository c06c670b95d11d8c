import {
  TRAINING_API,
  TRAINING_STATE,
  trainingCreateBody,
  trainingIdParams,
  trainingInstance,
  trainingInstanceParams,
  trainingJobDetail,
  trainingJobItem,
  trainingListQuery,
  trainingLogLine,
  trainingLogQuery,
  trainingPreview,
  trainingPreviewBody,
  type VersionBrief,
} from '@sentinel/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditChange } from '../../platform/audit.ts';
import { requireUser } from '../../platform/auth.ts';
import { envelopeOf, ok } from '../../platform/envelope.ts';
import { notFound } from '../../platform/errors.ts';
import { cancelJob } from '../../platform/job-queue.ts';
import { registerMediaOwner } from '../../platform/media-registry.ts';
import { hasPermission } from '../../platform/sessions.ts';
import { trainerCallbacks } from './openapi.ts';
import { datasetVersionsOf, findInstance, findJob, findVersion, listJobs, logAfter } from './repo.ts';
import {
  appendLog,
  createTrainingJob,
  jobItem,
  moveJob,
  notAllowed,
  previewTraining,
  toDatasetVersionBrief,
  toJobItem,
} from './service.ts';
import { trainerRoutes } from './trainer-routes.ts';
import { notifyTrainerCancel, startTrainingWorker } from './worker.ts';

const PREFIX = '/api/v2/backend';
const under = (path: string) => path.slice(PREFIX.length);
const PAGE = 'AlgorithmInstanceLibrary';
const access = { access: { permission: PAGE } } as const;

const versionBrief = (row: Awaited<ReturnType<typeof findVersion>>): VersionBrief | null =>
  row
    ? { id: row.id, number: row.number, metrics: row.metrics ?? null, createdAt: row.createdAt.toISOString() }
    : null;

/**
 * Retraining (issue 13 §5–6): the wizard's calls, the jobs' list, detail, log and terminate, the
 * trainer's callbacks (trainer-routes.ts) and this instance's training worker.
 */
export const trainingRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['training'];
  const worker = startTrainingWorker(app);
  registerMediaOwner(app, {
    subdir: 'training',
    canRead: async (user) => hasPermission(user, PAGE),
  });
  await app.register(trainerRoutes);

  app.get(under(TRAINING_API.instance(0)).replace('/0', '/:algorithmId'), {
    config: access,
    schema: {
      tags,
      summary: 'Step 1: the instance, its live version and its datasets’ frozen versions',
      params: trainingInstanceParams,
      response: { 200: envelopeOf(trainingInstance) },
    },
    handler: async (request) => {
      const instance = await findInstance(app.db, request.params.algorithmId);
      if (!instance) throw notFound('training.instanceNotFound');
      const versions = await datasetVersionsOf(app.db, instance.id);
      return ok(request, {
        id: instance.id,
        name: instance.name,
        classes: instance.params?.classes ?? [],
        liveVersion: versionBrief(await findVersion(app.db, instance.liveVersionId)),
        datasetVersions: versions.map(toDatasetVersionBrief),
        trainer: app.appConfig.trainer.url ? ('external' as const) : ('builtin' as const),
      });
    },
  });

  app.post(under(TRAINING_API.preview), {
    config: access,
    schema: {
      tags,
      summary: 'Step 2: what changed since the last training, and the minimum check',
      body: trainingPreviewBody,
      response: { 200: envelopeOf(trainingPreview) },
    },
    handler: async (request) =>
      ok(request, await previewTraining(app, request.body.algorithmId, request.body.datasetVersionId)),
  });

  app.put(under(TRAINING_API.create), {
    config: access,
    schema: {
      tags,
      summary: 'Confirm: a training job (not started) in the queue',
      description:
        'A worker then runs it: the built-in (simulated) trainer, or with TRAINER_URL set it hands the job to the external trainer (see the callbacks).',
      body: trainingCreateBody,
      callbacks: trainerCallbacks,
      response: { 200: envelopeOf(trainingJobItem) },
    },
    handler: async (request) => {
      const user = requireUser(request);
      const job = await createTrainingJob(app, request.body, { id: user.accountId, name: user.accountName });
      await auditChange(app, request, 'training.create', job.id, { ...request.body });
      worker.poke();
      return ok(request, job, 'training.created');
    },
  });

  app.post(under(TRAINING_API.list), {
    config: access,
    schema: {
      tags,
      summary: 'Training jobs, newest first (optionally of one instance)',
      body: trainingListQuery,
      response: { 200: envelopeOf(z.object({ list: z.array(trainingJobItem), count: z.number().int() })) },
    },
    handler: async (request) => {
      const { list, count } = await listJobs(app.db, request.body);
      return ok(request, { list: list.map(toJobItem), count });
    },
  });

  const idPath = (make: (id: number) => string) => under(make(0)).replace('/0', '/:id');

  app.get(idPath(TRAINING_API.detail), {
    config: access,
    schema: {
      tags,
      summary: 'One training job with its base, result and the live version',
      params: trainingIdParams,
      response: { 200: envelopeOf(trainingJobDetail) },
    },
    handler: async (request) => {
      const item = await jobItem(app, request.params.id);
      const instance = await findInstance(app.db, item.algorithmId);
      return ok(request, {
        ...item,
        baseVersion: versionBrief(await findVersion(app.db, item.baseVersionId)),
        liveVersion: versionBrief(await findVersion(app.db, instance?.liveVersionId ?? null)),
        resultVersion: versionBrief(await findVersion(app.db, item.resultVersionId)),
      });
    },
  });

  app.get(idPath(TRAINING_API.log), {
    config: access,
    schema: {
      tags,
      summary: 'A training job’s log lines after a given line id (at most 500)',
      params: trainingIdParams,
      querystring: trainingLogQuery,
      response: { 200: envelopeOf(z.array(trainingLogLine)) },
    },
    handler: async (request) => {
      if (!(await findJob(app.db, request.params.id))) throw notFound('training.notFound');
      const rows = await logAfter(app.db, request.params.id, request.query.after);
      return ok(
        request,
        rows.map((r) => ({
          id: r.id,
          at: r.at.toISOString(),
          level: r.level as 'info' | 'warn' | 'error',
          message: r.message,
        })),
      );
    },
  });

  app.post(idPath(TRAINING_API.terminate), {
    config: access,
    schema: {
      tags,
      summary: 'Terminate (not started or in training; otherwise 409 with the job as it is)',
      params: trainingIdParams,
      response: { 200: envelopeOf(trainingJobItem) },
    },
    handler: async (request) => {
      const { id } = request.params;
      const user = requireUser(request);
      const row = await moveJob(app, id, [TRAINING_STATE.notStarted, TRAINING_STATE.training], {
        state: TRAINING_STATE.terminated,
        finishedAt: app.appConfig.now(),
      });
      if (!row) throw await notAllowed(app, id);
      if (row.queueJobId) {
        await cancelJob(app.db, Number(row.queueJobId));
        worker.abort(Number(row.queueJobId));
      }
      await appendLog(app, id, [{ level: 'warn', message: `terminated by ${user.accountName}` }]);
      if (row.trainer !== 'builtin') await notifyTrainerCancel(app, row.trainer, id);
      await auditChange(app, request, 'training.terminate', id, { state: TRAINING_STATE.terminated });
      return ok(request, await jobItem(app, id), 'training.terminated');
    },
  });
};
