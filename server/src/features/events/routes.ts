import type { ServerResponse } from 'node:http';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { BusEvent } from '../../platform/event-bus.ts';

/**
 * GET /api/v2/backend/events: server-sent events. Each bus event is written as
 * `event: <type>\ndata: <json>\n\n`; a `: heartbeat` comment goes out every 15 s. The token
 * comes in the `token` header or, because EventSource cannot set headers, as `?token=`.
 */
export const eventRoutes: FastifyPluginAsyncZod = async (app) => {
  const open = new Set<ServerResponse>();

  app.addHook('preClose', async () => {
    for (const res of open) res.end();
    open.clear();
  });

  app.get('/events', {
    config: { access: 'user', tokenInQuery: true },
    schema: {
      tags: ['events'],
      summary: 'Server-sent event stream of domain events (token header or ?token=)',
      querystring: z.object({ token: z.string().max(128).optional() }),
    },
    handler: async (request, reply) => {
      const res = reply.raw;
      reply.hijack();
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      res.write(': connected\n\n');
      open.add(res);
      const unsubscribe = app.bus.subscribe((event: BusEvent) => {
        res.write(
          `event: ${event.type.replace(/[\r\n]/g, '')}\ndata: ${JSON.stringify(event.data ?? null)}\n\n`,
        );
      });
      const heartbeat = setInterval(() => res.write(': heartbeat\n\n'), app.appConfig.heartbeatMs);
      const cleanup = () => {
        clearInterval(heartbeat);
        unsubscribe();
        open.delete(res);
      };
      request.raw.on('close', cleanup);
      res.on('close', cleanup);
    },
  });
};
