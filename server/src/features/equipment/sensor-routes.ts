import { equipmentListQuery, sensorBody, sensorItem } from '@sentinel/contract';
import { catalogueRoutes } from '../../platform/catalogue-routes.ts';
import { areaNames, assertRefs, iotNames, sensorRepo } from './repo.ts';

/** Sensors (page sensorSettings) with their alarm thresholds (low < high). */
export const sensorRoutes = catalogueRoutes({
  resource: 'sensor',
  tags: ['equipment'],
  write: { permission: 'sensorSettings' },
  repo: sensorRepo,
  listQuery: equipmentListQuery,
  body: sensorBody,
  item: sensorItem,
  summary: {
    list: 'Sensors, filtered by keyword (name, code, kind) and area',
    noun: 'a sensor',
  },
  check: (db, body) => assertRefs(db, { areaId: body.areaId, iotEquipmentId: body.iotEquipmentId }),
  toItems: async (db, rows) => {
    const names = await areaNames(db, rows);
    const devices = await iotNames(
      db,
      rows.map((r) => r.iotEquipmentId),
    );
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
      updatedAt: row.updatedAt.toISOString(),
    }));
  },
  auditDetail: (row) => ({ name: row.name, code: row.code }),
});
