import {
  algorithmTypeBody,
  algorithmTypeItem,
  algorithmTypeListQuery,
  algorithmTypeOption,
} from '@sentinel/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { catalogueRoutes } from '../../platform/catalogue-routes.ts';
import { envelopeOf, ok } from '../../platform/envelope.ts';
import { algorithmCounts, typeOptions, typeRepo } from './repo.ts';

/** Algorithm types (page algorithmType): the catalogue's groups; names are unique. */
const typeCatalogue = catalogueRoutes({
  resource: 'algorithmType',
  tags: ['algorithms'],
  write: { permission: 'algorithmType' },
  repo: typeRepo,
  listQuery: algorithmTypeListQuery,
  body: algorithmTypeBody,
  item: algorithmTypeItem,
  summary: {
    list: 'Algorithm types, filtered by name',
    noun: 'an algorithm type',
    edit: 'Rename an algorithm type',
    remove: 'Delete an algorithm type (refused while algorithms belong to it)',
  },
  toItems: async (db, rows) => {
    const counts = await algorithmCounts(
      db,
      rows.map((r) => r.id),
    );
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      description: row.description,
      algorithmCount: counts.get(row.id) ?? 0,
      createdAt: row.createdAt.toISOString(),
    }));
  },
  auditDetail: (row) => ({ name: row.name }),
});

export const typeRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(typeCatalogue);

  app.get('/algorithmType/list/all', {
    config: { access: 'user' },
    schema: {
      tags: ['algorithms'],
      summary: 'Every algorithm type (id, name) for pickers',
      response: { 200: envelopeOf(z.array(algorithmTypeOption)) },
    },
    handler: async (request) => ok(request, await typeOptions(app.db)),
  });
};
