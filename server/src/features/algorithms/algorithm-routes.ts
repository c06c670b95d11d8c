import { algorithmBody, algorithmItem, algorithmListQuery, algorithmOption } from '@sentinel/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { catalogueRoutes } from '../../platform/catalogue-routes.ts';
import { envelopeOf, ok } from '../../platform/envelope.ts';
import {
  algorithmFilter,
  algorithmRepo,
  assertTypeExists,
  enabledAlgorithmOptions,
  typeNames,
} from './repo.ts';

/** Algorithms (page algorithmSetting, "algorithm configuration"): name, code, model, instance, levels. */
const algorithmCatalogue = catalogueRoutes({
  resource: 'algorithm',
  tags: ['algorithms'],
  write: { permission: 'algorithmSetting' },
  repo: algorithmRepo,
  listQuery: algorithmListQuery,
  body: algorithmBody,
  item: algorithmItem,
  summary: {
    list: 'Algorithms, filtered by keyword (name, code, model, instance), type and state',
    noun: 'an algorithm',
    remove: 'Delete an algorithm (refused while a camera runs it)',
  },
  filter: (query) => algorithmFilter(query),
  check: (db, body) => assertTypeExists(db, body.typeId),
  toItems: async (db, rows) => {
    const names = await typeNames(
      db,
      rows.map((r) => r.typeId),
    );
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      code: row.code,
      typeId: row.typeId,
      typeName: row.typeId === null ? null : (names.get(row.typeId) ?? null),
      model: row.model,
      instance: row.instance,
      description: row.description,
      levels: row.levels,
      defaultLevel: row.defaultLevel,
      enabled: row.enabled,
      updatedAt: row.updatedAt.toISOString(),
    }));
  },
  auditDetail: (row, action) =>
    action === 'update'
      ? {
          name: row.name,
          code: row.code,
          levels: row.levels,
          defaultLevel: row.defaultLevel,
          enabled: row.enabled,
        }
      : { name: row.name, code: row.code },
});

export const algorithmRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(algorithmCatalogue);

  app.get('/algorithm/list/all', {
    config: { access: 'user' },
    schema: {
      tags: ['algorithms'],
      summary: 'The enabled algorithms for pickers (id, name, code, type name, levels, default level)',
      response: { 200: envelopeOf(z.array(algorithmOption)) },
    },
    handler: async (request) => ok(request, await enabledAlgorithmOptions(app.db)),
  });
};
