import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import {
  TRAINING_API,
  TRAINING_STATE,
  trainerFailBody,
  trainerLogBody,
  trainerManifest,
  trainerProgressBody,
  trainingIdParams,
  trainingItemParams,
  versionMetrics,
} from '@sentinel/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type EngineRef, engineKeyHook } from '../../platform/engine-auth.ts';
import { envelopeOf, ok } from '../../platform/envelope.ts';
import { AppError, badRequest, notFound } from '../../platform/errors.ts';
import { mediaRoot, resolveMediaPath, sendMediaFile } from '../../platform/media.ts';
import { readMultipartForm } from '../../platform/multipart.ts';
import { completeJob } from './complete.ts';
import { storeArtefact } from './demo-trainer.ts';
import {
  bindTrainerEngine,
  datasetVersionItems,
  findDatasetVersion,
  findInstance,
  findJob,
  findVersion,
  findVersionItem,
  touchJob,
} from './repo.ts';
import { appendLog, failJob, notAllowed, reportProgress, trainedClasses } from './service.ts';

const PREFIX = '/api/v2/backend';

/**
 * The trainer's side of the contract (x-engine-key, an engine registered in the engines page):
 * downloads (dataset manifest, images, base artefact) and callbacks (progress, log, artefact,
 * fail). Unknown job or one not handed to a trainer: 404; another engine's job: 403; a job not in
 * training: 409 with the job as it is (downloads only need the job to be the caller's).
 */
export const trainerRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['training trainer'];
  const engineAccess = { access: 'public' as const };
  app.addHook('onRequest', engineKeyHook(app));
  const headers = z.object({ 'x-engine-key': z.string().optional() });
  const path = (make: (id: number) => string) => make(0).slice(PREFIX.length).replace('/0/', '/:id/');

  /** The caller's own job (binding it on the first call), else 404 / 403; with `live`, in training. */
  async function ownJob(request: FastifyRequest, id: number, live: boolean) {
    const engine = request.engine as EngineRef | undefined;
    if (!engine) throw new AppError(401, 'engine.invalidKey');
    const job = await findJob(app.db, id);
    if (!job || job.trainer === 'builtin') throw notFound('training.notFound');
    if (!(await bindTrainerEngine(app.db, id, engine.id))) throw new AppError(403, 'training.notOwnJob');
    if (live && job.state !== TRAINING_STATE.training) throw await notAllowed(app, id);
    return job;
  }

  app.get(path(TRAINING_API.trainerDataset), {
    config: engineAccess,
    schema: {
      tags,
      summary: 'The job’s dataset manifest',
      headers,
      params: trainingIdParams,
      response: { 200: envelopeOf(trainerManifest) },
    },
    handler: async (request) => {
      const job = await ownJob(request, request.params.id, false);
      const version = await findDatasetVersion(app.db, job.datasetVersionId);
      const instance = await findInstance(app.db, job.algorithmId);
      if (!version || !instance) throw notFound('training.datasetNotFound');
      const base = app.appConfig.trainer.callbackUrl.replace(/\/$/, '');
      const items = await datasetVersionItems(app.db, version.id);
      return ok(request, {
        classes: trainedClasses(instance, version),
        items: items.map((item) => ({
          id: item.id,
          url: base + TRAINING_API.trainerImage(job.id, item.id),
          width: item.width,
          height: item.height,
          labels: item.labels.map((l) => ({ cls: l.cls, box: l.box })),
        })),
      });
    },
  });

  app.get(path((id) => TRAINING_API.trainerImage(id, 0)).replace('/image/0', '/image/:itemId'), {
    config: engineAccess,
    schema: { tags, summary: 'One image of the job’s dataset version', headers, params: trainingItemParams },
    handler: async (request, reply) => {
      const job = await ownJob(request, request.params.id, false);
      const item = await findVersionItem(app.db, job.datasetVersionId, request.params.itemId);
      if (!item) throw notFound();
      return sendMediaFile(app, request, reply, item.image);
    },
  });

  app.get(path(TRAINING_API.trainerBase), {
    config: engineAccess,
    schema: { tags, summary: 'The base version’s artefact', headers, params: trainingIdParams },
    handler: async (request, reply) => {
      const job = await ownJob(request, request.params.id, false);
      const base = await findVersion(app.db, job.baseVersionId);
      const file = base ? resolveMediaPath(mediaRoot(app), base.artefact) : undefined;
      const size = file
        ? await stat(file)
            .then((s) => s.size)
            .catch(() => undefined)
        : undefined;
      if (!file || size === undefined) throw notFound();
      return reply
        .type('application/octet-stream')
        .header('content-length', size)
        .send(createReadStream(file));
    },
  });

  app.post(path(TRAINING_API.trainerProgress), {
    config: engineAccess,
    schema: {
      tags,
      summary: 'Progress (0–100), epoch and metrics so far',
      headers,
      params: trainingIdParams,
      body: trainerProgressBody,
      response: { 200: envelopeOf(z.null()) },
    },
    handler: async (request) => {
      const { id } = request.params;
      await ownJob(request, id, true);
      const { epoch, progress, metrics } = request.body;
      if (
        !(await reportProgress(app, id, {
          epoch,
          progress: Math.min(progress, 99),
          ...(metrics ? { metrics } : {}),
        }))
      ) {
        throw await notAllowed(app, id);
      }
      return ok(request, null);
    },
  });

  app.post(path(TRAINING_API.trainerLog), {
    config: engineAccess,
    schema: {
      tags,
      summary: 'Log lines',
      headers,
      params: trainingIdParams,
      body: trainerLogBody,
      response: { 200: envelopeOf(z.null()) },
    },
    handler: async (request) => {
      const { id } = request.params;
      await ownJob(request, id, true);
      await appendLog(app, id, request.body.lines, { whileTraining: true });
      await touchJob(app.db, id);
      return ok(request, null);
    },
  });

  app.post(path(TRAINING_API.trainerArtefact), {
    config: engineAccess,
    schema: {
      tags,
      summary:
        'The trained artefact (multipart: file, metrics as JSON): completes the job with a new version',
      headers,
      params: trainingIdParams,
      response: { 200: envelopeOf(z.object({ versionId: z.number().int().nullable() })) },
    },
    handler: async (request) => {
      const { id } = request.params;
      const job = await ownJob(request, id, true);
      const { buffer, metrics } = await readArtefact(app, request);
      const stored = await storeArtefact(app, job, buffer);
      if (
        !(await completeJob(app, id, {
          ...stored,
          metrics,
          note: `trained by ${request.engine?.name ?? ''}`,
        }))
      ) {
        throw await notAllowed(app, id);
      }
      return ok(request, { versionId: (await findJob(app.db, id))?.resultVersionId ?? null });
    },
  });

  app.post(path(TRAINING_API.trainerFail), {
    config: engineAccess,
    schema: {
      tags,
      summary: 'The training failed (the reason the user sees)',
      headers,
      params: trainingIdParams,
      body: trainerFailBody,
      response: { 200: envelopeOf(z.null()) },
    },
    handler: async (request) => {
      const { id } = request.params;
      await ownJob(request, id, true);
      if (!(await failJob(app, id, request.body.reason))) throw await notAllowed(app, id);
      return ok(request, null);
    },
  });
};

async function readArtefact(app: FastifyInstance, request: FastifyRequest) {
  if (!request.isMultipart()) throw badRequest('training.artefactRequired');
  const { values, files } = await readMultipartForm(request, {
    files: { file: { maxBytes: app.appConfig.trainer.artefactMaxBytes, tooLarge: 'training.artefactSize' } },
    fields: 5,
  });
  const buffer = files.file;
  if (!buffer || buffer.length === 0) {
    throw badRequest('training.artefactRequired', [{ field: 'file', message: 'training.artefactRequired' }]);
  }
  let metrics = null;
  if (values.metrics) {
    let raw: unknown;
    try {
      raw = JSON.parse(values.metrics);
    } catch {
      raw = undefined;
    }
    const parsed = versionMetrics.safeParse(raw);
    if (!parsed.success) throw badRequest('field.invalid', [{ field: 'metrics', message: 'field.invalid' }]);
    metrics = parsed.data;
  }
  return { buffer, metrics };
}
