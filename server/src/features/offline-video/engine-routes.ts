import {
  OFFLINE_VIDEO_API,
  offlineAnalysisIdParams,
  offlineClaimResult,
  offlineEventFields,
  offlineFinishBody,
  offlineProgressBody,
} from '@sentinel/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authenticateEngine, type EngineRef, INGEST_IMAGE_MAX_BYTES } from '../../platform/engine-auth.ts';
import { envelopeOf, ok } from '../../platform/envelope.ts';
import { AppError, badRequest } from '../../platform/errors.ts';
import { sendMediaFile } from '../../platform/media.ts';
import { readMultipartForm } from '../../platform/multipart.ts';
import { addEvent, claimAnalysis, finishAnalysis, reportProgress } from './engine-service.ts';
import { findAnalysis } from './repo.ts';

const PREFIX = '/api/v2/backend';
const under = (path: string) => path.slice(PREFIX.length);
const ID = ':id';

/** The engine of the call, by its key (401 'engine.invalidKey' otherwise). */
async function engineOf(app: FastifyInstance, request: FastifyRequest): Promise<EngineRef> {
  const header = request.headers['x-engine-key'];
  return authenticateEngine(app, Array.isArray(header) ? header[0] : header);
}

/** Reads an event's fields and its image (multipart), the image cut just above 2 MB. */
async function readEventParts(request: FastifyRequest) {
  if (!request.isMultipart()) throw badRequest('image.type');
  const { values, files } = await readMultipartForm(request, {
    files: { image: { maxBytes: INGEST_IMAGE_MAX_BYTES, tooLarge: 'image.size' } },
    fields: 10,
  });
  const image = files.image;
  const fields = offlineEventFields.safeParse(values);
  if (!fields.success) {
    const issues = fields.error.issues.map((issue) => ({
      field: String(issue.path[0] ?? ''),
      message: 'field.invalid',
    }));
    throw badRequest('field.invalid', issues);
  }
  if (!image) throw badRequest('field.required', [{ field: 'image', message: 'field.required' }]);
  return { fields: fields.data, image };
}

/**
 * The engines' side of offline analysis, beside the alarm ingest (same key, `x-engine-key`):
 * claim the next job, download its video, report progress and events, finish. A job deleted by a
 * user answers 404 to its engine (stop); one taken back after silence answers 409.
 */
export const engineAnalysisRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['ingest'];
  const engineAccess = { access: 'public' as const };
  // Every call of this plugin: the key first, before the body is read and validated (401, not 400).
  app.addHook('onRequest', async (request) => {
    request.engine = await engineOf(app, request);
  });
  const caller = (request: FastifyRequest): EngineRef => {
    if (!request.engine) throw new AppError(401, 'engine.invalidKey');
    return request.engine;
  };
  const headers = z.object({ 'x-engine-key': z.string().optional() });
  const path = (make: (id: number) => string) => under(make(0)).replace('/0/', `/${ID}/`);

  app.post(under(OFFLINE_VIDEO_API.engineClaim), {
    config: engineAccess,
    schema: {
      tags,
      summary: 'An engine takes the next offline analysis (job null when none waits)',
      headers,
      response: { 200: envelopeOf(offlineClaimResult) },
    },
    handler: async (request) => {
      const job = await claimAnalysis(app, caller(request));
      return ok(request, { job: job ?? null });
    },
  });

  app.get(path(OFFLINE_VIDEO_API.engineVideo), {
    config: engineAccess,
    schema: {
      tags,
      summary: 'The uploaded video of an analysis (byte ranges)',
      headers,
      params: offlineAnalysisIdParams,
    },
    handler: async (request, reply) => {
      const source = caller(request);
      const row = await findAnalysis(app.db, request.params.id);
      if (row?.source !== 'file') throw new AppError(404, 'offlineVideo.notFound');
      if (row.engineId !== source.id) throw new AppError(409, 'offlineVideo.notRunning');
      return sendMediaFile(app, request, reply, row.videoPath);
    },
  });

  app.post(path(OFFLINE_VIDEO_API.engineProgress), {
    config: engineAccess,
    schema: {
      tags,
      summary: 'Progress of a running analysis (0–100)',
      headers,
      params: offlineAnalysisIdParams,
      body: offlineProgressBody,
      response: { 200: envelopeOf(z.null()) },
    },
    handler: async (request) => {
      await reportProgress(app, caller(request), request.params.id, request.body.progress);
      return ok(request, null);
    },
  });

  app.post(path(OFFLINE_VIDEO_API.engineEvent), {
    config: engineAccess,
    schema: {
      tags,
      summary:
        'A finding of a running analysis (multipart: algorithmId|algorithmCode, offsetSeconds, result; file image)',
      consumes: ['multipart/form-data'],
      headers,
      params: offlineAnalysisIdParams,
      response: { 200: envelopeOf(z.object({ id: z.number() })) },
    },
    handler: async (request) => {
      const source = caller(request);
      const { fields, image } = await readEventParts(request);
      return ok(request, await addEvent(app, source, request.params.id, fields, image));
    },
  });

  app.post(path(OFFLINE_VIDEO_API.engineFinish), {
    config: engineAccess,
    schema: {
      tags,
      summary: 'The end of an analysis: finished, or failed with a reason',
      headers,
      params: offlineAnalysisIdParams,
      body: offlineFinishBody,
      response: { 200: envelopeOf(z.null()) },
    },
    handler: async (request) => {
      await finishAnalysis(app, caller(request), request.params.id, request.body);
      return ok(request, null);
    },
  });
};
