import { dcsPointBody, dcsPointItem, dcsPointList, equipmentListQuery, idParams } from '@sentinel/contract';
import { and, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dcsPoint } from '../../db/schema/index.ts';
import { guardWrite } from '../../platform/db-errors.ts';
import { envelopeOf, ok } from '../../platform/envelope.ts';
import { notFound } from '../../platform/errors.ts';
import { areaNames, assertRefs, auditChange, inAreaSubtree, iso, likePattern } from './shared.ts';

const WRITE = { access: { permission: 'dcsSettings' } } as const;
type Row = typeof dcsPoint.$inferSelect;

/** DCS points (page dcsSettings): tags of the plant's control system at their plant location. */
export const dcsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['equipment'];
  const toItems = async (rows: Row[]) => {
    const names = await areaNames(
      app.db,
      rows.map((r) => r.areaId),
    );
    return rows.map((row) => ({
      id: row.id,
      tag: row.tag,
      name: row.name,
      unit: row.unit,
      areaId: row.areaId,
      areaName: row.areaId === null ? null : (names.get(row.areaId) ?? null),
      lowLimit: row.lowLimit,
      highLimit: row.highLimit,
      description: row.description,
      updatedAt: iso(row.updatedAt),
    }));
  };
  const toItem = async (row: Row) => {
    const [item] = await toItems([row]);
    if (!item) throw notFound();
    return item;
  };

  app.post('/dcsPoint/list', {
    config: { access: 'user' },
    schema: {
      tags,
      summary: 'DCS points, filtered by keyword (tag, name) and area',
      body: equipmentListQuery,
      response: { 200: envelopeOf(dcsPointList) },
    },
    handler: async (request) => {
      const { page, limit, keyword, areaId } = request.body;
      const conditions: SQL[] = [];
      if (keyword) {
        const pattern = likePattern(keyword);
        const match = or(ilike(dcsPoint.tag, pattern), ilike(dcsPoint.name, pattern));
        if (match) conditions.push(match);
      }
      if (areaId) conditions.push(inAreaSubtree(dcsPoint.areaId, areaId));
      const where = and(...conditions);
      const [total] = await app.db.select({ n: count() }).from(dcsPoint).where(where);
      const rows = await app.db
        .select()
        .from(dcsPoint)
        .where(where)
        .orderBy(desc(dcsPoint.createdAt), desc(dcsPoint.id))
        .limit(limit)
        .offset((page - 1) * limit);
      return ok(request, { list: await toItems(rows), count: Number(total?.n ?? 0) });
    },
  });

  app.post('/dcsPoint', {
    config: WRITE,
    schema: {
      tags,
      summary: 'Add a DCS point',
      body: dcsPointBody,
      response: { 200: envelopeOf(dcsPointItem) },
    },
    handler: async (request) => {
      const body = request.body;
      await assertRefs(app.db, { areaId: body.areaId });
      const [row] = await guardWrite(() => app.db.insert(dcsPoint).values(body).returning());
      if (!row) throw notFound();
      await auditChange(app, request, 'dcsPoint.create', row.id, { tag: row.tag, name: row.name });
      return ok(request, await toItem(row), 'common.saved');
    },
  });

  app.put('/dcsPoint/:id', {
    config: WRITE,
    schema: {
      tags,
      summary: 'Edit a DCS point',
      params: idParams,
      body: dcsPointBody,
      response: { 200: envelopeOf(dcsPointItem) },
    },
    handler: async (request) => {
      const body = request.body;
      await assertRefs(app.db, { areaId: body.areaId });
      const [row] = await guardWrite(() =>
        app.db
          .update(dcsPoint)
          .set({ ...body, updatedAt: app.appConfig.now() })
          .where(eq(dcsPoint.id, request.params.id))
          .returning(),
      );
      if (!row) throw notFound();
      await auditChange(app, request, 'dcsPoint.update', row.id, { tag: row.tag, name: row.name });
      return ok(request, await toItem(row), 'common.saved');
    },
  });

  app.delete('/dcsPoint/:id', {
    config: WRITE,
    schema: {
      tags,
      summary: 'Delete a DCS point',
      params: idParams,
      response: { 200: envelopeOf(z.null()) },
    },
    handler: async (request) => {
      const [row] = await guardWrite(() =>
        app.db.delete(dcsPoint).where(eq(dcsPoint.id, request.params.id)).returning(),
      );
      if (!row) throw notFound();
      await auditChange(app, request, 'dcsPoint.delete', row.id, { tag: row.tag, name: row.name });
      return ok(request, null, 'common.deleted');
    },
  });
};
