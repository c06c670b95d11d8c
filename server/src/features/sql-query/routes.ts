import { SQL_QUERY_API, sqlQueryBody, sqlQueryResult, sqlQueryTables } from '@sentinel/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeOf, ok } from '../../platform/envelope.ts';
import { createRunner, createSqlQueryService, resultWorkbook } from './service.ts';

const BASE = '/api/v2/backend';
const access = { permission: 'sqlQuery' } as const;
const tags = ['systemSettings'];

/** `attachment` with an ASCII name (the names here are ASCII). */
const attachment = (fileName: string) => `attachment; filename="${fileName}"`;

/** System settings (issue 15 point 2): ad-hoc read-only SQL over the product's data (admin only). */
export const sqlQueryRoutes: FastifyPluginAsyncZod = async (app) => {
  const runner = createRunner(app);
  const service = createSqlQueryService(app, runner);
  app.addHook('onClose', async () => runner.close());

  app.post(SQL_QUERY_API.run.slice(BASE.length), {
    config: { access },
    schema: {
      tags,
      summary: 'Run one read-only SELECT (capped rows, time limit, audited as sqlQuery.run)',
      description:
        '400 with sqlQuery.* when refused (parse error with position, several statements, not a plain SELECT, a forbidden function, table or column, the time limit, a database error); 503 sqlQuery.unavailable when the read-only role could not be set up.',
      body: sqlQueryBody,
      response: { 200: envelopeOf(sqlQueryResult) },
    },
    handler: async (request) => ok(request, await service.run(request, request.body.sql, 'table')),
  });

  app.post(SQL_QUERY_API.export.slice(BASE.length), {
    config: { access },
    schema: {
      tags,
      summary: 'Run one read-only SELECT and answer its (capped) result as an xlsx file',
      body: sqlQueryBody,
    },
    handler: async (request, reply) => {
      const result = await service.run(request, request.body.sql, 'xlsx');
      const stamp = app.appConfig.now().toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '-');
      return reply
        .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', attachment(`sql-query-${stamp}.xlsx`))
        .header('cache-control', 'private, no-store')
        .send(await resultWorkbook(result, request.body.sql));
    },
  });

  app.get(SQL_QUERY_API.tables.slice(BASE.length), {
    config: { access },
    schema: {
      tags,
      summary: 'The tables and columns a query may read (sessions, captchas and secret columns left out)',
      response: { 200: envelopeOf(sqlQueryTables) },
    },
    handler: async (request) => {
      const { maxRows, timeoutMs } = app.appConfig.sqlQuery;
      return ok(request, {
        list: await runner.tables(),
        available: await service.ready(),
        maxRows,
        timeoutMs,
      });
    },
  });
};
