import { exportListQuery, exportListResponse, idParams } from '@sentinel/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../platform/auth.ts';
import { envelopeOf, ok } from '../../platform/envelope.ts';
import { notFound } from '../../platform/errors.ts';
import { deleteExport, listExports } from './repo.ts';

/** Download center: the caller's export files (produced by the export feature). */
export const exportRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['exports'];

  app.get('/export/list', {
    config: { access: 'user', allowBeforePasswordChange: true },
    schema: {
      tags,
      summary: "The caller's export files, newest first",
      querystring: exportListQuery,
      response: { 200: envelopeOf(exportListResponse) },
    },
    handler: async (request) => {
      const user = requireUser(request);
      const { rows, count } = await listExports(app.db, user.accountId, request.query);
      const list = rows.map((row) => ({
        id: row.id,
        fileName: row.fileName,
        fileUrl: row.fileUrl,
        state: row.state,
        gmtCreate: row.gmtCreate.toISOString(),
      }));
      return ok(request, { list, count });
    },
  });

  app.delete('/export/:id', {
    config: { access: 'user' },
    schema: {
      tags,
      summary: "Delete one of the caller's export files",
      params: idParams,
      response: { 200: envelopeOf(z.null()) },
    },
    handler: async (request) => {
      const user = requireUser(request);
      if (!(await deleteExport(app.db, user.accountId, request.params.id))) throw notFound();
      await app.audit.write({
        accountId: user.accountId,
        accountName: user.accountName,
        action: 'export.delete',
        target: String(request.params.id),
        ip: request.ip,
      });
      return ok(request, null, 'common.deleted');
    },
  });
};
