import {
  idParams,
  type JobTypeItem,
  type JobTypeKind,
  jobTypeBody,
  jobTypeItem,
  jobTypeListQuery,
  jobTypeUpdateBody,
} from '@sentinel/contract';
import { and, asc, count, desc, eq, ilike, type SQL } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { jobType, scene } from '../../db/schema/index.ts';
import { requireUser } from '../../platform/auth.ts';
import { guardWrite } from '../../platform/db-errors.ts';
import { envelopeOf, ok } from '../../platform/envelope.ts';
import { notFound } from '../../platform/errors.ts';
import { likePattern } from '../../platform/sql.ts';

const PERMISSION = { permission: 'temporaryJobType' } as const;

async function items(db: Db, where: SQL | undefined, page?: { page: number; limit: number }) {
  const sceneCount = db
    .select({ jobTypeId: scene.jobTypeId, n: count().as('n') })
    .from(scene)
    .groupBy(scene.jobTypeId)
    .as('scene_count');
  let query = db
    .select({
      id: jobType.id,
      name: jobType.name,
      kind: jobType.kind,
      description: jobType.description,
      createdAt: jobType.createdAt,
      sceneCount: sceneCount.n,
    })
    .from(jobType)
    .leftJoin(sceneCount, eq(sceneCount.jobTypeId, jobType.id))
    .where(where)
    .orderBy(page ? desc(jobType.createdAt) : asc(jobType.name), page ? desc(jobType.id) : asc(jobType.id))
    .$dynamic();
  if (page) query = query.limit(page.limit).offset((page.page - 1) * page.limit);
  const rows = await query;
  return rows.map(
    (r): JobTypeItem => ({
      ...r,
      kind: r.kind as JobTypeKind,
      sceneCount: Number(r.sceneCount ?? 0),
      createdAt: r.createdAt.toISOString(),
    }),
  );
}

/** Job types (hot work, work at height, confined space…): page temporaryJobType. Not shown in the SPEC. */
export const jobTypeRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['job types'];
  const listResponse = envelopeOf(z.object({ list: z.array(jobTypeItem), count: z.number() }));

  app.post('/jobType/list', {
    config: { access: 'user' },
    schema: {
      tags,
      summary: 'Job types, newest first',
      body: jobTypeListQuery,
      response: { 200: listResponse },
    },
    handler: async (request) => {
      const { page, limit, keyword, kind } = request.body;
      const where = and(
        keyword ? ilike(jobType.name, likePattern(keyword)) : undefined,
        kind ? eq(jobType.kind, kind) : undefined,
      );
      const [total] = await app.db.select({ n: count() }).from(jobType).where(where);
      return ok(request, { list: await items(app.db, where, { page, limit }), count: Number(total?.n ?? 0) });
    },
  });

  app.post('/jobType/list/all', {
    config: { access: 'user' },
    schema: {
      tags,
      summary: 'Every job type (pickers), by name',
      body: z.object({ kind: z.enum(['fixed', 'temporary']).nullable().optional() }).default({}),
      response: { 200: envelopeOf(z.array(jobTypeItem)) },
    },
    handler: async (request) => {
      const kind = request.body.kind;
      return ok(request, await items(app.db, kind ? eq(jobType.kind, kind) : undefined));
    },
  });

  const audit = async (
    request: Parameters<typeof requireUser>[0],
    action: string,
    target: string,
    detail: Record<string, unknown>,
  ) => {
    const user = requireUser(request);
    await app.audit.write({
      accountId: user.accountId,
      accountName: user.accountName,
      action,
      target,
      detail,
      ip: request.ip,
      request,
    });
  };

  app.post('/jobType', {
    config: { access: PERMISSION },
    schema: {
      tags,
      summary: 'Create a job type (unique name)',
      body: jobTypeBody,
      response: { 200: envelopeOf(jobTypeItem) },
    },
    handler: async (request) => {
      const [row] = await guardWrite(() =>
        app.db.insert(jobType).values(request.body).returning({ id: jobType.id }),
      );
      if (!row) throw notFound();
      const [created] = await items(app.db, eq(jobType.id, row.id));
      if (!created) throw notFound();
      await audit(request, 'jobType.create', String(row.id), { name: request.body.name });
      return ok(request, created, 'common.saved');
    },
  });

  app.put('/jobType', {
    config: { access: PERMISSION },
    schema: {
      tags,
      summary: 'Edit a job type',
      body: jobTypeUpdateBody,
      response: { 200: envelopeOf(jobTypeItem) },
    },
    handler: async (request) => {
      const { id, ...values } = request.body;
      const updated = await guardWrite(() =>
        app.db.update(jobType).set(values).where(eq(jobType.id, id)).returning({ id: jobType.id }),
      );
      if (updated.length === 0) throw notFound();
      const [item] = await items(app.db, eq(jobType.id, id));
      if (!item) throw notFound();
      await audit(request, 'jobType.update', String(id), { name: values.name });
      return ok(request, item, 'common.saved');
    },
  });

  app.delete('/jobType/:id', {
    config: { access: PERMISSION },
    schema: {
      tags,
      summary: 'Delete a job type (409 common.inUse while scenes use it)',
      params: idParams,
      response: { 200: envelopeOf(z.null()) },
    },
    handler: async (request) => {
      const deleted = await guardWrite(
        () => app.db.delete(jobType).where(eq(jobType.id, request.params.id)).returning({ id: jobType.id }),
        { inUse: 'common.inUse' },
      );
      if (deleted.length === 0) throw notFound();
      await audit(request, 'jobType.delete', String(request.params.id), {});
      return ok(request, null, 'common.deleted');
    },
  });
};
