import {
  algorithmBody,
  algorithmItem,
  algorithmList,
  algorithmListQuery,
  algorithmOption,
  type FieldError,
  idParams,
} from '@sentinel/contract';
import { and, asc, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { algorithm, algorithmType } from '../../db/schema/index.ts';
import { auditChange } from '../../platform/audit.ts';
import { guardWrite } from '../../platform/db-errors.ts';
import { envelopeOf, ok } from '../../platform/envelope.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { likePattern } from '../../platform/sql.ts';

const WRITE = { access: { permission: 'algorithmSetting' } } as const;

const columns = {
  id: algorithm.id,
  name: algorithm.name,
  code: algorithm.code,
  typeId: algorithm.typeId,
  typeName: algorithmType.name,
  model: algorithm.model,
  instance: algorithm.instance,
  description: algorithm.description,
  levels: algorithm.levels,
  defaultLevel: algorithm.defaultLevel,
  enabled: algorithm.enabled,
  updatedAt: algorithm.updatedAt,
};

/** Algorithms (page algorithmSetting, "algorithm configuration"): name, code, model, instance, levels. */
export const algorithmRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['algorithms'];
  const one = async (id: number) => {
    const [row] = await app.db
      .select(columns)
      .from(algorithm)
      .leftJoin(algorithmType, eq(algorithm.typeId, algorithmType.id))
      .where(eq(algorithm.id, id));
    if (!row) throw notFound();
    return { ...row, updatedAt: row.updatedAt.toISOString() };
  };
  const assertType = async (typeId: number | null) => {
    if (typeId === null) return;
    const [row] = await app.db.select({ n: count() }).from(algorithmType).where(eq(algorithmType.id, typeId));
    if (Number(row?.n ?? 0) === 0) {
      const fields: FieldError[] = [{ field: 'typeId', message: 'field.invalid' }];
      throw badRequest('field.invalid', fields);
    }
  };

  app.post('/algorithm/list', {
    config: { access: 'user' },
    schema: {
      tags,
      summary: 'Algorithms, filtered by keyword (name, code, model, instance), type and state',
      body: algorithmListQuery,
      response: { 200: envelopeOf(algorithmList) },
    },
    handler: async (request) => {
      const { page, limit, keyword, typeId, enabled } = request.body;
      const conditions: SQL[] = [];
      if (keyword) {
        const pattern = likePattern(keyword);
        const match = or(
          ilike(algorithm.name, pattern),
          ilike(algorithm.code, pattern),
          ilike(algorithm.model, pattern),
          ilike(algorithm.instance, pattern),
        );
        if (match) conditions.push(match);
      }
      if (typeId) conditions.push(eq(algorithm.typeId, typeId));
      if (enabled !== undefined) conditions.push(eq(algorithm.enabled, enabled));
      const where = and(...conditions);
      const [total] = await app.db.select({ n: count() }).from(algorithm).where(where);
      const rows = await app.db
        .select(columns)
        .from(algorithm)
        .leftJoin(algorithmType, eq(algorithm.typeId, algorithmType.id))
        .where(where)
        .orderBy(desc(algorithm.createdAt), desc(algorithm.id))
        .limit(limit)
        .offset((page - 1) * limit);
      const list = rows.map((r) => ({ ...r, updatedAt: r.updatedAt.toISOString() }));
      return ok(request, { list, count: Number(total?.n ?? 0) });
    },
  });

  app.get('/algorithm/list/all', {
    config: { access: 'user' },
    schema: {
      tags,
      summary: 'The enabled algorithms for pickers (id, name, code, type name, levels, default level)',
      response: { 200: envelopeOf(z.array(algorithmOption)) },
    },
    handler: async (request) => {
      const rows = await app.db
        .select({
          id: algorithm.id,
          name: algorithm.name,
          code: algorithm.code,
          typeName: algorithmType.name,
          levels: algorithm.levels,
          defaultLevel: algorithm.defaultLevel,
        })
        .from(algorithm)
        .leftJoin(algorithmType, eq(algorithm.typeId, algorithmType.id))
        .where(eq(algorithm.enabled, true))
        .orderBy(asc(algorithm.code), asc(algorithm.id));
      return ok(request, rows);
    },
  });

  app.post('/algorithm', {
    config: WRITE,
    schema: {
      tags,
      summary: 'Add an algorithm',
      body: algorithmBody,
      response: { 200: envelopeOf(algorithmItem) },
    },
    handler: async (request) => {
      await assertType(request.body.typeId);
      const [row] = await guardWrite(() =>
        app.db.insert(algorithm).values(request.body).returning({ id: algorithm.id }),
      );
      if (!row) throw notFound();
      const item = await one(row.id);
      await auditChange(app, request, 'algorithm.create', row.id, { name: item.name, code: item.code });
      return ok(request, item, 'common.saved');
    },
  });

  app.put('/algorithm/:id', {
    config: WRITE,
    schema: {
      tags,
      summary: 'Edit an algorithm',
      params: idParams,
      body: algorithmBody,
      response: { 200: envelopeOf(algorithmItem) },
    },
    handler: async (request) => {
      await assertType(request.body.typeId);
      const [row] = await guardWrite(() =>
        app.db
          .update(algorithm)
          .set({ ...request.body, updatedAt: app.appConfig.now() })
          .where(eq(algorithm.id, request.params.id))
          .returning({ id: algorithm.id }),
      );
      if (!row) throw notFound();
      const item = await one(row.id);
      await auditChange(app, request, 'algorithm.update', row.id, {
        name: item.name,
        code: item.code,
        levels: item.levels,
        defaultLevel: item.defaultLevel,
        enabled: item.enabled,
      });
      return ok(request, item, 'common.saved');
    },
  });

  app.delete('/algorithm/:id', {
    config: WRITE,
    schema: {
      tags,
      summary: 'Delete an algorithm (refused while a camera runs it)',
      params: idParams,
      response: { 200: envelopeOf(z.null()) },
    },
    handler: async (request) => {
      const [row] = await guardWrite(() =>
        app.db.delete(algorithm).where(eq(algorithm.id, request.params.id)).returning(),
      );
      if (!row) throw notFound();
      await auditChange(app, request, 'algorithm.delete', row.id, { name: row.name, code: row.code });
      return ok(request, null, 'common.deleted');
    },
  });
};
