import {
  cameraCheckListQuery,
  cameraCheckListResult,
  cameraHealthListQuery,
  cameraHealthListResult,
  cameraProbeBody,
  cameraProbeResult,
  demoStreamBody,
  demoStreamResult,
  outageListQuery,
  outageListResult,
  SELF_CHECK_CAMERAS_API,
  snapshotListQuery,
  snapshotListResult,
} from '@sentinel/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditChange } from '../../platform/audit.ts';
import { requireUser } from '../../platform/auth.ts';
import { envelopeOf, ok } from '../../platform/envelope.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { registerMediaOwner } from '../../platform/media-registry.ts';
import { type RepeatingTask, repeatEvery } from '../../platform/repeating-task.ts';
import { canSeeCameras, sceneAuthority } from '../../platform/scene-authority.ts';
import { isDemoClipStopped, setDemoClipRunning } from '../video/index.ts';
import { DEMO_HEARTBEAT_SECONDS, demoHeartbeat } from './demo-heartbeat.ts';
import { checkItem, listCameraHealth, listChecks, listOutages, listSnapshots } from './list-repo.ts';
import { isDemoMode, runProbePass, targetOf } from './probe.ts';
import { cameraOfSnapshot, probedCameras, referencedSnapshots, withProbeLock } from './probe-repo.ts';
import { pruneChecks } from './retention.ts';
import { runSnapshotPass, SNAPSHOT_SUBDIR } from './snapshots.ts';

const PREFIX = '/api/v2/backend';
const path = (full: string) => full.slice(PREFIX.length);

/** A camera's probe target kind and, for a demo one, whether its clip runs. */
function targetInfo(app: FastifyInstance) {
  const demoMode = isDemoMode(app);
  return (cam: { id: number; mainStreamUrl: string }) => {
    const target = targetOf(cam, demoMode);
    return {
      target: target.kind,
      demoRunning: target.kind === 'demo' ? !isDemoClipStopped(app, target.clip) : null,
    };
  };
}

/** The caller's scene authority; with `cameraId`, 404 unless the caller sees that camera. */
async function authorityFor(app: FastifyInstance, request: FastifyRequest, cameraId?: number) {
  const auth = await sceneAuthority(app.db, requireUser(request));
  if (cameraId !== undefined && !(await canSeeCameras(app.db, auth, [cameraId]))) {
    throw notFound('camera.notFound');
  }
  return auth;
}

/** Repeats `task` from ready to close when `seconds` > 0 (runs never overlap). */
function schedule(app: FastifyInstance, seconds: number, failure: string, task: () => Promise<unknown>) {
  if (seconds <= 0) return;
  let running: RepeatingTask<unknown> | undefined;
  app.addHook('onReady', async () => {
    running = repeatEvery(app.log, failure, seconds * 1000, task);
  });
  app.addHook('preClose', async () => {
    await running?.stop();
  });
}

/** Self-check (issue 14 §1): stream probes, snapshots and the camera pages' API. */
export const cameraCheckRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['camera health'];
  const { probeSeconds, snapshotSeconds } = app.appConfig.cameraProbe;
  schedule(app, probeSeconds, 'camera probe pass failed', () => runProbePass(app));
  schedule(app, snapshotSeconds, 'camera snapshot pass failed', () =>
    withProbeLock(app, async () => {
      await runSnapshotPass(app);
    }),
  );
  // Demo mode: the demo engine reports its cameras (off in tests: no monitor schedule there).
  schedule(
    app,
    app.appConfig.demoData && app.appConfig.cameraCheckSeconds > 0 ? DEMO_HEARTBEAT_SECONDS : 0,
    'demo engine heartbeat failed',
    () => demoHeartbeat(app),
  );
  // Retention: the plan task `cameraCheckRetention`, hourly by default (bounded batches per run).
  app.planTasks.register({
    code: 'cameraCheckRetention',
    defaultCron: '7 * * * *',
    timeLimitMs: 10 * 60_000,
    run: async () => ({ deleted: await pruneChecks(app) }),
  });

  registerMediaOwner(app, {
    subdir: SNAPSHOT_SUBDIR,
    async canRead(user, file) {
      const cameraId = await cameraOfSnapshot(app.db, file);
      if (cameraId === null) return false;
      return canSeeCameras(app.db, await sceneAuthority(app.db, user), [cameraId]);
    },
    referenced: (paths) => referencedSnapshots(app.db, paths),
  });

  app.post(path(SELF_CHECK_CAMERAS_API.cameras), {
    config: { access: { permission: 'cameraRecord' } },
    schema: {
      tags,
      summary: 'Cameras with their derived state, last evidence, last error and uptime of the last 24 h',
      body: cameraHealthListQuery,
      response: { 200: envelopeOf(cameraHealthListResult) },
    },
    handler: async (request) => {
      const auth = await authorityFor(app, request);
      return ok(
        request,
        await listCameraHealth(app.db, auth, request.body, app.appConfig.now(), targetInfo(app)),
      );
    },
  });

  app.post(path(SELF_CHECK_CAMERAS_API.checks), {
    config: { access: { permission: 'cameraRecord' } },
    schema: {
      tags,
      summary: "A camera's checks (stream probes and snapshots), newest first",
      body: cameraCheckListQuery,
      response: { 200: envelopeOf(cameraCheckListResult) },
    },
    handler: async (request) => {
      await authorityFor(app, request, request.body.cameraId);
      return ok(request, await listChecks(app.db, request.body));
    },
  });

  app.post(path(SELF_CHECK_CAMERAS_API.probe), {
    config: { access: { permission: 'cameraRecord' } },
    schema: {
      tags,
      summary: "Probes a camera's stream now and derives its state",
      body: cameraProbeBody,
      response: { 200: envelopeOf(cameraProbeResult) },
    },
    handler: async (request) => {
      const { cameraId } = request.body;
      const auth = await authorityFor(app, request, cameraId);
      const [check] = await runProbePass(app, cameraId);
      if (!check) throw notFound('camera.notFound');
      const {
        list: [camera],
      } = await listCameraHealth(
        app.db,
        auth,
        { page: 1, limit: 10, cameraId },
        app.appConfig.now(),
        targetInfo(app),
      );
      if (!camera) throw notFound('camera.notFound');
      return ok(request, { check: checkItem(check), camera });
    },
  });

  app.post(path(SELF_CHECK_CAMERAS_API.demoStream), {
    config: { access: { permission: 'cameraRecord' } },
    schema: {
      tags,
      summary: "Stops or starts a demo camera's demo stream (a stopped one answers 503)",
      body: demoStreamBody,
      response: { 200: envelopeOf(demoStreamResult) },
    },
    handler: async (request) => {
      const { cameraId, running } = request.body;
      await authorityFor(app, request, cameraId);
      const [cam] = await probedCameras(app.db, cameraId);
      if (!cam) throw notFound('camera.notFound');
      const target = targetOf(cam, isDemoMode(app));
      if (target.kind !== 'demo') throw badRequest('cameraCheck.notDemo');
      setDemoClipRunning(app, target.clip, running);
      await auditChange(
        app,
        request,
        running ? 'camera.demoStream.start' : 'camera.demoStream.stop',
        cameraId,
        {
          clip: target.clip,
        },
      );
      return ok(request, { cameraId, clip: target.clip, running });
    },
  });

  app.post(path(SELF_CHECK_CAMERAS_API.outages), {
    config: { access: { permission: 'cameraErrorLog' } },
    schema: {
      tags,
      summary: 'Camera outages: open ones first, then newest first, with their duration',
      body: outageListQuery,
      response: { 200: envelopeOf(outageListResult) },
    },
    handler: async (request) => {
      const auth = await authorityFor(app, request);
      return ok(request, await listOutages(app.db, auth, request.body, app.appConfig.now()));
    },
  });

  app.post(path(SELF_CHECK_CAMERAS_API.snapshots), {
    config: { access: { permission: 'cameraScreenshotLog' } },
    schema: {
      tags,
      summary: 'Camera snapshot grabs, newest first (image, ok or error, simulated)',
      body: snapshotListQuery,
      response: { 200: envelopeOf(snapshotListResult) },
    },
    handler: async (request) => {
      const auth = await authorityFor(app, request);
      return ok(request, await listSnapshots(app.db, auth, request.body));
    },
  });
};
