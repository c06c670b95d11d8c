import {
  idParams,
  REPORT_SENDING_API,
  REPORT_SENDING_EVENT,
  REPORT_SENDING_FAILED_EVENT,
  reportDefinitionBody,
  reportDefinitionItem,
  reportDefinitionList,
  reportDefinitionListQuery,
  reportPreview,
  reportRecordItem,
  reportRecordList,
  reportRecordListQuery,
} from '@sentinel/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditChange } from '../../platform/audit.ts';
import { requireUser } from '../../platform/auth.ts';
import { envelopeOf, ok } from '../../platform/envelope.ts';
import { notFound } from '../../platform/errors.ts';
import { renderMail } from './render.ts';
import {
  claimDue,
  deleteDefinition,
  dueDefinitions,
  findDefinition,
  findRecord,
  insertDefinition,
  listDefinitions,
  listRecords,
  updateDefinition,
} from './repo.ts';
import { computeReport } from './report-data.ts';
import { nextDueAfter, rangeBefore } from './schedule.ts';
import { queueSend, snapshotOf, startReportWorker } from './sender.ts';
import { checkAuthority, checkReferences, recordItem, toItems } from './service.ts';

const path = (full: string) => full.replace('/api/v2/backend', '');
/** The report sending page and the plant data report page work on the same definitions. */
const PAGES = ['reportSending', 'plantDataReport'];
const access = { anyOf: PAGES };

/** Report sending (issue 16 §1, §2, §5): definitions, preview, send now, the record and resend. */
export const reportSendingRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['report sending'];
  const { db } = app;
  const attempts = app.appConfig.reports.attempts;
  const worker = startReportWorker(app);

  // One plan task finds the due definitions and queues a send for each (exactly once: the plan
  // task's claim, and the conditional UPDATE of next_due_at in the enqueueing transaction).
  app.planTasks.register({
    code: 'reportSending',
    defaultCron: '* * * * *',
    timeLimitMs: 5 * 60_000,
    run: async (signal) => {
      const now = app.appConfig.now();
      let queued = 0;
      for (const def of await dueDefinitions(db, now)) {
        if (signal.aborted || !def.nextDueAt) break;
        const due = def.nextDueAt;
        const schedule = { ...def, frequency: def.frequency as never };
        const next = nextDueAfter(schedule, now);
        const { start, end } = rangeBefore(schedule, due);
        await db.transaction(async (tx) => {
          if (!(await claimDue(tx, def.id, due, next))) return;
          await queueSend(tx, attempts, {
            snapshot: snapshotOf(def),
            definitionId: def.id,
            trigger: 'schedule',
            start,
            end,
            now,
          });
          queued += 1;
        });
      }
      if (queued > 0) worker.poke();
      return { queued };
    },
  });

  // Record changes and failure notices go only to the streams of accounts with one of the pages.
  app.streamFilters.add(async (user) => {
    const allowed = user.isAdmin || PAGES.some((p) => user.permissions.has(p));
    return () => ({
      take: (event) =>
        !allowed && (event.type === REPORT_SENDING_EVENT || event.type === REPORT_SENDING_FAILED_EVENT),
      close: () => undefined,
    });
  });

  const itemOf = async (row: Parameters<typeof toItems>[1][number]) => {
    const [item] = await toItems(db, [row]);
    if (!item) throw notFound('reportSending.notFound');
    return item;
  };
  const nextDue = (body: z.infer<typeof reportDefinitionBody>) =>
    body.enabled ? nextDueAfter(body, app.appConfig.now()) : null;

  app.post(path(REPORT_SENDING_API.list), {
    config: { access },
    schema: {
      tags,
      summary: 'Report definitions (plantReport: only / without the plant data reports)',
      body: reportDefinitionListQuery,
      response: { 200: envelopeOf(reportDefinitionList) },
    },
    handler: async (request) => {
      const { rows, total } = await listDefinitions(db, request.body);
      return ok(request, { list: await toItems(db, rows), count: total });
    },
  });

  app.post(path(REPORT_SENDING_API.add), {
    config: { access },
    schema: {
      tags,
      summary: 'Add a report definition',
      body: reportDefinitionBody,
      response: { 200: envelopeOf(reportDefinitionItem) },
    },
    handler: async (request) => {
      await checkReferences(db, request.body);
      await checkAuthority(db, requireUser(request), request.body);
      const row = await insertDefinition(db, request.body, nextDue(request.body));
      await auditChange(app, request, 'reportSending.create', String(row.id), { after: request.body });
      return ok(request, await itemOf(row), 'common.saved');
    },
  });

  app.put('/reportSending/definitions/:id', {
    config: { access },
    schema: {
      tags,
      summary: 'Edit a report definition (its next due time is computed again)',
      params: idParams,
      body: reportDefinitionBody,
      response: { 200: envelopeOf(reportDefinitionItem) },
    },
    handler: async (request) => {
      const before = await findDefinition(db, request.params.id);
      if (!before) throw notFound('reportSending.notFound');
      await checkReferences(db, request.body);
      await checkAuthority(db, requireUser(request), request.body);
      const row = await updateDefinition(
        db,
        before.id,
        request.body,
        nextDue(request.body),
        app.appConfig.now(),
      );
      if (!row) throw notFound('reportSending.notFound');
      await auditChange(app, request, 'reportSending.update', String(row.id), {
        before: snapshotOf(before),
        after: request.body,
      });
      return ok(request, await itemOf(row), 'common.saved');
    },
  });

  app.delete('/reportSending/definitions/:id', {
    config: { access },
    schema: {
      tags,
      summary: 'Delete a report definition (its send records stay)',
      params: idParams,
      response: { 200: envelopeOf(z.null()) },
    },
    handler: async (request) => {
      const row = await deleteDefinition(db, request.params.id);
      if (!row) throw notFound('reportSending.notFound');
      await auditChange(app, request, 'reportSending.delete', String(row.id), { before: snapshotOf(row) });
      return ok(request, null, 'common.deleted');
    },
  });

  app.post('/reportSending/definitions/:id/send', {
    config: { access },
    schema: {
      tags,
      summary: 'Send the report now (the period of its frequency up to now); answers the queued record',
      params: idParams,
      response: { 200: envelopeOf(reportRecordItem) },
    },
    handler: async (request) => {
      const def = await findDefinition(db, request.params.id);
      if (!def) throw notFound('reportSending.notFound');
      const { start, end } = rangeBefore({ ...def, frequency: def.frequency as never }, app.appConfig.now());
      const record = await queueSend(db, attempts, {
        snapshot: snapshotOf(def),
        definitionId: def.id,
        trigger: 'manual',
        start,
        end,
        now: app.appConfig.now(),
      });
      worker.poke();
      await auditChange(app, request, 'reportSending.send', String(def.id), { recordId: record.id });
      return ok(request, recordItem(record), 'reportSending.queued');
    },
  });

  app.post(path(REPORT_SENDING_API.preview), {
    config: { access, audit: false },
    schema: {
      tags,
      summary: 'The mail a definition (saved or not) would send now, in both languages',
      body: reportDefinitionBody,
      response: { 200: envelopeOf(reportPreview) },
    },
    handler: async (request) => {
      await checkReferences(db, request.body);
      await checkAuthority(db, requireUser(request), request.body);
      const { start, end } = rangeBefore(request.body, app.appConfig.now());
      const data = await computeReport(db, snapshotOf(request.body), start, end);
      const messages = await Promise.all(
        (['en', 'zh-CN'] as const).map(async (lang) => {
          const { xlsx: _xlsx, ...message } = await renderMail(data, lang, app.appConfig.appName);
          return message;
        }),
      );
      return ok(request, {
        rangeStart: start.toISOString(),
        rangeEnd: end.toISOString(),
        totalAlarms: data.totalAlarms,
        messages,
      });
    },
  });

  app.post(path(REPORT_SENDING_API.records), {
    config: { access },
    schema: {
      tags,
      summary: 'Send records, newest first (filters: time, outcome, definition)',
      body: reportRecordListQuery,
      response: { 200: envelopeOf(reportRecordList) },
    },
    handler: async (request) => {
      const { rows, total } = await listRecords(db, request.body);
      return ok(request, { list: rows.map(recordItem), count: total });
    },
  });

  app.post('/reportSending/records/:id/resend', {
    config: { access },
    schema: {
      tags,
      summary: 'Send the report of a record again (same report and range); answers the new record',
      params: idParams,
      response: { 200: envelopeOf(reportRecordItem) },
    },
    handler: async (request) => {
      const old = await findRecord(db, request.params.id);
      if (!old) throw notFound('reportSending.recordNotFound');
      const record = await queueSend(db, attempts, {
        snapshot: old.definition as never,
        definitionId: old.definitionId,
        trigger: 'resend',
        resendOf: old.id,
        start: old.rangeStart,
        end: old.rangeEnd,
        now: app.appConfig.now(),
      });
      worker.poke();
      await auditChange(app, request, 'reportSending.resend', String(old.id), { recordId: record.id });
      return ok(request, recordItem(record), 'reportSending.queued');
    },
  });
};
