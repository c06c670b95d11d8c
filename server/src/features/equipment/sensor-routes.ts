import { equipmentListQuery, idParams, sensorBody, sensorItem, sensorList } from '@sentinel/contract';
import { and, count, desc, eq, ilike, inArray, or, type SQL } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { iotEquipment, sensor } from '../../db/schema/index.ts';
import { guardWrite } from '../../platform/db-errors.ts';
import { envelopeOf, ok } from '../../platform/envelope.ts';
import { notFound } from '../../platform/errors.ts';
import { areaNames, assertRefs, auditChange, inAreaSubtree, iso, likePattern } from './shared.ts';

const WRITE = { access: { permission: 'sensorSettings' } } as const;
type Row = typeof sensor.$inferSelect;

/** Sensors (page sensorSettings) with their alarm thresholds (low < high). */
export const sensorRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['equipment'];
  const deviceNames = async (ids: Array<number | null>) => {
    const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
    if (wanted.length === 0) return new Map<number, string>();
    const rows = await app.db
      .select({ id: iotEquipment.id, name: iotEquipment.name })
      .from(iotEquipment)
      .where(inArray(iotEquipment.id, wanted));
    return new Map(rows.map((r) => [r.id, r.name]));
  };
  const toItems = async (rows: Row[]) => {
    const names = await areaNames(
      app.db,
      rows.map((r) => r.areaId),
    );
    const devices = await deviceNames(rows.map((r) => r.iotEquipmentId));
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      code: row.code,
      kind: row.kind,
      unit: row.unit,
      lowThreshold: row.lowThreshold,
      highThreshold: row.highThreshold,
      iotEquipmentId: row.iotEquipmentId,
      iotEquipmentName: row.iotEquipmentId === null ? null : (devices.get(row.iotEquipmentId) ?? null),
      areaId: row.areaId,
      areaName: row.areaId === null ? null : (names.get(row.areaId) ?? null),
      description: row.description,
      updatedAt: iso(row.updatedAt),
    }));
  };
  const toItem = async (row: Row) => {
    const [item] = await toItems([row]);
    if (!item) throw notFound();
    return item;
  };

  app.post('/sensor/list', {
    config: { access: 'user' },
    schema: {
      tags,
      summary: 'Sensors, filtered by keyword (name, code, kind) and area',
      body: equipmentListQuery,
      response: { 200: envelopeOf(sensorList) },
    },
    handler: async (request) => {
      const { page, limit, keyword, areaId } = request.body;
      const conditions: SQL[] = [];
      if (keyword) {
        const pattern = likePattern(keyword);
        const match = or(
          ilike(sensor.name, pattern),
          ilike(sensor.code, pattern),
          ilike(sensor.kind, pattern),
        );
        if (match) conditions.push(match);
      }
      if (areaId) conditions.push(inAreaSubtree(sensor.areaId, areaId));
      const where = and(...conditions);
      const [total] = await app.db.select({ n: count() }).from(sensor).where(where);
      const rows = await app.db
        .select()
        .from(sensor)
        .where(where)
        .orderBy(desc(sensor.createdAt), desc(sensor.id))
        .limit(limit)
        .offset((page - 1) * limit);
      return ok(request, { list: await toItems(rows), count: Number(total?.n ?? 0) });
    },
  });

  app.post('/sensor', {
    config: WRITE,
    schema: {
      tags,
      summary: 'Add a sensor',
      body: sensorBody,
      response: { 200: envelopeOf(sensorItem) },
    },
    handler: async (request) => {
      const body = request.body;
      await assertRefs(app.db, { areaId: body.areaId, iotEquipmentId: body.iotEquipmentId });
      const [row] = await guardWrite(() => app.db.insert(sensor).values(body).returning());
      if (!row) throw notFound();
      await auditChange(app, request, 'sensor.create', row.id, { name: row.name, code: row.code });
      return ok(request, await toItem(row), 'common.saved');
    },
  });

  app.put('/sensor/:id', {
    config: WRITE,
    schema: {
      tags,
      summary: 'Edit a sensor',
      params: idParams,
      body: sensorBody,
      response: { 200: envelopeOf(sensorItem) },
    },
    handler: async (request) => {
      const body = request.body;
      await assertRefs(app.db, { areaId: body.areaId, iotEquipmentId: body.iotEquipmentId });
      const [row] = await guardWrite(() =>
        app.db
          .update(sensor)
          .set({ ...body, updatedAt: app.appConfig.now() })
          .where(eq(sensor.id, request.params.id))
          .returning(),
      );
      if (!row) throw notFound();
      await auditChange(app, request, 'sensor.update', row.id, { name: row.name, code: row.code });
      return ok(request, await toItem(row), 'common.saved');
    },
  });

  app.delete('/sensor/:id', {
    config: WRITE,
    schema: {
      tags,
      summary: 'Delete a sensor',
      params: idParams,
      response: { 200: envelopeOf(z.null()) },
    },
    handler: async (request) => {
      const [row] = await guardWrite(() =>
        app.db.delete(sensor).where(eq(sensor.id, request.params.id)).returning(),
      );
      if (!row) throw notFound();
      await auditChange(app, request, 'sensor.delete', row.id, { name: row.name, code: row.code });
      return ok(request, null, 'common.deleted');
    },
  });
};
