import { VIDEO_API, VIDEO_API_PREFIX } from '@sentinel/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { streamKeyOfReported } from './stream-template.ts';
import { type StreamTokenCheck, streamSecretOf, verifyStreamToken } from './stream-token.ts';

/**
 * Play authorization hooks for external media servers (issue 5 §2), so a copied address stops
 * working on a real media server too: the server asks here before it plays a stream to a client,
 * passing on the query of the client's URL (`token=…` from MEDIA_STREAM_TEMPLATE). The stream
 * key checked is the camera code the media server reports (streamKeyOfReported).
 *
 * Access 'public': the signed token is the authorization, the media server has no session. These
 * routes answer in each media server's own shape, not the JSON envelope (ARCHITECTURE's envelope
 * is for our clients; a media server cannot read it). A body the schema refuses still answers 400
 * with an envelope, which every one of them treats as "refused".
 */

const tokenInQuery = (query: string | null | undefined): string | undefined =>
  new URLSearchParams(query ?? '').get('token') ?? undefined;

function check(app: FastifyInstance, reportedStream: string, token: string | undefined): StreamTokenCheck {
  return verifyStreamToken(
    streamSecretOf(app),
    streamKeyOfReported(reportedStream),
    token,
    app.appConfig.now().getTime(),
  );
}

function logRefusal(request: FastifyRequest, server: string, stream: string, reason: string) {
  request.log.info({ server, stream, reason }, 'media server play refused');
}

const under = (path: string) => path.slice(VIDEO_API_PREFIX.length);

/** ZLMediaKit `hook.on_play`: `{ app, stream, params: 'token=…', … }` → `{ code: 0 }` or `{ code: -1 }`. */
const zlmBody = z.looseObject({
  app: z.string().optional(),
  stream: z.string(),
  params: z.string().nullish(),
});
const zlmAnswer = z.object({ code: z.number(), msg: z.string() });

/**
 * MediaMTX `authHTTPAddress`: `{ user, password, token?, ip, action, path, protocol, id, query }`.
 * 'read' and 'playback' are checked against the token in `query` (or the `token` / `password`
 * fields). 'playback' is MediaMTX's playback server: this server's own `/list` call and a browser's
 * `/get` of a recording (recordings.ts), both with a token for the path's stream. Every other
 * action — 'publish' included — is refused: cameras are pulled by MediaMTX
 * (`paths: <code>: source: rtsp://…`), which needs no authorization. 200 allows, 401 refuses.
 */
const mediamtxBody = z.looseObject({
  action: z.string(),
  path: z
    .string()
    .nullish()
    .transform((v) => v ?? ''),
  query: z.string().nullish(),
  token: z.string().nullish(),
  password: z.string().nullish(),
});

/** SRS `on_play` HTTP callback: `{ action: 'on_play', app, stream, param: '?token=…' }` → `{ code: 0 }`. */
const srsBody = z.looseObject({
  action: z.string().optional().default('on_play'),
  app: z.string().optional(),
  stream: z.string(),
  param: z.string().nullish(),
});
const srsAnswer = z.object({ code: z.number(), msg: z.string().optional() });

/**
 * nginx `auth_request` (HLS served by nginx-rtmp, or any file nginx serves): nginx passes the
 * played address in `X-Original-URI` (`proxy_set_header X-Original-URI $request_uri;`), e.g.
 * `/hls/CAM-01.m3u8?token=…`. 204 allows, 403 refuses; without the header 400 (a misconfigured
 * nginx: auth_request turns any other answer into a refusal as well).
 */
const nginxHeaders = z.looseObject({ 'x-original-uri': z.string().min(1) });

/**
 * The stream an nginx-rtmp HLS address belongs to: a playlist `<stream>.m3u8` or one of its
 * fragments `<stream>-<n>.ts` (nginx-rtmp's sequential fragment names; the player carries the
 * playlist's token to them). Anything else is reported as it is (and refused unless signed so).
 */
export function hlsStreamOf(path: string): string {
  return path.replace(/-\d+\.ts$/i, '');
}

export const mediaHookRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['video'];

  app.get(under(VIDEO_API.mediaHook('nginx')), {
    config: { access: 'public' },
    schema: {
      tags,
      summary:
        'nginx auth_request: 204 allows the HLS playlist or fragment in X-Original-URI with a valid signed token, 403 refuses',
      headers: nginxHeaders,
    },
    handler: async (request, reply) => {
      const uri = request.headers['x-original-uri'];
      const [path = '', query = ''] = uri.split('?', 2);
      const result = check(app, hlsStreamOf(path), tokenInQuery(query));
      if (result.ok) return reply.code(204).send();
      logRefusal(request, 'nginx', path, result.reason);
      return reply.code(403).send();
    },
  });

  app.post(under(VIDEO_API.mediaHook('zlm')), {
    config: { access: 'public' },
    schema: {
      tags,
      summary: 'ZLMediaKit on_play hook: allows playing a stream with a valid signed token',
      body: zlmBody,
      response: { 200: zlmAnswer },
    },
    handler: async (request) => {
      const { stream, params } = request.body;
      const result = check(app, stream, tokenInQuery(params));
      if (result.ok) return { code: 0, msg: 'success' };
      logRefusal(request, 'zlm', stream, result.reason);
      return { code: -1, msg: `stream token ${result.reason}` };
    },
  });

  app.post(under(VIDEO_API.mediaHook('mediamtx')), {
    config: { access: 'public' },
    schema: {
      tags,
      summary: 'MediaMTX HTTP authentication: 200 allows reading with a valid signed token, 401 refuses',
      body: mediamtxBody,
    },
    handler: async (request, reply) => {
      const { action, path, query, token, password } = request.body;
      if (action !== 'read' && action !== 'playback') {
        logRefusal(request, 'mediamtx', path, `action ${action}`);
        return reply.code(401).send();
      }
      const result = check(app, path, tokenInQuery(query) ?? (token || password || undefined));
      if (result.ok) return reply.code(200).send();
      logRefusal(request, 'mediamtx', path, result.reason);
      return reply.code(401).send();
    },
  });

  app.post(under(VIDEO_API.mediaHook('srs')), {
    config: { access: 'public' },
    schema: {
      tags,
      summary: 'SRS on_play callback: code 0 allows playing with a valid signed token',
      body: srsBody,
      response: { 200: srsAnswer },
    },
    handler: async (request) => {
      const { action, stream, param } = request.body;
      if (action !== 'on_play') {
        logRefusal(request, 'srs', stream, `action ${action}`);
        return { code: 403, msg: `action ${action} is not authorized here` };
      }
      const result = check(app, stream, tokenInQuery(param));
      if (result.ok) return { code: 0 };
      logRefusal(request, 'srs', stream, result.reason);
      return { code: 403, msg: `stream token ${result.reason}` };
    },
  });
};
