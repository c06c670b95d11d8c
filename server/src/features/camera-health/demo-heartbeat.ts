import type { FastifyInstance } from 'fastify';
import { demoEngine } from '../engines/index.ts';
import { isDemoClipStopped } from '../video/index.ts';
import { isDemoMode, targetOf } from './probe.ts';
import { probedCameras } from './probe-repo.ts';
import { recordEngineEvidence } from './repo.ts';

/** How often the demo engine reports its cameras (well under the 60 s offline limit). */
export const DEMO_HEARTBEAT_SECONDS = 20;

/**
 * The demo engine's heartbeat: it "sees" every enabled camera playing a demo clip, and reports a
 * stopped clip's cameras as failing — as a real engine would when its stream went away. Through
 * the same evidence store as POST /ingest/heartbeat; the engine becomes the cameras' parent.
 */
export async function demoHeartbeat(app: FastifyInstance): Promise<number> {
  if (!isDemoMode(app)) return 0;
  const source = await demoEngine(app);
  const evidence = (await probedCameras(app.db)).flatMap((cam) => {
    const target = targetOf(cam, true);
    if (target.kind !== 'demo') return [];
    const ok = !isDemoClipStopped(app, target.clip);
    return [{ cameraId: cam.id, ok, error: ok ? null : 'cameraCheck.demoStopped' }];
  });
  await recordEngineEvidence(app, source.id, evidence, app.appConfig.now());
  return evidence.length;
}
