import {
  CAMERA_HEALTH_API,
  type HeartbeatBody,
  heartbeatBodySchema,
  heartbeatResultSchema,
} from '@sentinel/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { engineKeyHook } from '../../platform/engine-auth.ts';
import { envelopeOf, ok } from '../../platform/envelope.ts';
import { AppError } from '../../platform/errors.ts';
import { type RepeatingTask, repeatEvery } from '../../platform/repeating-task.ts';
import { cameraCheckRoutes } from './camera-routes.ts';
import { runMonitorPass } from './monitor.ts';
import { type CameraEvidence, markEngineSeen, recordEngineEvidence, resolveCameras } from './repo.ts';

/** Matches the heartbeat's named cameras to known ones (by id or code). */
async function evidenceOf(
  app: Parameters<FastifyPluginAsyncZod>[0],
  body: HeartbeatBody,
): Promise<CameraEvidence[]> {
  const named = body.cameras ?? [];
  const ids = named.flatMap((item) => (item.cameraId === undefined ? [] : [item.cameraId]));
  const codes = named.flatMap((item) => (item.cameraCode === undefined ? [] : [item.cameraCode]));
  const known = await resolveCameras(app, ids, codes);
  const evidence = new Map<number, CameraEvidence>();
  for (const item of named) {
    const match = known.find((row) => row.id === item.cameraId || row.code === item.cameraCode);
    if (match)
      evidence.set(match.id, {
        cameraId: match.id,
        ok: item.ok,
        error: item.ok ? null : (item.error ?? 'cameraHealth.engineReported'),
      });
  }
  return [...evidence.values()];
}

/** Self-check (issue 14): camera-health. */
export const cameraHealthRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(cameraCheckRoutes);
  // The monitor pass on a schedule, from ready to close (runs never overlap).
  const seconds = app.appConfig.cameraCheckSeconds;
  if (seconds > 0) {
    let task: RepeatingTask<void> | undefined;
    app.addHook('onReady', async () => {
      task = repeatEvery(app.log, 'camera monitor pass failed', seconds * 1000, () => runMonitorPass(app));
    });
    app.addHook('preClose', async () => {
      await task?.stop();
    });
  }

  app.post(CAMERA_HEALTH_API.heartbeat, {
    // Not a user session: the engine authenticates with its key (x-engine-key).
    config: { access: 'public' },
    schema: {
      tags: ['ingest'],
      summary: 'An engine reports it is alive and which cameras it sees (JSON: cameras?, version?)',
      headers: z.object({ 'x-engine-key': z.string().optional() }),
      body: heartbeatBodySchema,
      response: { 200: envelopeOf(heartbeatResultSchema) },
    },
    // Before the body is validated: a call without a valid key answers 401 whatever it sends.
    onRequest: engineKeyHook(app),
    handler: async (request) => {
      const source = request.engine;
      if (!source) throw new AppError(401, 'engine.invalidKey');
      const at = app.appConfig.now();
      await markEngineSeen(app, source.id, at);
      const evidence = await evidenceOf(app, request.body);
      await recordEngineEvidence(app, source.id, evidence, at);
      return ok(request, { engineId: source.id, cameras: evidence.length });
    },
  });
};
