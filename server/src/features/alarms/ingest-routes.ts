import type { MultipartFile } from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeOf, ok } from '../../platform/envelope.ts';
import { AppError, badRequest } from '../../platform/errors.ts';
import { authenticateEngine, type EngineRef, INGEST_IMAGE_MAX_BYTES } from '../engines/auth.ts';
import { engineRoutes } from '../engines/routes.ts';
import { INGEST_CLIP_MAX_BYTES, type IngestFiles, ingestAlarm, parseIngestFields } from './ingest-service.ts';
import { type AlarmSimulator, startAlarmSimulator } from './simulator.ts';

declare module 'fastify' {
  interface FastifyRequest {
    engine?: EngineRef;
  }
}

const FILE_LIMITS: Record<keyof IngestFiles, number> = {
  image: INGEST_IMAGE_MAX_BYTES,
  imageDraw: INGEST_IMAGE_MAX_BYTES,
  clip: INGEST_CLIP_MAX_BYTES,
};
const isFileField = (name: string): name is keyof IngestFiles => Object.hasOwn(FILE_LIMITS, name);

/** 1,000 alarms a second from one address, well above the ≥ 500/s the ingest is built for. */
const INGEST_PER_ADDRESS_PER_MINUTE = 60_000;

const ingestResult = z.object({ id: z.number(), duplicate: z.boolean() });

/** Engine keys and the engines' ingest API, mounted under /api/v2/backend. */
export const ingestRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(engineRoutes);

  // Demo mode: the simulated engine reports through the same ingest service, from ready to close.
  const seconds = app.appConfig.alarmSimulatorSeconds;
  if (seconds > 0 && app.appConfig.demoData) {
    let simulator: AlarmSimulator | undefined;
    app.addHook('onReady', async () => {
      simulator = startAlarmSimulator(app, seconds);
    });
    app.addHook('preClose', async () => {
      await simulator?.stop();
    });
  }

  app.post('/ingest/videoAlarm', {
    // Not a user session: the engine authenticates with its key (x-engine-key) below.
    config: {
      access: 'public',
      // Engines report from few addresses at plant rate (hundreds a second): the general limit of
      // 1,200 a minute per address would refuse alarms, so ingest gets its own, per address.
      rateLimit: { max: INGEST_PER_ADDRESS_PER_MINUTE, timeWindow: 60_000 },
    },
    schema: {
      tags: ['ingest'],
      summary:
        'An engine reports a video alarm (multipart: eventId, alarmTime, priority, algorithmCode|algorithmId, sceneId, cameraId|cameraCode, alarmResult, extraInfoName, extraInfo (JSON), historyAssignmentId, jobNumber, requireApproval; files image, imageDraw, clip (mp4))',
      consumes: ['multipart/form-data'],
      headers: z.object({ 'x-engine-key': z.string().optional() }),
      response: { 200: envelopeOf(ingestResult) },
    },
    // Before the body is read: a call without a valid key answers 401 whatever it sends.
    onRequest: async (request) => {
      const header = request.headers['x-engine-key'];
      request.engine = await authenticateEngine(app, Array.isArray(header) ? header[0] : header);
    },
    handler: async (request) => {
      const source = request.engine;
      if (!source) throw new AppError(401, 'engine.invalidKey');
      if (!request.isMultipart()) throw badRequest('image.type');
      const values: Record<string, string> = {};
      const files: Partial<IngestFiles> = {};
      const parts = request.parts({
        limits: { fileSize: INGEST_CLIP_MAX_BYTES + 1, files: 3, fields: 20, fieldSize: 64 * 1024 },
      });
      for await (const part of parts) {
        if (part.type === 'field') {
          if (typeof part.value === 'string') values[part.fieldname] = part.value;
          continue;
        }
        const file = part as MultipartFile;
        if (!isFileField(file.fieldname)) {
          file.file.resume();
          continue;
        }
        const buffer = await file.toBuffer();
        // Cut just above the route's limit (not thrown): too large for this kind of file.
        if (file.file.truncated || buffer.length > FILE_LIMITS[file.fieldname]) {
          throw new AppError(413, file.fieldname === 'clip' ? 'error.tooLarge' : 'image.size');
        }
        files[file.fieldname] = buffer;
      }
      const input = parseIngestFields(values);
      if (!files.image) throw badRequest('field.required', [{ field: 'image', message: 'field.required' }]);
      const result = await ingestAlarm(app, source, input, { ...files, image: files.image });
      return ok(request, result);
    },
  });
};
