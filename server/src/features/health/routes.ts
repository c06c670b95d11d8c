import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeOf, ok } from '../../platform/envelope.ts';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/healthz', {
    // No request budget: a load balancer polls this and must never be answered 429.
    config: { access: 'public', rateLimit: false },
    schema: {
      tags: ['health'],
      summary: 'Liveness and database check',
      response: { 200: envelopeOf(z.object({ db: z.literal('ok'), bus: z.string() })) },
    },
    handler: async (request) => {
      await app.database.ping();
      return ok(request, { db: 'ok' as const, bus: app.bus.kind });
    },
  });
};
