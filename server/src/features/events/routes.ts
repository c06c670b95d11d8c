import type { ServerResponse } from 'node:http';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../platform/auth.ts';
import type { BusEvent } from '../../platform/event-bus.ts';
import { visibleScenes } from '../../platform/scene-authority.ts';
import { replyHeaders } from '../../platform/security-headers.ts';
import { changeTouches, SESSIONS_CHANGED, type SessionsChanged } from '../../platform/session-cache.ts';
import { createSubscriber } from './subscriber.ts';

/**
 * GET /api/v2/backend/events: server-sent events. Each bus event is written as
 * `event: <type>\ndata: <json>\n\n`; a `: heartbeat` comment goes out every 15 s. The token
 * comes in the `token` header or, because EventSource cannot set headers, as `?token=`.
 *
 * Per subscriber: an event with an audience goes only to that account and/or to accounts whose
 * scene authority covers its scene (alarm events: the alarm's scene); then the filters features
 * registered (app.streamFilters, platform/event-stream.ts) may take events over: alarm-rules makes
 * `alarm.created` follow the account's alarm rule (priority filter, thresholds → `alarm.held`,
 * non-real-time frequencies → `alarm.digest` at the end of each period). The filters load what
 * they need when the stream opens.
 */
/** A stream whose client has not read for this long is ended (the queue monitor counts it as dropped). */
export const FANOUT_STALL_MS = 60_000;

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
      const user = requireUser(request);
      const [scenes, startFilters] = await Promise.all([
        visibleScenes(app.db, user),
        app.streamFilters.prepare(user),
      ]);
      const res = reply.raw;
      reply.hijack();
      res.writeHead(200, {
        // The security headers the app set on the reply (a hijacked answer would lose them).
        ...replyHeaders(reply),
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      res.write(': connected\n\n');
      open.add(res);
      app.fanout.opened(res);
      res.on('drain', () => app.fanout.drained(res));
      const send = (type: string, data: unknown) => {
        const flushed = res.write(
          `event: ${type.replace(/[\r\n]/g, '')}\ndata: ${JSON.stringify(data ?? null)}\n\n`,
        );
        app.fanout.delivered(res, flushed);
      };
      const subscriber = createSubscriber({
        accountId: user.accountId,
        scenes,
        filters: startFilters({
          now: app.appConfig.now,
          send,
          onError: (error, message) => request.log.warn({ err: error }, message),
        }),
        send,
      });
      const unsubscribe = app.bus.subscribe((event: BusEvent) => {
        // A logout, lock, password, role, grant or scene change of this session ends the stream:
        // the browser reconnects and sees what it now may (or is told to log in again).
        if (event.type === SESSIONS_CHANGED) {
          if (changeTouches(event.data as SessionsChanged, user.accountId, user.tokenHash)) res.end();
          return;
        }
        subscriber.onEvent(event);
      });
      const heartbeat = setInterval(() => {
        // A client that stopped reading for FANOUT_STALL_MS is cut off: its buffer would only grow
        // (it reconnects and loads what it missed like after any drop).
        const since = app.fanout.stalledSince(res);
        if (since !== undefined && app.appConfig.now().getTime() - since >= FANOUT_STALL_MS) {
          app.fanout.dropped(res);
          res.destroy();
          return;
        }
        res.write(': heartbeat\n\n');
      }, app.appConfig.heartbeatMs);
      const cleanup = () => {
        clearInterval(heartbeat);
        unsubscribe();
        subscriber.close();
        open.delete(res);
        app.fanout.closed(res);
      };
      request.raw.on('close', cleanup);
      res.on('close', cleanup);
    },
  });
};
