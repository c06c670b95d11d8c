import {
  algorithmStateHoi,
  idParams,
  type SceneKind,
  sceneAlgorithmItem,
  sceneAlgorithmParams,
  sceneBody,
  sceneDetail,
  sceneIdsBody,
  sceneItem,
  sceneListAllQuery,
  sceneListQuery,
  sceneUpdateBody,
} from '@sentinel/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditChange } from '../../platform/audit.ts';
import { requireUser } from '../../platform/auth.ts';
import { envelopeOf, ok } from '../../platform/envelope.ts';
import { badRequest, forbidden, notFound } from '../../platform/errors.ts';
import { canSeeScene, managesArea, sceneAuthority } from '../../platform/scene-authority.ts';
import { cameraAlgorithms, sceneAlgorithmStates } from './algorithm-repo.ts';
import { fixedOperationRoutes } from './fixed-operation-routes.ts';
import { jobTypeRoutes } from './job-type-routes.ts';
import { findScene, listAllScenes, listScenes, sceneCameras } from './repo.ts';
import {
  assertCanWrite,
  createScene,
  deleteScenes,
  kindsOf,
  SCENE_WRITE_ACCESS,
  sceneAreaOf,
  sceneKindOf,
  setSceneEnabled,
  updateScene,
} from './service.ts';

/**
 * Scenes (SPEC §7 "Scenes"), mounted under /api/v2/backend. Writes need the permission of the page
 * that manages the scene's kind (SCENE_KIND_PERMISSION); reads are open to every logged-in user.
 * Scene authority (platform/scene-authority.ts): lists hold only the caller's visible scenes, and a
 * read or write of any other scene answers 404 as for an unknown one. A limited account may create
 * a scene, or move one, only into an area it manages (403 otherwise).
 */
export const scenesRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['scenes'];
  const write = { access: SCENE_WRITE_ACCESS };
  const authorityOf = (request: FastifyRequest) => sceneAuthority(app.db, requireUser(request));
  /** 404, as for an unknown scene, unless the caller may see every scene of `ids`. */
  const assertVisible = async (request: FastifyRequest, ids: number[]) => {
    const { scenes } = await authorityOf(request);
    if (!ids.every((id) => canSeeScene(scenes, id))) throw notFound();
  };
  /** 403 unless the caller may place a scene in `areaId` (limited accounts: their regions only). */
  const assertManagesArea = async (request: FastifyRequest, areaId: number) => {
    if (!(await managesArea(app.db, await authorityOf(request), areaId))) throw forbidden();
  };

  app.post('/scene/list', {
    config: { access: 'user' },
    schema: {
      tags,
      summary: 'Scenes of one kind, newest first, with filters',
      body: sceneListQuery,
      response: { 200: envelopeOf(z.object({ list: z.array(sceneItem), count: z.number() })) },
    },
    handler: async (request) => {
      const { page, limit, ...filter } = request.body;
      const now = app.appConfig.now();
      const { scenes: visible } = await authorityOf(request);
      return ok(request, await listScenes(app.db, { ...filter, now, visible }, { page, limit }));
    },
  });

  app.post('/scene/list/all', {
    config: { access: 'user' },
    schema: {
      tags,
      summary: 'Every scene of one kind (the scene menus: enabled true), by name',
      body: sceneListAllQuery,
      response: { 200: envelopeOf(z.array(sceneItem)) },
    },
    handler: async (request) => {
      const { scenes: visible } = await authorityOf(request);
      return ok(request, await listAllScenes(app.db, { ...request.body, visible }));
    },
  });

  app.post('/scene', {
    config: write,
    schema: {
      tags,
      summary: 'Create a scene (general, job with its fixed operation, or temporary with its job)',
      body: sceneBody,
      response: { 200: envelopeOf(sceneItem) },
    },
    handler: async (request) => {
      const body = request.body;
      assertCanWrite(request, body.kind);
      await assertManagesArea(request, body.areaId);
      const id = await createScene(app.db, body, app.appConfig.now());
      const created = await findScene(app.db, id);
      if (!created) throw notFound();
      await auditChange(app, request, 'scene.create', String(id), { name: body.name, kind: body.kind });
      return ok(request, created, 'common.saved');
    },
  });

  app.put('/scene', {
    config: write,
    schema: {
      tags,
      summary: 'Edit a scene (not in the SPEC, which lists POST and DELETE only). The kind cannot change.',
      body: sceneUpdateBody,
      response: { 200: envelopeOf(sceneItem) },
    },
    handler: async (request) => {
      const body = request.body;
      await assertVisible(request, [body.id]);
      const kind = await sceneKindOf(app.db, body.id);
      assertCanWrite(request, kind);
      if (body.kind !== kind)
        throw badRequest('field.invalid', [{ field: 'kind', message: 'field.invalid' }]);
      if ((await sceneAreaOf(app.db, body.id)) !== body.areaId) await assertManagesArea(request, body.areaId);
      await updateScene(app.db, body, app.appConfig.now());
      const updated = await findScene(app.db, body.id);
      if (!updated) throw notFound();
      await auditChange(app, request, 'scene.update', String(body.id), { name: body.name, kind });
      return ok(request, updated, 'common.saved');
    },
  });

  const removeMany = async (request: FastifyRequest, ids: number[]) => {
    await assertVisible(request, ids);
    const kinds = await kindsOf(app.db, ids);
    for (const kind of kinds) assertCanWrite(request, kind);
    await deleteScenes(app.db, ids);
    await auditChange(app, request, 'scene.delete', ids.join(','), { ids, kinds: [...kinds] });
  };

  app.delete('/scene/:id', {
    config: write,
    schema: {
      tags,
      summary: 'Delete a scene with its cameras bindings, fixed operation or temporary job',
      params: idParams,
      response: { 200: envelopeOf(z.null()) },
    },
    handler: async (request) => {
      await removeMany(request, [request.params.id]);
      return ok(request, null, 'common.deleted');
    },
  });

  app.delete('/scene', {
    config: write,
    schema: {
      tags,
      summary: 'Delete several scenes at once (all or nothing: 404 when any id is unknown)',
      body: sceneIdsBody,
      response: { 200: envelopeOf(z.null()) },
    },
    handler: async (request) => {
      await removeMany(request, request.body.ids);
      return ok(request, null, 'common.deleted');
    },
  });

  app.get('/scene/:id', {
    config: { access: 'user' },
    schema: { tags, summary: 'One scene', params: idParams, response: { 200: envelopeOf(sceneItem) } },
    handler: async (request) => {
      await assertVisible(request, [request.params.id]);
      const found = await findScene(app.db, request.params.id);
      if (!found) throw notFound();
      return ok(request, found);
    },
  });

  app.get('/scene/detail/:id', {
    config: { access: 'user' },
    schema: {
      tags,
      summary: 'A scene with its area path, job type, fixed operation or temporary job, and cameras',
      params: idParams,
      response: { 200: envelopeOf(sceneDetail) },
    },
    handler: async (request) => {
      await assertVisible(request, [request.params.id]);
      const found = await findScene(app.db, request.params.id);
      if (!found) throw notFound();
      return ok(request, { ...found, cameras: await sceneCameras(app.db, found.id) });
    },
  });

  for (const [verb, enabled] of [
    ['enable', true],
    ['disable', false],
  ] as const) {
    app.post(`/scene/${verb}/:id`, {
      config: write,
      schema: {
        tags,
        summary: `${enabled ? 'Enable' : 'Disable'} a scene`,
        params: idParams,
        response: { 200: envelopeOf(z.null()) },
      },
      handler: async (request) => {
        await assertVisible(request, [request.params.id]);
        const kind: SceneKind = await sceneKindOf(app.db, request.params.id);
        assertCanWrite(request, kind);
        await setSceneEnabled(app.db, request.params.id, enabled, app.appConfig.now());
        await auditChange(app, request, `scene.${verb}`, String(request.params.id), { kind });
        return ok(request, null, enabled ? 'common.enabled' : 'common.disabled');
      },
    });
  }

  app.get('/scene/:a/:b/getAlgorithm', {
    config: { access: 'user' },
    schema: {
      tags,
      summary: 'Algorithms configured for camera b in scene a, with their levels',
      params: sceneAlgorithmParams,
      response: { 200: envelopeOf(z.array(sceneAlgorithmItem)) },
    },
    handler: async (request) => {
      await assertVisible(request, [request.params.a]);
      const found = await cameraAlgorithms(app.db, request.params.a, request.params.b);
      if (!found) throw notFound();
      return ok(request, found);
    },
  });

  app.get('/scene/:id/algorithmStateHOI', {
    config: { access: 'user' },
    schema: {
      tags,
      summary: 'Per camera of the scene: each algorithm and whether it runs',
      params: idParams,
      response: { 200: envelopeOf(algorithmStateHoi) },
    },
    handler: async (request) => {
      await assertVisible(request, [request.params.id]);
      const state = await sceneAlgorithmStates(app.db, request.params.id);
      if (!state) throw notFound();
      return ok(request, state);
    },
  });

  await app.register(jobTypeRoutes);
  await app.register(fixedOperationRoutes);
};
