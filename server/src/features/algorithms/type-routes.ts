import {
  algorithmTypeBody,
  algorithmTypeItem,
  algorithmTypeList,
  algorithmTypeListQuery,
  algorithmTypeOption,
  idParams,
} from '@sentinel/contract';
import { asc, count, desc, eq, ilike, inArray } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { algorithm, algorithmType } from '../../db/schema/index.ts';
import { auditChange } from '../../platform/audit.ts';
import { guardWrite } from '../../platform/db-errors.ts';
import { envelopeOf, ok } from '../../platform/envelope.ts';
import { notFound } from '../../platform/errors.ts';
import { likePattern } from '../../platform/sql.ts';

const WRITE = { access: { permission: 'algorithmType' } } as const;
type Row = typeof algorithmType.$inferSelect;

/** Algorithm types (page algorithmType): the catalogue's groups; names are unique. */
export const typeRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['algorithms'];
  const toItems = async (rows: Row[]) => {
    const ids = rows.map((r) => r.id);
    const counts =
      ids.length === 0
        ? []
        : await app.db
            .select({ typeId: algorithm.typeId, n: count() })
            .from(algorithm)
            .where(inArray(algorithm.typeId, ids))
            .groupBy(algorithm.typeId);
    const byType = new Map(counts.map((c) => [c.typeId, Number(c.n)]));
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      description: row.description,
      algorithmCount: byType.get(row.id) ?? 0,
      createdAt: row.createdAt.toISOString(),
    }));
  };
  const toItem = async (row: Row) => {
    const [item] = await toItems([row]);
    if (!item) throw notFound();
    return item;
  };

  app.post('/algorithmType/list', {
    config: { access: 'user' },
    schema: {
      tags,
      summary: 'Algorithm types, filtered by name',
      body: algorithmTypeListQuery,
      response: { 200: envelopeOf(algorithmTypeList) },
    },
    handler: async (request) => {
      const { page, limit, keyword } = request.body;
      const where = keyword ? ilike(algorithmType.name, likePattern(keyword)) : undefined;
      const [total] = await app.db.select({ n: count() }).from(algorithmType).where(where);
      const rows = await app.db
        .select()
        .from(algorithmType)
        .where(where)
        .orderBy(desc(algorithmType.createdAt), desc(algorithmType.id))
        .limit(limit)
        .offset((page - 1) * limit);
      return ok(request, { list: await toItems(rows), count: Number(total?.n ?? 0) });
    },
  });

  app.get('/algorithmType/list/all', {
    config: { access: 'user' },
    schema: {
      tags,
      summary: 'Every algorithm type (id, name) for pickers',
      response: { 200: envelopeOf(z.array(algorithmTypeOption)) },
    },
    handler: async (request) => {
      const rows = await app.db
        .select({ id: algorithmType.id, name: algorithmType.name })
        .from(algorithmType)
        .orderBy(asc(algorithmType.id));
      return ok(request, rows);
    },
  });

  app.post('/algorithmType', {
    config: WRITE,
    schema: {
      tags,
      summary: 'Add an algorithm type',
      body: algorithmTypeBody,
      response: { 200: envelopeOf(algorithmTypeItem) },
    },
    handler: async (request) => {
      const [row] = await guardWrite(() => app.db.insert(algorithmType).values(request.body).returning());
      if (!row) throw notFound();
      await auditChange(app, request, 'algorithmType.create', row.id, { name: row.name });
      return ok(request, await toItem(row), 'common.saved');
    },
  });

  app.put('/algorithmType/:id', {
    config: WRITE,
    schema: {
      tags,
      summary: 'Rename an algorithm type',
      params: idParams,
      body: algorithmTypeBody,
      response: { 200: envelopeOf(algorithmTypeItem) },
    },
    handler: async (request) => {
      const [row] = await guardWrite(() =>
        app.db
          .update(algorithmType)
          .set(request.body)
          .where(eq(algorithmType.id, request.params.id))
          .returning(),
      );
      if (!row) throw notFound();
      await auditChange(app, request, 'algorithmType.update', row.id, { name: row.name });
      return ok(request, await toItem(row), 'common.saved');
    },
  });

  app.delete('/algorithmType/:id', {
    config: WRITE,
    schema: {
      tags,
      summary: 'Delete an algorithm type (refused while algorithms belong to it)',
      params: idParams,
      response: { 200: envelopeOf(z.null()) },
    },
    handler: async (request) => {
      const [row] = await guardWrite(() =>
        app.db.delete(algorithmType).where(eq(algorithmType.id, request.params.id)).returning(),
      );
      if (!row) throw notFound();
      await auditChange(app, request, 'algorithmType.delete', row.id, { name: row.name });
      return ok(request, null, 'common.deleted');
    },
  });
};
