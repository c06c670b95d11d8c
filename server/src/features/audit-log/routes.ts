import { PassThrough } from 'node:stream';
import {
  AUDIT_EXPORT_MAX_ROWS,
  type AuditFilters,
  auditActions,
  auditExportQuery,
  auditListQuery,
  auditListResult,
  type Lang,
} from '@sentinel/contract';
import ExcelJS from 'exceljs';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { parseTimeFilter } from '../../platform/audit.ts';
import { envelopeOf, ok } from '../../platform/envelope.ts';
import { badRequest } from '../../platform/errors.ts';
import { type AuditWhere, distinctActions, entryBatches, listEntries } from './repo.ts';

/** Columns of the export, titles in both languages. */
export const AUDIT_EXPORT_COLUMNS = [
  { key: 'id', width: 10, title: { en: 'ID', 'zh-CN': '编号' } },
  { key: 'createdAt', width: 20, title: { en: 'Time', 'zh-CN': '时间' } },
  { key: 'accountName', width: 18, title: { en: 'User', 'zh-CN': '用户' } },
  { key: 'action', width: 36, title: { en: 'Action', 'zh-CN': '操作' } },
  { key: 'target', width: 20, title: { en: 'Record', 'zh-CN': '对象' } },
  { key: 'detail', width: 80, title: { en: 'Detail', 'zh-CN': '详情' } },
  { key: 'ip', width: 16, title: { en: 'Address', 'zh-CN': '地址' } },
] as const;
export const AUDIT_EXPORT_SHEET: Record<Lang, string> = { en: 'User behaviour log', 'zh-CN': '用户行为日志' };

/** Excel's limit on one cell's text. */
const CELL_MAX = 32_000;

function filtersOf(query: AuditFilters): AuditWhere {
  const start = parseTimeFilter(query.startTime);
  const end = parseTimeFilter(query.endTime);
  const fields = [
    ...(query.startTime && !start ? [{ field: 'startTime', message: 'field.invalid' }] : []),
    ...(query.endTime && !end ? [{ field: 'endTime', message: 'field.invalid' }] : []),
  ];
  if (fields.length > 0) throw badRequest('field.invalid', fields);
  return { accountName: query.accountName, action: query.action, start, end };
}

const pad = (n: number) => String(n).padStart(2, '0');

/** 'YYYY-MM-DD HH:mm:ss' in `timeZone` (undefined: the server's zone). */
function formatter(timeZone?: string): (date: Date) => string {
  const format = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  });
  return (date) => {
    const p: Record<string, number> = {};
    for (const part of format.formatToParts(date)) p[part.type] = Number(part.value);
    return `${p.year}-${pad(p.month ?? 0)}-${pad(p.day ?? 0)} ${pad(p.hour ?? 0)}:${pad(p.minute ?? 0)}:${pad(p.second ?? 0)}`;
  };
}

/**
 * The audit log (/systemSettings/bizLog), mounted under /api/v2/backend. Read-only: only GET and
 * list POSTs exist under log/biz; nothing edits or deletes an entry.
 */
export const auditLogRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['audit log'];

  app.post('/log/biz/list', {
    config: { access: { permission: 'bizLog' } },
    schema: {
      tags,
      summary: 'Audit entries (filters: user, action, time), newest first',
      body: auditListQuery,
      response: { 200: envelopeOf(auditListResult) },
    },
    handler: async (request) => {
      const { page, limit, ...filters } = request.body;
      return ok(request, await listEntries(app.db, filtersOf(filters), { page, limit }));
    },
  });

  app.get('/log/biz/actions', {
    config: { access: { permission: 'bizLog' } },
    schema: {
      tags,
      summary: 'Distinct recorded actions (for the action filter)',
      response: { 200: envelopeOf(auditActions) },
    },
    handler: async (request) => ok(request, await distinctActions(app.db)),
  });

  app.get('/log/biz/export', {
    config: { access: { permission: 'bizLog:export' } },
    schema: {
      tags,
      summary: `The filtered entries as an xlsx download (newest first, at most ${AUDIT_EXPORT_MAX_ROWS})`,
      querystring: auditExportQuery,
    },
    handler: async (request, reply) => {
      const { timeZone, ...query } = request.query;
      const filters = filtersOf(query);
      const lang = request.lang;
      await app.audit.write({ request, action: 'bizLog.export', detail: { filters: query } });
      const stream = new PassThrough();
      const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
        stream,
        useStyles: false,
        useSharedStrings: false,
      });
      const sheet = workbook.addWorksheet(AUDIT_EXPORT_SHEET[lang]);
      sheet.columns = AUDIT_EXPORT_COLUMNS.map((c) => ({ key: c.key, width: c.width }));
      sheet.addRow(AUDIT_EXPORT_COLUMNS.map((c) => c.title[lang])).commit();
      const time = formatter(timeZone);
      const write = async () => {
        for await (const rows of entryBatches(app.db, filters, AUDIT_EXPORT_MAX_ROWS)) {
          for (const r of rows) {
            sheet
              .addRow([
                r.id,
                time(r.createdAt),
                r.accountName,
                r.action,
                r.target,
                JSON.stringify(r.detail ?? {}).slice(0, CELL_MAX),
                r.ip,
              ])
              .commit();
          }
          // Backpressure: wait while the client is slower than the database.
          if (stream.writableNeedDrain) {
            await new Promise<void>((resolve) => {
              const done = () => {
                stream.off('drain', done);
                stream.off('close', done);
                resolve();
              };
              stream.once('drain', done);
              stream.once('close', done);
            });
          }
          if (stream.destroyed) return;
        }
        sheet.commit();
        await workbook.commit();
      };
      write().catch((error: unknown) => {
        request.log.error({ err: error }, 'audit log export failed');
        stream.destroy(error instanceof Error ? error : new Error(String(error)));
      });
      const stamp = new Date().toISOString().slice(0, 19).replace(/[-:T]/g, '');
      return reply
        .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', `attachment; filename="biz-log-${stamp}.xlsx"`)
        .send(stream);
    },
  });
};
