import {
  PROTOCOL_LOG_ROUTES,
  protocolCountQuery,
  protocolCountResult,
  protocolLogDetail,
  protocolLogIdParams,
  protocolLogListQuery,
  protocolLogListResult,
} from '@sentinel/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeOf, ok } from '../../platform/envelope.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { countMessages, listMessages, messageById } from './repo.ts';
import { registerRetention } from './retention.ts';

/** Self-check (issue 14): protocol-log (messageProtocolLog, protocolCount). */
export const protocolLogRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['protocol log'];
  registerRetention(app);

  app.post(PROTOCOL_LOG_ROUTES.list, {
    config: { access: { permission: 'messageProtocolLog' } },
    schema: {
      tags,
      summary:
        'Engine messages, newest first (time range, kind, outcome, engine, camera, reason); count exact up to 10,000, then capped',
      body: protocolLogListQuery,
      response: { 200: envelopeOf(protocolLogListResult) },
    },
    handler: async (request) => {
      const { page, limit, ...filter } = request.body;
      if (filter.startTime && filter.endTime && Date.parse(filter.endTime) < Date.parse(filter.startTime)) {
        throw badRequest('time.endBeforeStart', [{ field: 'endTime', message: 'time.endBeforeStart' }]);
      }
      return ok(request, await listMessages(app.db, filter, { page, limit }));
    },
  });

  app.get(PROTOCOL_LOG_ROUTES.detail, {
    config: { access: { permission: 'messageProtocolLog' } },
    schema: {
      tags,
      summary: 'One engine message with its raw metadata and parse result',
      params: protocolLogIdParams,
      response: { 200: envelopeOf(protocolLogDetail) },
    },
    handler: async (request) => {
      const row = await messageById(app.db, request.params.id);
      if (!row) throw notFound();
      return ok(request, row);
    },
  });

  app.post(PROTOCOL_LOG_ROUTES.counts, {
    config: { access: { permission: 'protocolCount' } },
    schema: {
      tags,
      summary: 'Engine messages counted per kind × outcome, and per hour or day for the chart, over a range',
      body: protocolCountQuery,
      response: { 200: envelopeOf(protocolCountResult) },
    },
    handler: async (request) => ok(request, await countMessages(app.db, request.body)),
  });
};
