import {
  cameraTypeBody,
  cameraTypeListQuery,
  cameraTypeRow,
  deviceIdResponse,
  idParams,
  platformBody,
  platformListQuery,
  platformRow,
} from '@sentinel/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditChange } from '../../platform/audit.ts';
import { guardWrite } from '../../platform/db-errors.ts';
import { envelopeOf, ok } from '../../platform/envelope.ts';
import { notFound } from '../../platform/errors.ts';
import {
  camerasPerPlatform,
  camerasPerType,
  cameraTypeOptions,
  cameraTypeRepo,
  platformOptions,
  platformRepo,
} from './catalogue-repo.ts';
import { guardDelete, listOf } from './shared.ts';

/** Camera type catalogue (/deviceManagement/cameraType) and camera platforms (/cameraPlatform). */
export const catalogueRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['camera types'];
  const typeWrite = { access: { permission: 'cameraType' } } as const;

  app.post('/cameraType/list', {
    config: { access: 'user' },
    schema: {
      tags,
      summary: 'Camera types: keyword (brand, model or type)',
      body: cameraTypeListQuery,
      response: { 200: envelopeOf(listOf(cameraTypeRow)) },
    },
    handler: async (request) => {
      const { rows, count } = await cameraTypeRepo.page(app.db, request.body);
      const cameras = await camerasPerType(
        app.db,
        rows.map((r) => r.id),
      );
      const list = rows.map((r) => ({
        id: r.id,
        brand: r.brand,
        model: r.model,
        type: r.type,
        cameraCount: cameras.get(r.id) ?? 0,
        createdAt: r.createdAt.toISOString(),
      }));
      return ok(request, { list, count });
    },
  });

  app.get('/cameraType/all', {
    config: { access: 'user' },
    schema: {
      tags,
      summary: 'Every camera type (for pickers), by brand, model, type',
      response: { 200: envelopeOf(z.array(cameraTypeRow.omit({ cameraCount: true, createdAt: true }))) },
    },
    handler: async (request) => ok(request, await cameraTypeOptions(app.db)),
  });

  app.post('/cameraType', {
    config: typeWrite,
    schema: {
      tags,
      summary: 'Add a camera type',
      body: cameraTypeBody,
      response: { 200: envelopeOf(deviceIdResponse) },
    },
    handler: async (request) => {
      const row = await guardWrite(() => cameraTypeRepo.insert(app.db, request.body), {
        duplicate: 'cameraType.duplicate',
      });
      await auditChange(app, request, 'cameraType.create', row.id, request.body);
      return ok(request, { id: row.id }, 'common.saved');
    },
  });

  app.put('/cameraType/:id', {
    config: typeWrite,
    schema: {
      tags,
      summary: 'Edit a camera type',
      params: idParams,
      body: cameraTypeBody,
      response: { 200: envelopeOf(deviceIdResponse) },
    },
    handler: async (request) => {
      const { id } = request.params;
      const updated = await guardWrite(() => cameraTypeRepo.update(app.db, id, request.body), {
        duplicate: 'cameraType.duplicate',
      });
      if (!updated) throw notFound();
      await auditChange(app, request, 'cameraType.update', id, request.body);
      return ok(request, { id }, 'common.saved');
    },
  });

  app.delete('/cameraType/:id', {
    config: typeWrite,
    schema: {
      tags,
      summary: 'Delete a camera type (refused while cameras use it)',
      params: idParams,
      response: { 200: envelopeOf(z.null()) },
    },
    handler: async (request) => {
      const { id } = request.params;
      const deleted = await guardDelete(() => cameraTypeRepo.remove(app.db, id));
      if (!deleted) throw notFound();
      await auditChange(app, request, 'cameraType.delete', id);
      return ok(request, null, 'common.deleted');
    },
  });

  // ── Camera platforms ──────────────────────────────────────────────────────────────────────
  const ptags = ['camera platforms'];
  const platformWrite = { access: { permission: 'cameraPlatform' } } as const;

  app.post('/cameraPlatform/list', {
    config: { access: 'user' },
    schema: {
      tags: ptags,
      summary: 'Camera platforms: keyword (name or IP)',
      body: platformListQuery,
      response: { 200: envelopeOf(listOf(platformRow)) },
    },
    handler: async (request) => {
      const { rows, count } = await platformRepo.page(app.db, request.body);
      const cameras = await camerasPerPlatform(
        app.db,
        rows.map((r) => r.id),
      );
      const list = rows.map((r) => ({
        id: r.id,
        name: r.name,
        kind: r.kind,
        ip: r.ip,
        port: r.port,
        username: r.username,
        description: r.description,
        cameraCount: cameras.get(r.id) ?? 0,
        createdAt: r.createdAt.toISOString(),
      }));
      return ok(request, { list, count });
    },
  });

  app.get('/cameraPlatform/all', {
    config: { access: 'user' },
    schema: {
      tags: ptags,
      summary: 'Every camera platform (for pickers)',
      response: {
        200: envelopeOf(z.array(z.object({ id: z.number(), name: z.string(), kind: z.string() }))),
      },
    },
    handler: async (request) => ok(request, await platformOptions(app.db)),
  });

  app.post('/cameraPlatform', {
    config: platformWrite,
    schema: {
      tags: ptags,
      summary: 'Add a camera platform',
      body: platformBody,
      response: { 200: envelopeOf(deviceIdResponse) },
    },
    handler: async (request) => {
      const row = await guardWrite(() => platformRepo.insert(app.db, request.body), {
        duplicate: 'common.duplicate',
      });
      await auditChange(app, request, 'cameraPlatform.create', row.id, { name: request.body.name });
      return ok(request, { id: row.id }, 'common.saved');
    },
  });

  app.put('/cameraPlatform/:id', {
    config: platformWrite,
    schema: {
      tags: ptags,
      summary: 'Edit a camera platform',
      params: idParams,
      body: platformBody,
      response: { 200: envelopeOf(deviceIdResponse) },
    },
    handler: async (request) => {
      const { id } = request.params;
      const updated = await guardWrite(() => platformRepo.update(app.db, id, request.body), {
        duplicate: 'common.duplicate',
      });
      if (!updated) throw notFound();
      await auditChange(app, request, 'cameraPlatform.update', id, { name: request.body.name });
      return ok(request, { id }, 'common.saved');
    },
  });

  app.delete('/cameraPlatform/:id', {
    config: platformWrite,
    schema: {
      tags: ptags,
      summary: 'Delete a camera platform (its cameras are kept, without a platform)',
      params: idParams,
      response: { 200: envelopeOf(z.null()) },
    },
    handler: async (request) => {
      const { id } = request.params;
      const deleted = await platformRepo.remove(app.db, id);
      if (!deleted) throw notFound();
      await auditChange(app, request, 'cameraPlatform.delete', id, { name: deleted.name });
      return ok(request, null, 'common.deleted');
    },
  });
};
