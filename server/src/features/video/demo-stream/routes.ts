import type { ServerResponse } from 'node:http';
import fastifyWebsocket from '@fastify/websocket';
import { translate } from '@sentinel/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { WebSocket } from 'ws';
import { z } from 'zod';
import { AppError, notFound } from '../../../platform/errors.ts';
import { replyHeaders } from '../../../platform/security-headers.ts';
import { streamSecretOf, verifyStreamToken } from '../stream-token.ts';
import { loadDemoClip } from './clip-files.ts';
import { type DemoClip, demoStreamKey, isDemoClip } from './clips.ts';
import { type Looper, startLooper } from './looper.ts';
import { isDemoClipStopped, onDemoClipStopped } from './switch.ts';

/** Close code sent to websocket clients when the server shuts down (RFC 6455 "going away"). */
export const WS_CLOSE_GOING_AWAY = 1001;
/** How long a websocket client may take to answer the close handshake at shutdown. */
const WS_CLOSE_GRACE_MS = 2000;

const demoParams = z.object({ file: z.string().min(1).max(100) });
const demoQuery = z.object({ token: z.string().max(200).optional() });

/** `coke-oven.flv` → `coke-oven` when it names a bundled clip. */
function clipOfFile(file: string): DemoClip | null {
  if (!file.endsWith('.flv')) return null;
  const name = file.slice(0, -'.flv'.length);
  return isDemoClip(name) ? name : null;
}

/**
 * The built-in demo stream source: bundled FLV clips looped in real time (issue 5 §3).
 *
 * `GET /api/v2/video/demo/<clip>.flv?token=<signed stream token>` (VIDEO_API.demoStream) answers a
 * websocket upgrade with WS-FLV (binary messages) and a plain GET with HTTP-FLV (`video/x-flv`,
 * chunked). The token (stream-token.ts, stream key `demo:<clip>`) is the authorization, so the
 * route is public; it is checked before any upgrade, so a refused websocket gets the HTTP answer
 * (404 unknown clip, 401 missing, bad, expired or other-clip token) instead of a connection.
 */
export const demoStreamRoutes: FastifyPluginAsyncZod = async (app) => {
  const loopers = new Set<Looper>();
  const httpStreams = new Set<ServerResponse>();
  const sockets = new Set<WebSocket>();
  // A stopped demo clip (switch.ts) cuts off the players watching it.
  const watching = new Map<ServerResponse | WebSocket, DemoClip>();
  const unsubscribe = onDemoClipStopped(app, (clip) => {
    for (const [client, playing] of watching) {
      if (playing !== clip) continue;
      if ('writeHead' in client) client.end();
      else client.close(WS_CLOSE_GOING_AWAY, 'stream stopped');
      watching.delete(client);
    }
  });

  app.addHook('preClose', async () => {
    unsubscribe();
    watching.clear();
    for (const looper of loopers) looper.stop();
    loopers.clear();
    for (const res of httpStreams) res.end();
    httpStreams.clear();
    for (const socket of sockets) {
      socket.close(WS_CLOSE_GOING_AWAY, 'server closing');
      setTimeout(() => socket.terminate(), WS_CLOSE_GRACE_MS).unref();
    }
    sockets.clear();
  });

  // Registered inside this (encapsulated) plugin: upgrades are dispatched through the router,
  // and only routes registered here can accept them. After our preClose hook, so that clients
  // get 1001 (going away) before the plugin's own close (1005).
  await app.register(fastifyWebsocket, { options: { maxPayload: 1024 } });

  /** The clip named by the request; its token was checked by the preHandler. */
  const requestedClip = (request: FastifyRequest) =>
    clipOfFile((request.params as z.infer<typeof demoParams>).file) as DemoClip;

  const play = (looperOf: () => Looper, onClose: (stop: () => void) => void) => {
    const looper = looperOf();
    loopers.add(looper);
    onClose(() => {
      looper.stop();
      loopers.delete(looper);
    });
  };

  app.route({
    method: 'GET',
    url: '/demo/:file',
    exposeHeadRoute: false,
    config: { access: 'public' },
    schema: {
      tags: ['video'],
      summary: 'Demo stream source: a bundled clip looped live as WS-FLV (websocket) or HTTP-FLV',
      params: demoParams,
      querystring: demoQuery,
    },
    preHandler: async (request, reply) => {
      const clip = clipOfFile(request.params.file);
      if (!clip) throw notFound();
      const check = verifyStreamToken(
        streamSecretOf(app),
        demoStreamKey(clip),
        request.query.token,
        app.appConfig.now().getTime(),
      );
      if (!check.ok) throw new AppError(401, 'video.streamTokenInvalid');
      if (isDemoClipStopped(app, clip)) {
        // Answered here rather than thrown: a stopped demo stream is no server error (system status).
        return reply
          .code(503)
          .header('retry-after', '30')
          .send({ status: -503, message: translate('cameraCheck.demoStopped', request.lang), data: null });
      }
    },
    handler: async (request, reply) => {
      const clip = await loadDemoClip(requestedClip(request));
      const res = reply.raw;
      reply.hijack();
      res.writeHead(200, {
        // The security headers the app set on the reply (a hijacked answer would lose them).
        ...replyHeaders(reply),
        'content-type': 'video/x-flv',
        'cache-control': 'no-cache, no-store',
        'x-accel-buffering': 'no',
      });
      httpStreams.add(res);
      watching.set(res, requestedClip(request));
      play(
        () =>
          startLooper({
            clip,
            write: (chunk) => res.write(chunk),
            bufferedBytes: () => res.writableLength,
          }),
        (stop) => {
          const cleanup = () => {
            stop();
            httpStreams.delete(res);
            watching.delete(res);
          };
          request.raw.on('close', cleanup);
          res.on('close', cleanup);
        },
      );
    },
    wsHandler: async (socket: WebSocket, request) => {
      sockets.add(socket);
      watching.set(socket, requestedClip(request));
      socket.on('close', () => {
        sockets.delete(socket);
        watching.delete(socket);
      });
      const clip = await loadDemoClip(requestedClip(request));
      if (socket.readyState !== socket.OPEN) return;
      play(
        () =>
          startLooper({
            clip,
            write: (chunk) => socket.send(chunk, { binary: true }),
            bufferedBytes: () => socket.bufferedAmount,
          }),
        (stop) => socket.on('close', stop),
      );
    },
  });
};
