import { idParams, onekeyExportBody, onekeyProgress, SYSTEM_STATUS_API } from '@sentinel/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditChange } from '../../platform/audit.ts';
import { requireUser } from '../../platform/auth.ts';
import { envelopeOf, ok } from '../../platform/envelope.ts';
import { notFound } from '../../platform/errors.ts';
import { createOnekeyExports } from './service.ts';

const BASE = '/api/v2/backend';

/** Self-check (issue 14): one-key export — a download-centre zip of the logs of a time range. */
export const onekeyExportRoutes: FastifyPluginAsyncZod = async (app) => {
  const exports = createOnekeyExports(app);
  app.addHook('onReady', async () => exports.removeLeftovers());
  app.addHook('onClose', async () => exports.stop());
  const tags = ['selfCheck'];

  app.post(SYSTEM_STATUS_API.onekeyExport.slice(BASE.length), {
    config: { access: { permission: 'onekeyExport' } },
    schema: {
      tags,
      summary: 'Start a one-key export of a time range (≤ 31 days; listed in the download centre)',
      body: onekeyExportBody,
      response: { 200: envelopeOf(z.object({ id: z.number(), fileName: z.string() })) },
    },
    handler: async (request) => {
      const user = requireUser(request);
      const range = { from: new Date(request.body.startTime), to: new Date(request.body.endTime) };
      const row = await exports.start(user, range);
      await auditChange(app, request, 'selfCheck.onekeyExport', row.id, {
        startTime: request.body.startTime,
        endTime: request.body.endTime,
      });
      return ok(request, { id: row.id, fileName: row.fileName }, 'onekey.started');
    },
  });

  app.get('/selfCheck/onekeyExport/:id/progress', {
    config: { access: { permission: 'onekeyExport' } },
    schema: {
      tags,
      summary: 'Progress of a one-key export this instance runs',
      params: idParams,
      response: { 200: envelopeOf(onekeyProgress) },
    },
    handler: async (request) => {
      const progress = exports.progress(request.params.id);
      if (!progress) throw notFound();
      return ok(request, progress);
    },
  });
};
