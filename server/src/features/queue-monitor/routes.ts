import { pileupListQuery, pileupListResult, queueMeasures } from '@sentinel/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeOf, ok } from '../../platform/envelope.ts';
import { listPileups, measureQueues } from './repo.ts';
import { scheduleSampler } from './sampler.ts';

/** Self-check (issue 14): queue-monitor (queueMonitoring, messageQueuePilesUpRecords). */
export const queueMonitorRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['queue monitor'];
  scheduleSampler(app);

  app.get('/queueMonitor/queues', {
    config: { access: { permission: 'queueMonitoring' } },
    schema: { tags, summary: "Every queue's current measures", response: { 200: envelopeOf(queueMeasures) } },
    handler: async (request) => ok(request, await measureQueues(app.db, app.appConfig.now())),
  });

  app.post('/queueMonitor/pileups/list', {
    config: { access: { permission: 'messageQueuePilesUpRecords' } },
    schema: {
      tags,
      summary: 'Queue pile-up records, open ones first',
      body: pileupListQuery,
      response: { 200: envelopeOf(pileupListResult) },
    },
    handler: async (request) => {
      const { page, limit, queue } = request.body;
      return ok(request, await listPileups(app.db, { queue }, { page, limit }));
    },
  });
};
