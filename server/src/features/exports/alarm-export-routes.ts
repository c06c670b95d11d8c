import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import {
  type AlarmExportBody,
  alarmExportBody,
  EXPORT_API,
  EXPORT_STATE,
  exportFile,
  idParams,
  isMessageCode,
  type Lang,
  translate,
} from '@sentinel/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../platform/auth.ts';
import { envelopeOf, ok } from '../../platform/envelope.ts';
import { AppError, badRequest, conflict, notFound } from '../../platform/errors.ts';
import { scheduleLeaseSweep } from '../../platform/job-lease.ts';
import { mediaRoot, resolveMediaPath } from '../../platform/media.ts';
import { visibleScenes } from '../../platform/scene-authority.ts';
import {
  createAlarmExports,
  EXPORT_SUBDIR,
  type ExportFileRow,
  type ExportRequest,
  exportWhere,
} from './alarm-export-service.ts';
import { alarmImageEntries, zipStream } from './image-zip.ts';
import { findOwnExport, findOwnExportByUrl } from './repo.ts';

/** Exporting is the history alarm page's export button (admins hold every code). */
const EXPORT_PERMISSION = 'historyAlarm:export';
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** Alarm exports write .xlsx; the one-key export (features/onekey-export) writes .zip. */
const FILE_NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(xlsx|zip)$/;

export const toExportFile = (row: ExportFileRow, lang: Lang) => ({
  id: row.id,
  fileName: row.fileName,
  fileUrl: row.fileUrl,
  state: row.state,
  gmtCreate: row.gmtCreate.toISOString(),
  failureReason:
    row.state === EXPORT_STATE.failed
      ? translate(isMessageCode(row.failure) ? row.failure : 'export.failed', lang)
      : '',
  retryable: row.state === EXPORT_STATE.failed && alarmExportBody.safeParse(row.filters).success,
});

/** `attachment` with an ASCII fallback and the UTF-8 name (RFC 6266). */
export function attachment(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

function checkRange(filters: AlarmExportBody) {
  if (Boolean(filters.startTime) !== Boolean(filters.endTime)) throw badRequest('time.rangeRequired');
}

/**
 * Alarm xlsx export (background job), download of the caller's export files, and the zip of
 * alarm images. Registered inside the download center's plugin (under /api/v2/backend).
 */
export const alarmExportRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['exports'];
  const exports = createAlarmExports(app);
  scheduleLeaseSweep(app, 'exports', (options) => exports.sweep(options));
  app.addHook('onClose', async () => exports.stop());

  /** An export of these filters for the caller, under its scene authority as it is now. */
  async function exportRequest(request: FastifyRequest, filters: AlarmExportBody): Promise<ExportRequest> {
    const user = requireUser(request);
    return {
      accountId: user.accountId,
      accountName: user.accountName,
      lang: request.lang,
      filters,
      scenes: await visibleScenes(app.db, user),
      ip: request.ip,
    };
  }

  /** The stored file of a completed export, or 404 / 409. */
  async function exportFileOf(row: ExportFileRow | undefined): Promise<{ file: string; size: number }> {
    if (!row) throw notFound();
    if (row.state === EXPORT_STATE.failed) throw conflict('export.failed');
    if (row.state !== EXPORT_STATE.completed || !row.fileUrl) throw conflict('export.notReady');
    const name = row.fileUrl.startsWith(EXPORT_API.filePrefix)
      ? row.fileUrl.slice(EXPORT_API.filePrefix.length)
      : '';
    const file = FILE_NAME.test(name)
      ? resolveMediaPath(mediaRoot(app), `${EXPORT_SUBDIR}/${name}`)
      : undefined;
    const info = file ? await stat(file).catch(() => undefined) : undefined;
    if (!file || !info?.isFile()) throw notFound();
    return { file, size: info.size };
  }

  async function sendExport(reply: FastifyReply, row: ExportFileRow | undefined) {
    const { file, size } = await exportFileOf(row);
    return reply
      .type(file.endsWith('.zip') ? 'application/zip' : XLSX_TYPE)
      .header('content-length', size)
      .header('content-disposition', attachment(row?.fileName ?? 'export.xlsx'))
      .header('cache-control', 'private, no-store')
      .header('x-content-type-options', 'nosniff')
      .send(createReadStream(file));
  }

  app.post('/export/download/videoAlarmRecordExport', {
    config: { access: { permission: EXPORT_PERMISSION } },
    schema: {
      tags,
      summary: 'Export the filtered alarm list as xlsx in the background (listed in the download center)',
      body: alarmExportBody,
      response: { 200: envelopeOf(exportFile) },
    },
    handler: async (request: FastifyRequest<{ Body: AlarmExportBody }>) => {
      const filters = request.body;
      checkRange(filters);
      const row = await exports.start(await exportRequest(request, filters));
      return ok(request, toExportFile(row, request.lang), 'export.generating');
    },
  });

  app.post('/export/:id/retry', {
    config: { access: { permission: EXPORT_PERMISSION } },
    schema: {
      tags,
      summary: 'Run a failed export of yours again with the filters it was asked for (not in the SPEC)',
      params: idParams,
      response: { 200: envelopeOf(exportFile) },
    },
    handler: async (request) => {
      const user = requireUser(request);
      const row = await findOwnExport(app.db, user.accountId, request.params.id);
      if (!row) throw notFound();
      const filters = alarmExportBody.safeParse(row.filters);
      if (row.state !== EXPORT_STATE.failed || !filters.success) throw conflict('export.cannotRetry');
      const again = await exports.retry(row, await exportRequest(request, filters.data));
      if (!again) throw conflict('export.cannotRetry');
      return ok(request, toExportFile(again, request.lang), 'export.generating');
    },
  });

  app.post('/export/download/videoAlarmImages', {
    config: { access: { permission: EXPORT_PERMISSION } },
    schema: {
      tags,
      summary: "Zip of the filtered alarms' images (original and drawn), newest 500 alarms",
      description: 'Not in the SPEC. 404 with 暂时没有可下载报警图片 when there are none.',
      body: alarmExportBody,
    },
    handler: async (request: FastifyRequest<{ Body: AlarmExportBody }>, reply) => {
      const user = requireUser(request);
      const filters = request.body;
      checkRange(filters);
      const scenes = await visibleScenes(app.db, user);
      const entries = await alarmImageEntries(app.db, mediaRoot(app), exportWhere(filters, scenes));
      if (entries.length === 0) throw new AppError(404, 'export.noImages');
      await app.audit.write({
        accountId: user.accountId,
        accountName: user.accountName,
        action: 'export.alarmImages',
        detail: { filters, files: entries.length },
        ip: request.ip,
        request,
      });
      const name = `video-alarm-images-${app.appConfig.now().toISOString().slice(0, 10)}.zip`;
      return reply
        .type('application/zip')
        .header('content-disposition', attachment(name))
        .header('cache-control', 'private, no-store')
        .send(zipStream(entries));
    },
  });

  app.post('/export/download/:id', {
    config: { access: 'user' },
    schema: {
      tags,
      summary: "Download one of the caller's completed export files (409 while it is generating)",
      params: idParams,
      body: z.unknown().optional(),
    },
    handler: async (request, reply) => {
      const user = requireUser(request);
      return sendExport(reply, await findOwnExport(app.db, user.accountId, request.params.id));
    },
  });

  app.get('/export/file/:name', {
    config: { access: 'user', tokenInCookie: true },
    schema: {
      tags,
      summary: "An export file by its fileUrl (the caller's own; the user_token cookie counts)",
      params: z.object({ name: z.string().regex(FILE_NAME, { error: 'field.invalid' }) }),
    },
    handler: async (request, reply) => {
      const user = requireUser(request);
      const fileUrl = EXPORT_API.filePrefix + request.params.name;
      return sendExport(reply, await findOwnExportByUrl(app.db, user.accountId, fileUrl));
    },
  });
};
