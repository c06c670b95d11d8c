import {
  algorithmRunReport,
  cameraRunReport,
  maintenanceCreate,
  maintenanceIdParams,
  maintenanceListQuery,
  maintenanceListResult,
  maintenanceWindowRow,
  RUN_REPORTS_API,
  runReportQuery,
} from '@sentinel/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditChange } from '../../platform/audit.ts';
import { requireUser } from '../../platform/auth.ts';
import { envelopeOf, ok } from '../../platform/envelope.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { sceneAuthority } from '../../platform/scene-authority.ts';
import { cameraExists, deleteWindow, insertWindow, listWindows } from './repo.ts';
import { algorithmReport, cameraReport } from './report.ts';
import { algorithmWorkbook, cameraWorkbook, SHEETS } from './xlsx.ts';

const API_PREFIX = '/api/v2/backend';
const under = (path: string) => path.slice(API_PREFIX.length);
const CAMERA = { access: { permission: 'cameraRunReport' } } as const;
const ALGORITHM = { access: { permission: 'algorithmRunReport' } } as const;
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const tags = ['self-check: run reports'];

const iso = (d: Date) => d.toISOString();
type WindowRow = Awaited<ReturnType<typeof listWindows>>['list'][number];
const windowOut = (w: WindowRow) => ({
  ...w,
  startsAt: iso(w.startsAt),
  endsAt: iso(w.endsAt),
  createdAt: iso(w.createdAt),
});

/** Self-check (issue 14): cameraRunReport, algorithmRunReport and the maintenance windows. */
export const runReportsRoutes: FastifyPluginAsyncZod = async (app) => {
  const now = () => app.appConfig.now().getTime();
  /** Reports count only the cameras, bindings and alarms the caller's scene authority shows. */
  const authOf = (request: FastifyRequest) => sceneAuthority(app.db, requireUser(request));

  app.post(under(RUN_REPORTS_API.camera), {
    config: { ...CAMERA, audit: false },
    schema: {
      tags,
      summary: 'Availability, outages and alarms per camera per day',
      body: runReportQuery,
      response: { 200: envelopeOf(cameraRunReport) },
    },
    handler: async (request) =>
      ok(request, await cameraReport(app.db, request.body, now(), await authOf(request))),
  });

  app.get(under(RUN_REPORTS_API.cameraExport), {
    config: CAMERA,
    schema: { tags, summary: 'The camera run report as an xlsx download', querystring: runReportQuery },
    handler: async (request, reply) => {
      const lang = request.query.lang ?? request.lang;
      const body = await cameraWorkbook(
        await cameraReport(app.db, request.query, now(), await authOf(request)),
        lang,
      );
      return reply
        .type(XLSX)
        .header(
          'content-disposition',
          `attachment; filename*=UTF-8''${encodeURIComponent(SHEETS.camera[lang])}.xlsx`,
        )
        .send(body);
    },
  });

  app.post(under(RUN_REPORTS_API.algorithm), {
    config: { ...ALGORITHM, audit: false },
    schema: {
      tags,
      summary: 'Alarms, false positives, cameras and their availability per algorithm per day',
      body: runReportQuery,
      response: { 200: envelopeOf(algorithmRunReport) },
    },
    handler: async (request) =>
      ok(request, await algorithmReport(app.db, request.body, now(), await authOf(request))),
  });

  app.get(under(RUN_REPORTS_API.algorithmExport), {
    config: ALGORITHM,
    schema: { tags, summary: 'The algorithm run report as an xlsx download', querystring: runReportQuery },
    handler: async (request, reply) => {
      const lang = request.query.lang ?? request.lang;
      const body = await algorithmWorkbook(
        await algorithmReport(app.db, request.query, now(), await authOf(request)),
        lang,
      );
      return reply
        .type(XLSX)
        .header(
          'content-disposition',
          `attachment; filename*=UTF-8''${encodeURIComponent(SHEETS.algorithm[lang])}.xlsx`,
        )
        .send(body);
    },
  });

  app.post(under(RUN_REPORTS_API.maintenanceList), {
    // Shown on both report pages; changed only with cameraRunReport.
    config: { access: { anyOf: ['cameraRunReport', 'algorithmRunReport'] } },
    schema: {
      tags,
      summary: 'Maintenance windows overlapping a range, latest first',
      body: maintenanceListQuery,
      response: { 200: envelopeOf(maintenanceListResult) },
    },
    handler: async (request) => {
      const { page, limit, startTime, endTime, cameraId } = request.body;
      const result = await listWindows(
        app.db,
        {
          from: startTime ? new Date(startTime) : undefined,
          to: endTime ? new Date(endTime) : undefined,
          cameraId,
        },
        { page, limit },
      );
      return ok(request, { list: result.list.map(windowOut), count: result.count });
    },
  });

  app.post(under(RUN_REPORTS_API.maintenanceCreate), {
    config: CAMERA,
    schema: {
      tags,
      summary: 'Add a maintenance window (one camera or all)',
      body: maintenanceCreate,
      response: { 200: envelopeOf(maintenanceWindowRow) },
    },
    handler: async (request) => {
      const body = request.body;
      const cameraId = body.cameraId ?? null;
      if (cameraId !== null && !(await cameraExists(app.db, cameraId)))
        throw badRequest('runReport.unknownCamera', [
          { field: 'cameraId', message: 'runReport.unknownCamera' },
        ]);
      const row = await insertWindow(app.db, {
        cameraId,
        startsAt: new Date(body.startsAt),
        endsAt: new Date(body.endsAt),
        reason: body.reason,
        createdBy: requireUser(request).accountId,
      });
      await auditChange(app, request, 'maintenanceWindow.create', row.id, {
        cameraId,
        startsAt: body.startsAt,
        endsAt: body.endsAt,
        reason: body.reason,
      });
      const created = windowOut({ ...row, cameraName: null, createdBy: requireUser(request).accountName });
      return ok(request, created, 'common.saved');
    },
  });

  app.delete(under(RUN_REPORTS_API.maintenanceDelete), {
    config: CAMERA,
    schema: {
      tags,
      summary: 'Delete a maintenance window',
      params: maintenanceIdParams,
      response: { 200: envelopeOf(z.null()) },
    },
    handler: async (request) => {
      const row = await deleteWindow(app.db, request.params.id);
      if (!row) throw notFound();
      await auditChange(app, request, 'maintenanceWindow.delete', row.id, {
        cameraId: row.cameraId,
        startsAt: iso(row.startsAt),
        endsAt: iso(row.endsAt),
        reason: row.reason,
      });
      return ok(request, null, 'common.deleted');
    },
  });
};
