import {
  equipmentListQuery,
  idParams,
  iotEquipmentBody,
  iotEquipmentItem,
  iotEquipmentList,
  iotEquipmentOption,
} from '@sentinel/contract';
import { and, asc, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { iotEquipment } from '../../db/schema/index.ts';
import { guardWrite } from '../../platform/db-errors.ts';
import { envelopeOf, ok } from '../../platform/envelope.ts';
import { notFound } from '../../platform/errors.ts';
import { areaNames, assertRefs, auditChange, inAreaSubtree, iso, likePattern } from './shared.ts';

const WRITE = { access: { permission: 'IotEquipment' } } as const;
type Row = typeof iotEquipment.$inferSelect;

/** IoT equipment (page IotEquipment): gas detectors, access gates, PLC gateways… */
export const iotRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['equipment'];
  const toItem = (row: Row, names: Map<number, string>) => ({
    id: row.id,
    name: row.name,
    code: row.code,
    kind: row.kind,
    protocol: row.protocol,
    ip: row.ip,
    port: row.port,
    areaId: row.areaId,
    areaName: row.areaId === null ? null : (names.get(row.areaId) ?? null),
    online: row.online,
    description: row.description,
    updatedAt: iso(row.updatedAt),
  });

  app.post('/iotEquipment/list', {
    config: { access: 'user' },
    schema: {
      tags,
      summary: 'IoT equipment, filtered by keyword (name, code, IP) and area',
      body: equipmentListQuery,
      response: { 200: envelopeOf(iotEquipmentList) },
    },
    handler: async (request) => {
      const { page, limit, keyword, areaId } = request.body;
      const conditions: SQL[] = [];
      if (keyword) {
        const pattern = likePattern(keyword);
        const match = or(
          ilike(iotEquipment.name, pattern),
          ilike(iotEquipment.code, pattern),
          ilike(iotEquipment.ip, pattern),
        );
        if (match) conditions.push(match);
      }
      if (areaId) conditions.push(inAreaSubtree(iotEquipment.areaId, areaId));
      const where = and(...conditions);
      const [total] = await app.db.select({ n: count() }).from(iotEquipment).where(where);
      const rows = await app.db
        .select()
        .from(iotEquipment)
        .where(where)
        .orderBy(desc(iotEquipment.createdAt), desc(iotEquipment.id))
        .limit(limit)
        .offset((page - 1) * limit);
      const names = await areaNames(
        app.db,
        rows.map((r) => r.areaId),
      );
      return ok(request, { list: rows.map((r) => toItem(r, names)), count: Number(total?.n ?? 0) });
    },
  });

  app.get('/iotEquipment/list/all', {
    config: { access: 'user' },
    schema: {
      tags,
      summary: 'Every IoT device (id, name, code) for pickers',
      response: { 200: envelopeOf(z.array(iotEquipmentOption)) },
    },
    handler: async (request) => {
      const rows = await app.db
        .select({ id: iotEquipment.id, name: iotEquipment.name, code: iotEquipment.code })
        .from(iotEquipment)
        .orderBy(asc(iotEquipment.code), asc(iotEquipment.id));
      return ok(request, rows);
    },
  });

  app.post('/iotEquipment', {
    config: WRITE,
    schema: {
      tags,
      summary: 'Add an IoT device',
      body: iotEquipmentBody,
      response: { 200: envelopeOf(iotEquipmentItem) },
    },
    handler: async (request) => {
      const body = request.body;
      await assertRefs(app.db, { areaId: body.areaId });
      const [row] = await guardWrite(() => app.db.insert(iotEquipment).values(body).returning());
      if (!row) throw notFound();
      await auditChange(app, request, 'iotEquipment.create', row.id, { name: row.name, code: row.code });
      return ok(request, toItem(row, await areaNames(app.db, [row.areaId])), 'common.saved');
    },
  });

  app.put('/iotEquipment/:id', {
    config: WRITE,
    schema: {
      tags,
      summary: 'Edit an IoT device',
      params: idParams,
      body: iotEquipmentBody,
      response: { 200: envelopeOf(iotEquipmentItem) },
    },
    handler: async (request) => {
      const body = request.body;
      await assertRefs(app.db, { areaId: body.areaId });
      const [row] = await guardWrite(() =>
        app.db
          .update(iotEquipment)
          .set({ ...body, updatedAt: app.appConfig.now() })
          .where(eq(iotEquipment.id, request.params.id))
          .returning(),
      );
      if (!row) throw notFound();
      await auditChange(app, request, 'iotEquipment.update', row.id, { name: row.name, code: row.code });
      return ok(request, toItem(row, await areaNames(app.db, [row.areaId])), 'common.saved');
    },
  });

  app.delete('/iotEquipment/:id', {
    config: WRITE,
    schema: {
      tags,
      summary: 'Delete an IoT device (refused while sensors are attached to it)',
      params: idParams,
      response: { 200: envelopeOf(z.null()) },
    },
    handler: async (request) => {
      const [row] = await guardWrite(() =>
        app.db.delete(iotEquipment).where(eq(iotEquipment.id, request.params.id)).returning(),
      );
      if (!row) throw notFound();
      await auditChange(app, request, 'iotEquipment.delete', row.id, { name: row.name, code: row.code });
      return ok(request, null, 'common.deleted');
    },
  });
};
