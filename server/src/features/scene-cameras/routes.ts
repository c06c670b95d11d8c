import {
  algorithmArea,
  algorithmIdsBody,
  bindableCameraListResponse,
  bindableCameraQuery,
  bindCameraBody,
  bindCamerasBody,
  bindCamerasResult,
  createAlgorithmBody,
  idParams,
  type MessageCode,
  saveZonesBody,
  sceneCameraAlgorithmItem,
  sceneCameraAlgorithmOption,
  sceneCameraIdsBody,
  sceneCameraListQuery,
  sceneCameraListResponse,
  sceneCameraPathParams,
  sceneCameraScene,
  sceneCameraSceneQuery,
  sortZonesBody,
  zoneItem,
} from '@sentinel/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../platform/auth.ts';
import { envelopeOf, ok } from '../../platform/envelope.ts';
import { notFound } from '../../platform/errors.ts';
import { canSeeCameras, canSeeScene, sceneAuthority } from '../../platform/scene-authority.ts';
import {
  algorithmsOfSceneCamera,
  catalogueAlgorithms,
  listBindableCameras,
  listSceneCameras,
  listScenes,
} from './repo.ts';
import {
  assertSceneWrite,
  assertTargetsVisible,
  BIND_PERMISSION,
  CONTROL_PERMISSION,
  type ScenePermission,
  type SceneTargets,
  sceneWriteAccess,
} from './scene-permission.ts';
import * as service from './service.ts';

/**
 * Writes need the menu code of a managing page (admin holds every one): binding needs
 * cameraManagement, or temporaryOperationScene for temporary job scenes only; algorithms and
 * zones need controlAlgorithm, or temporaryAlgorithm for temporary job scenes only.
 */
const BIND = { access: sceneWriteAccess(BIND_PERMISSION) };
const CONTROL = { access: sceneWriteAccess(CONTROL_PERMISSION) };

/**
 * Cameras in scenes (SPEC §7), mounted under /api/v2/backend. Path meanings the SPEC leaves
 * open: `algorithm/{a}/{b}/list` and `algorithm/area/{a}/{b}/algorithmAreaList` take a = scene
 * id, b = camera id; the `…/{a}/{b}/temporaryWork/algorithmAreaList` variant answers only for
 * temporary job scenes.
 *
 * Scene authority (platform/scene-authority.ts): lists hold only the caller's visible scenes and
 * cameras (a hidden scene's lists are empty, as for an unknown one); reads and writes of a hidden
 * scene, scene camera or algorithm answer 404, and binding a hidden camera 404 'camera.notFound'.
 */
export const sceneCamerasRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['scene cameras'];

  const audit = async (request: FastifyRequest, action: string, target: string, detail = {}) => {
    const user = requireUser(request);
    await app.audit.write({
      accountId: user.accountId,
      accountName: user.accountName,
      action,
      target,
      detail,
      ip: request.ip,
      request,
    });
  };

  const authorityOf = (request: FastifyRequest) => sceneAuthority(app.db, requireUser(request));
  /** 404 unless the caller may see scene `sceneId`. */
  const assertSceneVisible = async (request: FastifyRequest, sceneId: number) => {
    if (!canSeeScene((await authorityOf(request)).scenes, sceneId)) throw notFound();
  };
  /** 404 'camera.notFound' unless the caller may see every camera of `ids`. */
  const assertCamerasVisible = async (request: FastifyRequest, ids: number[]) => {
    const auth = await authorityOf(request);
    if (auth.scenes !== 'all' && !(await canSeeCameras(app.db, auth, ids))) throw notFound('camera.notFound');
  };
  const check = async (request: FastifyRequest, permission: ScenePermission, targets: SceneTargets) => {
    await assertTargetsVisible(app.db, (await authorityOf(request)).scenes, targets);
    await assertSceneWrite(app.db, request, permission, targets);
  };
  const bindCheck = (request: FastifyRequest, targets: SceneTargets) =>
    check(request, BIND_PERMISSION, targets);
  const controlCheck = (request: FastifyRequest, targets: SceneTargets) =>
    check(request, CONTROL_PERMISSION, targets);

  // ---- reads --------------------------------------------------------------------------------

  app.post('/scene/camera/list', {
    config: { access: 'user' },
    schema: {
      tags,
      summary: 'Cameras bound to a scene (keyword on name, code, IP; enabled filter)',
      body: sceneCameraListQuery,
      response: { 200: envelopeOf(sceneCameraListResponse) },
    },
    handler: async (request) => {
      if (!canSeeScene((await authorityOf(request)).scenes, request.body.sceneId)) {
        return ok(request, { list: [], count: 0 });
      }
      return ok(request, await listSceneCameras(app.db, request.body));
    },
  });

  app.post('/scene/camera/bindable', {
    config: { access: 'user' },
    schema: {
      tags,
      summary: 'Cameras not yet bound to a scene (bind dialog; path not in the SPEC)',
      body: bindableCameraQuery,
      response: { 200: envelopeOf(bindableCameraListResponse) },
    },
    handler: async (request) => {
      const auth = await authorityOf(request);
      if (!canSeeScene(auth.scenes, request.body.sceneId)) return ok(request, { list: [], count: 0 });
      return ok(request, await listBindableCameras(app.db, request.body, auth));
    },
  });

  app.get('/scene/camera/scenes', {
    config: { access: 'user' },
    schema: {
      tags,
      summary: 'Scenes for the pickers of the scene camera screens (path not in the SPEC)',
      querystring: sceneCameraSceneQuery,
      response: { 200: envelopeOf(z.array(sceneCameraScene)) },
    },
    handler: async (request) =>
      ok(request, await listScenes(app.db, request.query.kind, (await authorityOf(request)).scenes)),
  });

  app.get('/scene/camera/algorithm/options', {
    config: { access: 'user' },
    schema: {
      tags,
      summary: 'Enabled algorithms with their allowed levels (add dialog; path not in the SPEC)',
      response: { 200: envelopeOf(z.array(sceneCameraAlgorithmOption)) },
    },
    handler: async (request) => ok(request, await catalogueAlgorithms(app.db)),
  });

  app.get('/scene/camera/algorithm/:a/:b/list', {
    config: { access: 'user' },
    schema: {
      tags,
      summary: 'Algorithms of a camera in a scene (a = scene id, b = camera id), with level and zones',
      params: sceneCameraPathParams,
      response: { 200: envelopeOf(z.array(sceneCameraAlgorithmItem)) },
    },
    handler: async (request) => {
      await assertSceneVisible(request, request.params.a);
      const sc = await service.requirePair(app.db, request.params.a, request.params.b);
      return ok(request, await algorithmsOfSceneCamera(app.db, sc.id));
    },
  });

  app.get('/scene/camera/algorithm/area/:a/:b/algorithmAreaList', {
    config: { access: 'user' },
    schema: {
      tags,
      summary: 'Zones of each algorithm of a camera in a scene (a = scene id, b = camera id), by sort',
      params: sceneCameraPathParams,
      response: { 200: envelopeOf(z.array(algorithmArea)) },
    },
    handler: async (request) => {
      await assertSceneVisible(request, request.params.a);
      return ok(request, await service.algorithmAreas(app.db, request.params.a, request.params.b, false));
    },
  });

  app.get('/scene/camera/algorithm/area/:a/:b/temporaryWork/algorithmAreaList', {
    config: { access: 'user' },
    schema: {
      tags,
      summary: 'algorithmAreaList for temporary job scenes only (a = scene id, b = camera id)',
      params: sceneCameraPathParams,
      response: { 200: envelopeOf(z.array(algorithmArea)) },
    },
    handler: async (request) => {
      await assertSceneVisible(request, request.params.a);
      return ok(request, await service.algorithmAreas(app.db, request.params.a, request.params.b, true));
    },
  });

  // ---- binding --------------------------------------------------------------------------------

  app.post('/scene/camera/', {
    config: BIND,
    schema: {
      tags,
      summary: "Bind a camera to a scene (twice: 409 'Do not add repeatedly')",
      body: bindCameraBody,
      response: { 200: envelopeOf(z.object({ id: z.number() })) },
    },
    handler: async (request) => {
      const { sceneId, cameraId } = request.body;
      await bindCheck(request, { sceneIds: [sceneId] });
      await assertCamerasVisible(request, [cameraId]);
      const row = await service.bindCamera(app.db, sceneId, cameraId);
      await audit(request, 'sceneCamera.bind', String(row.id), { sceneId, cameraId });
      return ok(request, row, 'common.saved');
    },
  });

  app.post('/scene/camera/cameras', {
    config: BIND,
    schema: {
      tags,
      summary: 'Bind several cameras; already bound ones are skipped and listed (all bound: 409)',
      body: bindCamerasBody,
      response: { 200: envelopeOf(bindCamerasResult) },
    },
    handler: async (request) => {
      await bindCheck(request, { sceneIds: [request.body.sceneId] });
      await assertCamerasVisible(request, request.body.cameraIds);
      const result = await service.bindCameras(app.db, request.body);
      await audit(request, 'sceneCamera.bind', String(request.body.sceneId), { ...result });
      return ok(request, result, 'common.saved');
    },
  });

  const toggle =
    (enabled: boolean, message: MessageCode) => async (request: FastifyRequest, ids: number[]) => {
      await bindCheck(request, { sceneCameraIds: ids });
      const changed = await service.setSceneCamerasEnabled(app.db, ids, enabled);
      await audit(request, enabled ? 'sceneCamera.enable' : 'sceneCamera.disable', changed.join(','));
      return ok(request, null, message);
    };
  const enable = toggle(true, 'common.enabled');
  const disable = toggle(false, 'common.disabled');

  for (const [path, run] of [
    ['enable', enable],
    ['disable', disable],
  ] as const) {
    app.post(`/scene/camera/${path}/:id`, {
      config: BIND,
      schema: {
        tags,
        summary: `${path === 'enable' ? 'Enable' : 'Disable'} a scene camera`,
        params: idParams,
        response: { 200: envelopeOf(z.null()) },
      },
      handler: async (request) => run(request, [request.params.id]),
    });
    const batch = path === 'enable' ? 'batchEnable' : 'batchDisable';
    app.post(`/scene/camera/${batch}`, {
      config: BIND,
      schema: {
        tags,
        summary: `${path === 'enable' ? 'Enable' : 'Disable'} several scene cameras ({ ids })`,
        body: sceneCameraIdsBody,
        response: { 200: envelopeOf(z.null()) },
      },
      handler: async (request) => run(request, request.body.ids),
    });
  }

  app.delete('/scene/camera/batchUnbind', {
    config: BIND,
    schema: {
      tags,
      summary: 'Unbind several scene cameras (their algorithms and zones go with them)',
      body: sceneCameraIdsBody,
      response: { 200: envelopeOf(z.null()) },
    },
    handler: async (request) => {
      await bindCheck(request, { sceneCameraIds: request.body.ids });
      const ids = await service.unbindSceneCameras(app.db, request.body.ids);
      await audit(request, 'sceneCamera.unbind', ids.join(','));
      return ok(request, null, 'common.deleted');
    },
  });

  app.delete('/scene/camera/:id', {
    config: BIND,
    schema: {
      tags,
      summary: 'Unbind a scene camera (its algorithms and zones go with it)',
      params: idParams,
      response: { 200: envelopeOf(z.null()) },
    },
    handler: async (request) => {
      await bindCheck(request, { sceneCameraIds: [request.params.id] });
      const ids = await service.unbindSceneCameras(app.db, [request.params.id]);
      await audit(request, 'sceneCamera.unbind', ids.join(','));
      return ok(request, null, 'common.deleted');
    },
  });

  // ---- algorithms and zones -------------------------------------------------------------------

  app.post('/scene/camera/createAlgorithm', {
    config: CONTROL,
    schema: {
      tags,
      summary: 'Add algorithms to a scene camera (one allowed level each, once per camera, optional zones)',
      body: createAlgorithmBody,
      response: { 200: envelopeOf(z.object({ ids: z.array(z.number()) })) },
    },
    handler: async (request) => {
      await controlCheck(request, { sceneCameraIds: [request.body.sceneCameraId] });
      const ids = await service.createAlgorithms(app.db, request.body);
      await audit(request, 'sceneCameraAlgorithm.create', ids.join(','), {
        sceneCameraId: request.body.sceneCameraId,
        algorithms: request.body.algorithms.map((a) => ({ algorithmId: a.algorithmId, level: a.level })),
      });
      return ok(request, { ids }, 'common.saved');
    },
  });

  app.delete('/scene/camera/algorithm/batchDelete', {
    config: CONTROL,
    schema: {
      tags,
      summary: 'Remove algorithms from scene cameras ({ ids } of scene camera algorithms)',
      body: algorithmIdsBody,
      response: { 200: envelopeOf(z.null()) },
    },
    handler: async (request) => {
      await controlCheck(request, { sceneCameraAlgorithmIds: request.body.ids });
      const ids = await service.deleteAlgorithms(app.db, request.body.ids);
      await audit(request, 'sceneCameraAlgorithm.delete', ids.join(','));
      return ok(request, null, 'common.deleted');
    },
  });

  app.put('/scene/camera/algorithm/area', {
    config: CONTROL,
    schema: {
      tags,
      summary: 'Save the zones of a scene camera algorithm (replaces them; path not in the SPEC)',
      body: saveZonesBody,
      response: { 200: envelopeOf(z.array(zoneItem)) },
    },
    handler: async (request) => {
      await controlCheck(request, { sceneCameraAlgorithmIds: [request.body.sceneCameraAlgorithmId] });
      const zones = await service.saveZones(app.db, request.body);
      await audit(request, 'detectionZone.save', String(request.body.sceneCameraAlgorithmId), {
        zones: zones.length,
      });
      return ok(request, zones, 'common.saved');
    },
  });

  app.post('/scene/camera/algorithm/area/batchSortOperation', {
    config: CONTROL,
    schema: {
      tags,
      summary: 'Reorder the zones of a scene camera algorithm ({ zoneIds } in the new order)',
      body: sortZonesBody,
      response: { 200: envelopeOf(z.array(zoneItem)) },
    },
    handler: async (request) => {
      await controlCheck(request, { sceneCameraAlgorithmIds: [request.body.sceneCameraAlgorithmId] });
      const zones = await service.sortZones(app.db, request.body);
      await audit(request, 'detectionZone.sort', String(request.body.sceneCameraAlgorithmId), {
        zoneIds: request.body.zoneIds,
      });
      return ok(request, zones, 'common.saved');
    },
  });
};
