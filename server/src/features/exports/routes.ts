import { EXPORT_API, exportListQuery, exportListResponse, idParams } from '@sentinel/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../platform/auth.ts';
import { envelopeOf, ok } from '../../platform/envelope.ts';
import { notFound } from '../../platform/errors.ts';
import { removeMedia } from '../../platform/media.ts';
import { alarmExportRoutes, toExportFile } from './alarm-export-routes.ts';
import { EXPORT_SUBDIR } from './alarm-export-service.ts';
import { registerExportCleanup } from './cleanup.ts';
import { deleteExport, listExports } from './repo.ts';

/** Download center: the caller's export files, and the alarm exports that produce them. */
export const exportRoutes: FastifyPluginAsyncZod = async (app) => {
  registerExportCleanup(app);
  const tags = ['exports'];
  await app.register(alarmExportRoutes);

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
      return ok(request, { list: rows.map((row) => toExportFile(row, request.lang)), count });
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
      const deleted = await deleteExport(app.db, user.accountId, request.params.id);
      if (!deleted) throw notFound();
      if (deleted.fileUrl?.startsWith(EXPORT_API.filePrefix)) {
        const name = deleted.fileUrl.slice(EXPORT_API.filePrefix.length);
        await removeMedia(app, `${EXPORT_SUBDIR}/${name}`);
      }
      await app.audit.write({
        accountId: user.accountId,
        accountName: user.accountName,
        action: 'export.delete',
        target: String(request.params.id),
        ip: request.ip,
        request,
      });
      return ok(request, null, 'common.deleted');
    },
  });
};
