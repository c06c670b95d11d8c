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
import { and, asc, count, desc, eq, ilike, or, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { camera, cameraPlatform, cameraType } from '../../db/schema/index.ts';
import { auditChange } from '../../platform/audit.ts';
import { guardWrite } from '../../platform/db-errors.ts';
import { envelopeOf, ok } from '../../platform/envelope.ts';
import { notFound } from '../../platform/errors.ts';
import { likePattern } from '../../platform/sql.ts';
import { guardDelete, listOf } from './shared.ts';

const typeCameraCount = sql<number>`(select count(*)::int from ${camera} c where c.camera_type_id = ${cameraType.id})`;
const platformCameraCount = sql<number>`(select count(*)::int from ${camera} c where c.platform_id = ${cameraPlatform.id})`;

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
      const { page, limit, keyword } = request.body;
      const pattern = likePattern(keyword);
      const where = keyword
        ? or(
            ilike(cameraType.brand, pattern),
            ilike(cameraType.model, pattern),
            ilike(cameraType.type, pattern),
          )
        : undefined;
      const [total] = await app.db.select({ n: count() }).from(cameraType).where(where);
      const rows = await app.db
        .select({
          id: cameraType.id,
          brand: cameraType.brand,
          model: cameraType.model,
          type: cameraType.type,
          cameraCount: typeCameraCount,
          createdAt: cameraType.createdAt,
        })
        .from(cameraType)
        .where(where)
        .orderBy(desc(cameraType.createdAt), desc(cameraType.id))
        .limit(limit)
        .offset((page - 1) * limit);
      const list = rows.map((r) => ({
        ...r,
        cameraCount: Number(r.cameraCount),
        createdAt: r.createdAt.toISOString(),
      }));
      return ok(request, { list, count: Number(total?.n ?? 0) });
    },
  });

  app.get('/cameraType/all', {
    config: { access: 'user' },
    schema: {
      tags,
      summary: 'Every camera type (for pickers), by brand, model, type',
      response: { 200: envelopeOf(z.array(cameraTypeRow.omit({ cameraCount: true, createdAt: true }))) },
    },
    handler: async (request) => {
      const rows = await app.db
        .select({
          id: cameraType.id,
          brand: cameraType.brand,
          model: cameraType.model,
          type: cameraType.type,
        })
        .from(cameraType)
        .orderBy(asc(cameraType.brand), asc(cameraType.model), asc(cameraType.type), asc(cameraType.id));
      return ok(request, rows);
    },
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
      const [row] = await guardWrite(
        () => app.db.insert(cameraType).values(request.body).returning({ id: cameraType.id }),
        { duplicate: 'cameraType.duplicate' },
      );
      if (!row) throw new Error('camera type not inserted');
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
      const updated = await guardWrite(
        () =>
          app.db
            .update(cameraType)
            .set(request.body)
            .where(eq(cameraType.id, id))
            .returning({ id: cameraType.id }),
        { duplicate: 'cameraType.duplicate' },
      );
      if (updated.length === 0) throw notFound();
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
      const deleted = await guardDelete(() =>
        app.db.delete(cameraType).where(eq(cameraType.id, id)).returning({ id: cameraType.id }),
      );
      if (deleted.length === 0) throw notFound();
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
      const { page, limit, keyword } = request.body;
      const pattern = likePattern(keyword);
      const where = keyword
        ? or(ilike(cameraPlatform.name, pattern), ilike(cameraPlatform.ip, pattern))
        : undefined;
      const [total] = await app.db.select({ n: count() }).from(cameraPlatform).where(and(where));
      const rows = await app.db
        .select({
          id: cameraPlatform.id,
          name: cameraPlatform.name,
          kind: cameraPlatform.kind,
          ip: cameraPlatform.ip,
          port: cameraPlatform.port,
          username: cameraPlatform.username,
          description: cameraPlatform.description,
          cameraCount: platformCameraCount,
          createdAt: cameraPlatform.createdAt,
        })
        .from(cameraPlatform)
        .where(where)
        .orderBy(desc(cameraPlatform.createdAt), desc(cameraPlatform.id))
        .limit(limit)
        .offset((page - 1) * limit);
      const list = rows.map((r) => ({
        ...r,
        cameraCount: Number(r.cameraCount),
        createdAt: r.createdAt.toISOString(),
      }));
      return ok(request, { list, count: Number(total?.n ?? 0) });
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
    handler: async (request) => {
      const rows = await app.db
        .select({ id: cameraPlatform.id, name: cameraPlatform.name, kind: cameraPlatform.kind })
        .from(cameraPlatform)
        .orderBy(asc(cameraPlatform.name), asc(cameraPlatform.id));
      return ok(request, rows);
    },
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
      const [row] = await guardWrite(
        () => app.db.insert(cameraPlatform).values(request.body).returning({ id: cameraPlatform.id }),
        { duplicate: 'common.duplicate' },
      );
      if (!row) throw new Error('platform not inserted');
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
      const updated = await guardWrite(
        () =>
          app.db
            .update(cameraPlatform)
            .set(request.body)
            .where(eq(cameraPlatform.id, id))
            .returning({ id: cameraPlatform.id }),
        { duplicate: 'common.duplicate' },
      );
      if (updated.length === 0) throw notFound();
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
      const deleted = await app.db
        .delete(cameraPlatform)
        .where(eq(cameraPlatform.id, id))
        .returning({ id: cameraPlatform.id, name: cameraPlatform.name });
      if (deleted.length === 0) throw notFound();
      await auditChange(app, request, 'cameraPlatform.delete', id, { name: deleted[0]?.name });
      return ok(request, null, 'common.deleted');
    },
  });
};
