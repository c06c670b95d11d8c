import { historyIngestResult } from '@sentinel/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authenticateEngine, type EngineRef, INGEST_IMAGE_MAX_BYTES } from '../../platform/engine-auth.ts';
import { envelopeOf, ok } from '../../platform/envelope.ts';
import { AppError, badRequest } from '../../platform/errors.ts';
import { readMultipartForm } from '../../platform/multipart.ts';
import { dcsFields, eventFields, ingestDcsAlarm, ingestEvent, parseFields } from './ingest.ts';

const engineOf = (request: FastifyRequest): Promise<EngineRef> => {
  const header = request.headers['x-engine-key'];
  return authenticateEngine(request.server, Array.isArray(header) ? header[0] : header);
};

/** Text fields and the `image` file of a multipart request (an oversize image: 413 'image.size'). */
async function readMultipart(
  request: FastifyRequest,
): Promise<{ values: Record<string, string>; image?: Buffer }> {
  const { values, files } = await readMultipartForm(request, {
    files: { image: { maxBytes: INGEST_IMAGE_MAX_BYTES, tooLarge: 'image.size' } },
  });
  return { values, image: files.image };
}

const ingestConfig = {
  // Not a user session: the engine authenticates with its key (x-engine-key).
  access: 'public' as const,
  // Budget: per engine key, INGEST_RATE_LIMIT_PER_MINUTE (platform/rate-limits.ts).
};

const headers = z.object({ 'x-engine-key': z.string().optional() });
const response = { 200: envelopeOf(historyIngestResult) };

/** The engines' ingest of events and DCS alarms (key in `x-engine-key`), under /api/v2/backend. */
export const historyIngestRoutes: FastifyPluginAsyncZod = async (app) => {
  // The key first, before the body is read (401 for a keyless call, whatever it sends).
  app.addHook('onRequest', async (request) => {
    request.engine = await engineOf(request);
  });
  const caller = (request: FastifyRequest): EngineRef => {
    if (!request.engine) throw new AppError(401, 'engine.invalidKey');
    return request.engine;
  };
  app.post('/ingest/event', {
    config: ingestConfig,
    schema: {
      tags: ['ingest'],
      summary:
        'An engine reports an event (multipart: eventId, eventName, eventTime, sceneId, cameraId, historyAssignmentId, extraInfo (JSON); file image)',
      consumes: ['multipart/form-data'],
      headers,
      response,
    },
    handler: async (request) => {
      const source = caller(request);
      if (!request.isMultipart()) throw badRequest('image.type');
      const { values, image } = await readMultipart(request);
      const input = parseFields(eventFields, values);
      if (!image) throw badRequest('field.required', [{ field: 'image', message: 'field.required' }]);
      return ok(request, await ingestEvent(app, source, input, image));
    },
  });

  app.post('/ingest/dcsAlarm', {
    config: ingestConfig,
    schema: {
      tags: ['ingest'],
      summary:
        'An engine reports a DCS alarm (JSON or multipart fields: eventId, tag, value, priority, message, sceneId, alarmTime)',
      consumes: ['application/json', 'multipart/form-data'],
      headers,
      response,
    },
    handler: async (request) => {
      const source = caller(request);
      const values = request.isMultipart() ? (await readMultipart(request)).values : request.body;
      const input = parseFields(dcsFields, values);
      return ok(request, await ingestDcsAlarm(app, source, input));
    },
  });
};
