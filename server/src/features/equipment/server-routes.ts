import { serverBody, serverItem, serverListQuery } from '@sentinel/contract';
import { catalogueRoutes } from '../../platform/catalogue-routes.ts';
import { serverOfKind, serverRepo } from './repo.ts';

/** Analysis, media and storage servers (page deviceServerSettings). */
export const serverRoutes = catalogueRoutes({
  resource: 'analysisServer',
  tags: ['equipment'],
  write: { permission: 'deviceServerSettings' },
  repo: serverRepo,
  listQuery: serverListQuery,
  body: serverBody,
  item: serverItem,
  summary: {
    list: 'Analysis / media / storage servers, filtered by keyword (name, IP) and kind',
    noun: 'a server',
  },
  filter: (query) => serverOfKind(query.kind),
  toItems: async (_db, rows) =>
    rows.map((row) => ({
      id: row.id,
      name: row.name,
      kind: row.kind,
      ip: row.ip,
      port: row.port,
      online: row.online,
      description: row.description,
      updatedAt: row.updatedAt.toISOString(),
    })),
  auditDetail: (row, action) => (action === 'delete' ? { name: row.name } : { name: row.name, ip: row.ip }),
});
