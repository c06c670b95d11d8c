import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { engineKeyHook, INGEST_IMAGE_MAX_BYTES } from '../../platform/engine-auth.ts';
import { envelopeOf, ok } from '../../platform/envelope.ts';
import { AppError, badRequest } from '../../platform/errors.ts';
import { type FileLimit, readMultipartForm } from '../../platform/multipart.ts';
import { INGEST_CLIP_MAX_BYTES, type IngestFiles, ingestAlarm, parseIngestFields } from './ingest-service.ts';
import { type AlarmSimulator, startAlarmSimulator } from './simulator.ts';

/** Each file's limit; over it, too large for this kind of file (413). */
const FILE_LIMITS: Record<keyof IngestFiles, FileLimit> = {
  image: { maxBytes: INGEST_IMAGE_MAX_BYTES, tooLarge: 'image.size' },
  imageDraw: { maxBytes: INGEST_IMAGE_MAX_BYTES, tooLarge: 'image.size' },
  clip: { maxBytes: INGEST_CLIP_MAX_BYTES, tooLarge: 'error.tooLarge' },
};

const ingestResult = z.object({ id: z.number(), duplicate: z.boolean() });

/** The engines' alarm ingest API (and the demo's simulated engine), mounted under /api/v2/backend. */
export const ingestRoutes: FastifyPluginAsyncZod = async (app) => {
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
    // Budget: per engine key, INGEST_RATE_LIMIT_PER_MINUTE (platform/rate-limits.ts).
    config: { access: 'public' },
    schema: {
      tags: ['ingest'],
      summary:
        'An engine reports a video alarm (multipart: eventId, alarmTime, priority, algorithmCode|algorithmId, sceneId, cameraId|cameraCode, alarmResult, extraInfoName, extraInfo (JSON), detections (JSON array of {cls, confidence, box: [x, y, w, h] normalised 0..1}, ≤ 50), historyAssignmentId, jobNumber, requireApproval; files image, imageDraw, clip (mp4))',
      consumes: ['multipart/form-data'],
      headers: z.object({ 'x-engine-key': z.string().optional() }),
      response: { 200: envelopeOf(ingestResult) },
    },
    // Before the body is read: a call without a valid key answers 401 whatever it sends.
    onRequest: engineKeyHook(app),
    handler: async (request) => {
      const source = request.engine;
      if (!source) throw new AppError(401, 'engine.invalidKey');
      if (!request.isMultipart()) throw badRequest('image.type');
      const form = await readMultipartForm(request, { files: FILE_LIMITS, fields: 20 });
      const values = form.values;
      const files = form.files as Partial<IngestFiles>;
      const input = parseIngestFields(values);
      if (!files.image) throw badRequest('field.required', [{ field: 'image', message: 'field.required' }]);
      const result = await ingestAlarm(app, source, input, { ...files, image: files.image });
      return ok(request, result);
    },
  });
};
