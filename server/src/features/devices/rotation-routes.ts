import { deviceIdResponse, idParams, rotationBody, rotationListQuery, rotationRow } from '@sentinel/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditChange } from '../../platform/audit.ts';
import { guardWrite } from '../../platform/db-errors.ts';
import { envelopeOf, ok } from '../../platform/envelope.ts';
import { notFound } from '../../platform/errors.ts';
import {
  createRotationGroup,
  membersOf,
  replaceRotationGroup,
  rotationGroupRepo,
  unknownCameras,
} from './rotation-repo.ts';
import { authorityOf, listOf, refuseMissing } from './shared.ts';

/** Camera rotation groups (/deviceManagement/cameraRotationSet): ordered cameras and an interval. */
export const rotationRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['camera rotation'];
  const write = { access: { permission: 'cameraRotationSet' } } as const;

  app.post('/cameraRotation/list', {
    config: { access: 'user' },
    schema: {
      tags,
      summary: 'Rotation groups with their cameras in order',
      body: rotationListQuery,
      response: { 200: envelopeOf(listOf(rotationRow)) },
    },
    handler: async (request) => {
      const { rows: groups, count } = await rotationGroupRepo.page(app.db, request.body);
      const members = await membersOf(
        app.db,
        groups.map((g) => g.id),
        await authorityOf(request),
      );
      const list = groups.map((g) => ({
        id: g.id,
        name: g.name,
        intervalSeconds: g.intervalSeconds,
        cameras: members.get(g.id) ?? [],
        createdAt: g.createdAt.toISOString(),
      }));
      return ok(request, { list, count });
    },
  });

  app.post('/cameraRotation', {
    config: write,
    schema: {
      tags,
      summary: 'Add a rotation group',
      body: rotationBody,
      response: { 200: envelopeOf(deviceIdResponse) },
    },
    handler: async (request) => {
      const { name, intervalSeconds, cameraIds } = request.body;
      refuseMissing(await unknownCameras(app.db, cameraIds, await authorityOf(request)));
      const id = await guardWrite(() => createRotationGroup(app.db, request.body), {
        duplicate: 'common.duplicate',
      });
      await auditChange(app, request, 'cameraRotation.create', id, { name, intervalSeconds, cameraIds });
      return ok(request, { id }, 'common.saved');
    },
  });

  app.put('/cameraRotation/:id', {
    config: write,
    schema: {
      tags,
      summary: 'Edit a rotation group (its cameras are replaced, in the given order)',
      params: idParams,
      body: rotationBody,
      response: { 200: envelopeOf(deviceIdResponse) },
    },
    handler: async (request) => {
      const { id } = request.params;
      const { name, intervalSeconds, cameraIds } = request.body;
      refuseMissing(await unknownCameras(app.db, cameraIds, await authorityOf(request)));
      const found = await guardWrite(() => replaceRotationGroup(app.db, id, request.body), {
        duplicate: 'common.duplicate',
      });
      if (!found) throw notFound();
      await auditChange(app, request, 'cameraRotation.update', id, { name, intervalSeconds, cameraIds });
      return ok(request, { id }, 'common.saved');
    },
  });

  app.delete('/cameraRotation/:id', {
    config: write,
    schema: {
      tags,
      summary: 'Delete a rotation group',
      params: idParams,
      response: { 200: envelopeOf(z.null()) },
    },
    handler: async (request) => {
      const { id } = request.params;
      const deleted = await rotationGroupRepo.remove(app.db, id);
      if (!deleted) throw notFound();
      await auditChange(app, request, 'cameraRotation.delete', id, { name: deleted.name });
      return ok(request, null, 'common.deleted');
    },
  });
};
