import { idParams, serverBody, serverItem, serverList, serverListQuery } from '@sentinel/contract';
import { and, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { analysisServer } from '../../db/schema/index.ts';
import { guardWrite } from '../../platform/db-errors.ts';
import { envelopeOf, ok } from '../../platform/envelope.ts';
import { notFound } from '../../platform/errors.ts';
import { auditChange, iso, likePattern } from './shared.ts';

const WRITE = { access: { permission: 'deviceServerSettings' } } as const;
type Row = typeof analysisServer.$inferSelect;

const toItem = (row: Row) => ({
  id: row.id,
  name: row.name,
  kind: row.kind,
  ip: row.ip,
  port: row.port,
  online: row.online,
  description: row.description,
  updatedAt: iso(row.updatedAt),
});

/** Analysis, media and storage servers (page deviceServerSettings). */
export const serverRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['equipment'];

  app.post('/analysisServer/list', {
    config: { access: 'user' },
    schema: {
      tags,
      summary: 'Analysis / media / storage servers, filtered by keyword (name, IP) and kind',
      body: serverListQuery,
      response: { 200: envelopeOf(serverList) },
    },
    handler: async (request) => {
      const { page, limit, keyword, kind } = request.body;
      const conditions: SQL[] = [];
      if (keyword) {
        const pattern = likePattern(keyword);
        const match = or(ilike(analysisServer.name, pattern), ilike(analysisServer.ip, pattern));
        if (match) conditions.push(match);
      }
      if (kind) conditions.push(eq(analysisServer.kind, kind));
      const where = and(...conditions);
      const [total] = await app.db.select({ n: count() }).from(analysisServer).where(where);
      const rows = await app.db
        .select()
        .from(analysisServer)
        .where(where)
        .orderBy(desc(analysisServer.createdAt), desc(analysisServer.id))
        .limit(limit)
        .offset((page - 1) * limit);
      return ok(request, { list: rows.map(toItem), count: Number(total?.n ?? 0) });
    },
  });

  app.post('/analysisServer', {
    config: WRITE,
    schema: {
      tags,
      summary: 'Add a server',
      body: serverBody,
      response: { 200: envelopeOf(serverItem) },
    },
    handler: async (request) => {
      const [row] = await guardWrite(() => app.db.insert(analysisServer).values(request.body).returning());
      if (!row) throw notFound();
      await auditChange(app, request, 'analysisServer.create', row.id, { name: row.name, ip: row.ip });
      return ok(request, toItem(row), 'common.saved');
    },
  });

  app.put('/analysisServer/:id', {
    config: WRITE,
    schema: {
      tags,
      summary: 'Edit a server',
      params: idParams,
      body: serverBody,
      response: { 200: envelopeOf(serverItem) },
    },
    handler: async (request) => {
      const [row] = await guardWrite(() =>
        app.db
          .update(analysisServer)
          .set({ ...request.body, updatedAt: app.appConfig.now() })
          .where(eq(analysisServer.id, request.params.id))
          .returning(),
      );
      if (!row) throw notFound();
      await auditChange(app, request, 'analysisServer.update', row.id, { name: row.name, ip: row.ip });
      return ok(request, toItem(row), 'common.saved');
    },
  });

  app.delete('/analysisServer/:id', {
    config: WRITE,
    schema: {
      tags,
      summary: 'Delete a server',
      params: idParams,
      response: { 200: envelopeOf(z.null()) },
    },
    handler: async (request) => {
      const [row] = await guardWrite(() =>
        app.db.delete(analysisServer).where(eq(analysisServer.id, request.params.id)).returning(),
      );
      if (!row) throw notFound();
      await auditChange(app, request, 'analysisServer.delete', row.id, { name: row.name });
      return ok(request, null, 'common.deleted');
    },
  });
};
