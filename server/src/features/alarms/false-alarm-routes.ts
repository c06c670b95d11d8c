import { alarmListResult, falseAlarmListQuery } from '@sentinel/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../platform/auth.ts';
import { envelopeOf, ok } from '../../platform/envelope.ts';
import { badRequest } from '../../platform/errors.ts';
import { visibleScenes } from '../../platform/scene-authority.ts';
import { listAlarmItems } from './repo.ts';
import { cachedAlarmCount } from './totals.ts';

/**
 * FalseAlarmRecord (/AIOpenPlatform/FalseAlarmRecord): alarms marked false positive, for the
 * retraining of the AI platform. A dedicated route rather than the alarm list with
 * `falsePositive: true`, so that the page's menu permission is enforced here (the alarm list is
 * open to every user); it reuses the list's query, count and scene authority.
 */
export const falseAlarmRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post('/falseAlarmRecord/list', {
    config: { access: { permission: 'FalseAlarmRecord' } },
    schema: {
      tags: ['alarms'],
      summary: 'Alarms marked false positive, newest first (time range, algorithm, scene)',
      body: falseAlarmListQuery,
      response: { 200: envelopeOf(alarmListResult) },
    },
    handler: async (request) => {
      const query = { ...request.body, falsePositive: true };
      if (Boolean(query.startTime) !== Boolean(query.endTime)) throw badRequest('time.rangeRequired');
      const scenes = await visibleScenes(app.db, requireUser(request));
      const [rows, total] = await Promise.all([
        listAlarmItems(app.db, query, scenes),
        cachedAlarmCount(app, query, scenes),
      ]);
      return ok(request, { list: rows, ...total });
    },
  });
};
