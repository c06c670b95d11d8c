import { VIDEO_API_PREFIX, VIDEO_WALL_API, videoWallCameras } from '@sentinel/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../platform/auth.ts';
import { envelopeOf, ok } from '../../platform/envelope.ts';
import { sceneAuthority } from '../../platform/scene-authority.ts';
import { wallCameras } from './repo.ts';

const under = (path: string) => path.slice(VIDEO_API_PREFIX.length);

/**
 * The video wall's camera list (issue 5 §4), mounted under /api/v2/video: every logged-in user
 * (operators need not hold the device-management pages), with the caller's scene authority.
 */
export const videoWallRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(under(VIDEO_WALL_API.cameras), {
    config: { access: 'user' },
    schema: {
      tags: ['video'],
      summary: 'Cameras for the video wall: plant, area, online status and the scenes each is bound to',
      response: { 200: envelopeOf(videoWallCameras) },
    },
    handler: async (request) => {
      const auth = await sceneAuthority(app.db, requireUser(request));
      return ok(request, await wallCameras(app.db, auth));
    },
  });
};
