import {
  cameraListQuery,
  cameraRow,
  deviceIdResponse,
  idParams,
  isStreamUrl,
  type VirtualCameraBody,
  virtualCameraBody,
} from '@sentinel/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditChange } from '../../platform/audit.ts';
import { guardWrite } from '../../platform/db-errors.ts';
import { envelopeOf, ok } from '../../platform/envelope.ts';
import { insertCamera, listCameras, missingReferences } from './camera-repo.ts';
import { editCamera, removeCamera } from './camera-writes.ts';
import { assertManagesArea, authorityOf, listOf, refuseMissing } from './shared.ts';

/** Virtual camera columns: the source is kept as the main stream; agreement says file or url. */
function columnsOf(body: Required<VirtualCameraBody>) {
  return {
    name: body.name,
    code: body.code,
    mainStreamUrl: body.source,
    agreement: isStreamUrl(body.source) ? 'url' : 'file',
    areaId: body.areaId,
    positionLabel: body.positionLabel,
    enabled: body.enabled,
    virtual: true,
    online: true,
  };
}

/** Virtual cameras (/deviceManagement/virtualCamera): a file or url replayed as a camera. */
export const virtualCameraRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['virtual cameras'];
  const write = { access: { permission: 'virtualCamera' } } as const;

  app.post('/virtualCamera/list', {
    config: { access: 'user' },
    schema: {
      tags,
      summary: 'Virtual cameras (source in mainStreamUrl)',
      body: cameraListQuery.omit({ virtual: true }),
      response: { 200: envelopeOf(listOf(cameraRow)) },
    },
    handler: async (request) =>
      ok(request, await listCameras(app.db, { ...request.body, virtual: true }, await authorityOf(request))),
  });

  app.post('/virtualCamera', {
    config: write,
    schema: {
      tags,
      summary: 'Add a virtual camera',
      body: virtualCameraBody,
      response: { 200: envelopeOf(deviceIdResponse) },
    },
    handler: async (request) => {
      refuseMissing(await missingReferences(app.db, { areaId: request.body.areaId }));
      await assertManagesArea(request, request.body.areaId);
      const id = await guardWrite(() => insertCamera(app.db, columnsOf(request.body)), {
        duplicate: 'camera.codeDuplicate',
      });
      await auditChange(app, request, 'virtualCamera.create', id, {
        name: request.body.name,
        source: request.body.source,
      });
      return ok(request, { id }, 'common.saved');
    },
  });

  app.put('/virtualCamera/:id', {
    config: write,
    schema: {
      tags,
      summary: 'Edit a virtual camera',
      params: idParams,
      body: virtualCameraBody,
      response: { 200: envelopeOf(deviceIdResponse) },
    },
    handler: async (request) => {
      const { id } = request.params;
      await editCamera(request, id, true, columnsOf(request.body), { areaId: request.body.areaId });
      await auditChange(app, request, 'virtualCamera.update', id, {
        name: request.body.name,
        source: request.body.source,
      });
      return ok(request, { id }, 'common.saved');
    },
  });

  app.delete('/virtualCamera/:id', {
    config: write,
    schema: {
      tags,
      summary: 'Delete a virtual camera (refused while bound to a scene)',
      params: idParams,
      response: { 200: envelopeOf(z.null()) },
    },
    handler: async (request) => {
      const { id } = request.params;
      const existing = await removeCamera(request, id, true);
      await auditChange(app, request, 'virtualCamera.delete', id, { name: existing.name });
      return ok(request, null, 'common.deleted');
    },
  });
};
