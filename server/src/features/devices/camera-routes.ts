import {
  cameraBody,
  cameraListAllQuery,
  cameraListQuery,
  cameraOption,
  cameraRow,
  deviceIdResponse,
  idParams,
  snapshotResponse,
} from '@sentinel/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditChange } from '../../platform/audit.ts';
import { guardWrite } from '../../platform/db-errors.ts';
import { envelopeOf, ok } from '../../platform/envelope.ts';
import { notFound } from '../../platform/errors.ts';
import { mediaUrl, readImageUpload, removeMedia, storeImage } from '../../platform/media.ts';
import {
  findCamera,
  findSnapshot,
  insertCamera,
  listCameraOptions,
  listCameras,
  missingReferences,
  setSnapshot,
} from './camera-repo.ts';
import { editCamera, removeCamera } from './camera-writes.ts';
import { assertManagesArea, authorityOf, listOf, refuseMissing } from './shared.ts';

const WRITE = { access: { permission: 'cameraSet' } } as const;

/**
 * Cameras (SPEC §3 Camera; /deviceManagement/cameraSet). Scene authority: lists show only the
 * caller's visible cameras, reads and writes of others answer 404 'camera.notFound', and a limited
 * account adds a camera, or moves one, only into an area it manages (403 otherwise).
 */
export const cameraRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['cameras'];

  app.post('/camera/list', {
    config: { access: 'user' },
    schema: {
      tags,
      summary: 'Cameras: keyword (name, code, IP), area (with the nodes below), online, type',
      body: cameraListQuery,
      response: { 200: envelopeOf(listOf(cameraRow)) },
    },
    handler: async (request) =>
      ok(request, await listCameras(app.db, request.body, await authorityOf(request))),
  });

  app.post('/camera/list/all', {
    config: { access: 'user' },
    schema: {
      tags,
      summary: 'Every camera (real and virtual) for pickers: id, name, code, area, online, snapshot',
      body: cameraListAllQuery,
      response: { 200: envelopeOf(z.array(cameraOption)) },
    },
    handler: async (request) =>
      ok(request, await listCameraOptions(app.db, request.body, await authorityOf(request))),
  });

  app.get('/camera/:id', {
    config: { access: 'user' },
    schema: { tags, summary: 'One camera', params: idParams, response: { 200: envelopeOf(cameraRow) } },
    handler: async (request) => {
      const found = await findCamera(app.db, request.params.id, await authorityOf(request));
      if (!found) throw notFound('camera.notFound');
      return ok(request, found);
    },
  });

  app.post('/camera', {
    config: WRITE,
    schema: {
      tags,
      summary: 'Add a camera',
      body: cameraBody,
      response: { 200: envelopeOf(deviceIdResponse) },
    },
    handler: async (request) => {
      const body = request.body;
      refuseMissing(await missingReferences(app.db, body));
      await assertManagesArea(request, body.areaId);
      const id = await guardWrite(() => insertCamera(app.db, { ...body, virtual: false }), {
        duplicate: 'camera.codeDuplicate',
      });
      await auditChange(app, request, 'camera.create', id, { name: body.name, code: body.code });
      return ok(request, { id }, 'common.saved');
    },
  });

  app.put('/camera/:id', {
    config: WRITE,
    schema: {
      tags,
      summary: 'Edit a camera',
      params: idParams,
      body: cameraBody,
      response: { 200: envelopeOf(deviceIdResponse) },
    },
    handler: async (request) => {
      const { id } = request.params;
      await editCamera(request, id, false, request.body, request.body);
      await auditChange(app, request, 'camera.update', id, {
        name: request.body.name,
        code: request.body.code,
      });
      return ok(request, { id }, 'common.saved');
    },
  });

  app.delete('/camera/:id', {
    config: WRITE,
    schema: {
      tags,
      summary: 'Delete a camera (refused while bound to a scene)',
      params: idParams,
      response: { 200: envelopeOf(z.null()) },
    },
    handler: async (request) => {
      const { id } = request.params;
      const existing = await removeCamera(request, id, false);
      await auditChange(app, request, 'camera.delete', id, { name: existing.name, code: existing.code });
      return ok(request, null, 'common.deleted');
    },
  });

  app.post('/camera/:id/snapshot', {
    config: WRITE,
    schema: {
      tags,
      summary: 'Upload the camera snapshot (multipart, JPEG or PNG, at most 500 KB)',
      consumes: ['multipart/form-data'],
      params: idParams,
      response: { 200: envelopeOf(snapshotResponse) },
    },
    handler: async (request) => {
      const { id } = request.params;
      const existing = await findSnapshot(app.db, id, await authorityOf(request));
      if (!existing) throw notFound('camera.notFound');
      const buffer = await readImageUpload(request);
      const stored = await storeImage(app, { buffer, subdir: 'snapshot' });
      if (!(await setSnapshot(app.db, id, stored.path, app.appConfig.now()))) {
        await removeMedia(app, stored.path);
        throw notFound('camera.notFound');
      }
      if (existing.snapshotPath) await removeMedia(app, existing.snapshotPath);
      await auditChange(app, request, 'camera.snapshot', id, { path: stored.path });
      return ok(request, { snapshotUrl: mediaUrl(stored.path) }, 'common.saved');
    },
  });
};
