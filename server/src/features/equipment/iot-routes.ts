import {
  equipmentListQuery,
  iotEquipmentBody,
  iotEquipmentItem,
  iotEquipmentOption,
} from '@sentinel/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { catalogueRoutes } from '../../platform/catalogue-routes.ts';
import { envelopeOf, ok } from '../../platform/envelope.ts';
import { areaNames, assertRefs, iotOptions, iotRepo } from './repo.ts';

/** IoT equipment (page IotEquipment): gas detectors, access gates, PLC gateways… */
export const iotRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(
    catalogueRoutes({
      resource: 'iotEquipment',
      tags: ['equipment'],
      write: { permission: 'IotEquipment' },
      repo: iotRepo,
      listQuery: equipmentListQuery,
      body: iotEquipmentBody,
      item: iotEquipmentItem,
      summary: {
        list: 'IoT equipment, filtered by keyword (name, code, IP) and area',
        noun: 'an IoT device',
        remove: 'Delete an IoT device (refused while sensors are attached to it)',
      },
      check: (db, body) => assertRefs(db, { areaId: body.areaId }),
      toItems: async (db, rows) => {
        const names = await areaNames(db, rows);
        return rows.map((row) => ({
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
          updatedAt: row.updatedAt.toISOString(),
        }));
      },
      auditDetail: (row) => ({ name: row.name, code: row.code }),
    }),
  );

  app.get('/iotEquipment/list/all', {
    config: { access: 'user' },
    schema: {
      tags: ['equipment'],
      summary: 'Every IoT device (id, name, code) for pickers',
      response: { 200: envelopeOf(z.array(iotEquipmentOption)) },
    },
    handler: async (request) => ok(request, await iotOptions(app.db)),
  });
};
