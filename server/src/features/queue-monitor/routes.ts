import {
  pileupListQuery,
  pileupListResult,
  queueMeasures,
  queueNameParam,
  queueSamplesQuery,
  queueSamplesResult,
} from '@sentinel/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../platform/auth.ts';
import { envelopeOf, ok } from '../../platform/envelope.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import { pauseQueue, resumeQueue } from '../../platform/queue-pause.ts';
import { listPileups, listSamples, measureQueues } from './repo.ts';
import { fanoutSource, scheduleSampler } from './sampler.ts';

/** Self-check (issue 14): queue-monitor (queueMonitoring, messageQueuePilesUpRecords). */
export const queueMonitorRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['queue monitor'];
  scheduleSampler(app);
  const measure = () => measureQueues(app.db, app.appConfig.now(), fanoutSource(app));

  app.get('/queueMonitor/queues', {
    config: { access: { permission: 'queueMonitoring' } },
    schema: { tags, summary: "Every queue's current measures", response: { 200: envelopeOf(queueMeasures) } },
    handler: async (request) => ok(request, await measure()),
  });

  app.get('/queueMonitor/samples', {
    config: { access: { permission: 'queueMonitoring' } },
    schema: {
      tags,
      summary: "Every queue's samples over the last minutes (oldest first)",
      querystring: queueSamplesQuery,
      response: { 200: envelopeOf(queueSamplesResult) },
    },
    handler: async (request) => {
      const since = new Date(app.appConfig.now().getTime() - request.query.minutes * 60_000);
      return ok(request, {
        intervalSeconds: Math.round(app.appConfig.queues.sampleMs / 1000),
        list: await listSamples(app.db, since),
      });
    },
  });

  /** The queue as measured now: 404 for a name the product does not run, 409 when it cannot pause. */
  const pausableQueue = async (name: string) => {
    const queue = (await measure()).find((m) => m.queue === name);
    if (!queue) throw notFound('queueMonitor.unknownQueue');
    if (!queue.pausable) throw conflict('queueMonitor.notPausable');
    return queue;
  };

  app.post('/queueMonitor/queues/:queue/pause', {
    config: { access: { permission: 'queueMonitoring' } },
    schema: {
      tags,
      summary: 'Pauses a queue: no worker on any instance takes from it until it is resumed',
      params: queueNameParam,
      response: { 200: envelopeOf(z.object({ paused: z.boolean() })) },
    },
    handler: async (request) => {
      const user = requireUser(request);
      const queue = await pausableQueue(request.params.queue);
      if (!queue.paused) {
        await pauseQueue(app.db, queue.queue, {
          accountName: user.accountName,
          at: app.appConfig.now().toISOString(),
        });
        await app.audit.write({
          request,
          action: 'queue.pause',
          target: queue.queue,
          detail: { depth: queue.depth, running: queue.running },
        });
      }
      return ok(request, { paused: true });
    },
  });

  app.post('/queueMonitor/queues/:queue/resume', {
    config: { access: { permission: 'queueMonitoring' } },
    schema: {
      tags,
      summary: 'Resumes a paused queue',
      params: queueNameParam,
      response: { 200: envelopeOf(z.object({ paused: z.boolean() })) },
    },
    handler: async (request) => {
      const queue = await pausableQueue(request.params.queue);
      if (await resumeQueue(app.db, queue.queue)) {
        await app.audit.write({
          request,
          action: 'queue.resume',
          target: queue.queue,
          detail: { depth: queue.depth, pausedBy: queue.paused?.accountName ?? '' },
        });
      }
      return ok(request, { paused: false });
    },
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
