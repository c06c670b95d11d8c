import { dcsPointBody, dcsPointItem, equipmentListQuery } from '@sentinel/contract';
import { catalogueRoutes } from '../../platform/catalogue-routes.ts';
import { areaNames, assertRefs, dcsRepo } from './repo.ts';

/** DCS points (page dcsSettings): tags of the plant's control system at their plant location. */
export const dcsRoutes = catalogueRoutes({
  resource: 'dcsPoint',
  tags: ['equipment'],
  write: { permission: 'dcsSettings' },
  repo: dcsRepo,
  listQuery: equipmentListQuery,
  body: dcsPointBody,
  item: dcsPointItem,
  summary: {
    list: 'DCS points, filtered by keyword (tag, name) and area',
    noun: 'a DCS point',
  },
  check: (db, body) => assertRefs(db, { areaId: body.areaId }),
  toItems: async (db, rows) => {
    const names = await areaNames(db, rows);
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
      updatedAt: row.updatedAt.toISOString(),
    }));
  },
  auditDetail: (row) => ({ tag: row.tag, name: row.name }),
});
