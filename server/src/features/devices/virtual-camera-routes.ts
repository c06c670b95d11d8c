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
import { notFound } from '../../platform/errors.ts';
import { removeMedia } from '../../platform/media.ts';
import {
  deleteCamera,
  findCamera,
  insertCamera,
  listCameras,
  missingReferences,
  updateCamera,
} from './camera-repo.ts';
import { assertManagesArea, authorityOf, guardDelete, listOf, refuseMissing } from './shared.ts';

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
      const existing = await findCamera(app.db, id, await authorityOf(request));
      if (!existing?.virtual) throw notFound('camera.notFound');
      refuseMissing(await missingReferences(app.db, { areaId: request.body.areaId }));
      if ((request.body.areaId ?? null) !== existing.areaId)
        await assertManagesArea(request, request.body.areaId);
      await guardWrite(
        () => updateCamera(app.db, id, { ...columnsOf(request.body), updatedAt: app.appConfig.now() }),
        { duplicate: 'camera.codeDuplicate' },
      );
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
      const existing = await findCamera(app.db, id, await authorityOf(request));
      if (!existing?.virtual) throw notFound('camera.notFound');
      const row = await guardDelete(() => deleteCamera(app.db, id));
      if (row?.snapshotPath) await removeMedia(app, row.snapshotPath);
      await auditChange(app, request, 'virtualCamera.delete', id, { name: existing.name });
      return ok(request, null, 'common.deleted');
    },
  });
};
