import {
  cameraVideoPathQuery,
  cameraVideoPathResult,
  streamUrlQuery,
  streamUrlResult,
  VIDEO_API,
  VIDEO_API_PREFIX,
} from '@sentinel/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeOf, ok } from '../../platform/envelope.ts';
import { conflict } from '../../platform/errors.ts';
import { mediaHookRoutes } from './hooks.ts';
import { cameraVideoPath, playbackRange } from './playback.ts';
import { streamAddress } from './stream-address.ts';
import { callerOf, visibleCamera } from './stream-camera.ts';
import { parseStreamTemplate } from './stream-template.ts';
import { streamSecretOf } from './stream-token.ts';

const under = (path: string) => path.slice(VIDEO_API_PREFIX.length);

/**
 * Signed live stream addresses, getCameraVideoPath and the media-server play hooks (issue 5 §2),
 * mounted under /api/v2/video. Rules, for both camera calls: `accountId`, when given, must be the
 * caller's (403); an unknown camera, or one outside an account's scenes, answers 404
 * 'camera.notFound'. A disabled camera has no live address (409 'camera.disabled') but its
 * recorded clips stay listed.
 */
export const streamAddressRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['video'];
  // Fail fast: a broken MEDIA_STREAM_TEMPLATE stops the start with a clear error.
  const template = parseStreamTemplate(app.appConfig.mediaStreamTemplate);

  app.get(under(VIDEO_API.streamUrl), {
    config: { access: 'user' },
    schema: {
      tags,
      summary:
        "A camera's live main or sub stream address for the caller, signed and short-lived (refresh every 10 s)",
      querystring: streamUrlQuery,
      response: { 200: envelopeOf(streamUrlResult) },
    },
    handler: async (request) => {
      const user = callerOf(request, request.query.accountId);
      const { camera } = await visibleCamera(app.db, request, request.query.cameraId);
      if (!camera.enabled) throw conflict('camera.disabled');
      const address = streamAddress(
        camera,
        {
          secret: streamSecretOf(app),
          template,
          ttlSeconds: app.appConfig.streamUrlTtlSeconds,
          nowMs: app.appConfig.now().getTime(),
          accountId: user.accountId,
          origin: `${request.protocol}://${request.host}`,
        },
        request.query.stream,
      );
      return ok(request, address);
    },
  });

  app.get(under(VIDEO_API.cameraVideoPath), {
    config: { access: 'user' },
    schema: {
      tags,
      summary:
        "A camera's recorded clips in a time range, newest first: its alarms' clips and the recordings of the media server (MEDIA_RECORDINGS_URL)",
      querystring: cameraVideoPathQuery,
      response: { 200: envelopeOf(cameraVideoPathResult) },
    },
    handler: async (request) => {
      const user = callerOf(request, request.query.accountId);
      const range = playbackRange(request.query);
      const { camera, scenes } = await visibleCamera(app.db, request, request.query.cameraId);
      const data = await cameraVideoPath(app.db, camera, range, scenes, {
        baseUrl: app.appConfig.mediaRecordingsUrl,
        publicUrl: app.appConfig.mediaRecordingsPublicUrl,
        secret: streamSecretOf(app),
        ttlSeconds: app.appConfig.streamUrlTtlSeconds,
        nowMs: app.appConfig.now().getTime(),
        accountId: user.accountId,
        onUnavailable: (reason) =>
          request.log.warn({ cameraId: camera.id, reason }, 'media server recordings unavailable'),
      });
      return ok(request, data, data.list.length === 0 ? 'camera.noVideo' : 'common.ok');
    },
  });

  await app.register(mediaHookRoutes);
};
