import { RUNNING_EFFECT_API, runningEffect, runningEffectQuery } from '@sentinel/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../platform/auth.ts';
import { envelopeOf, ok } from '../../platform/envelope.ts';
import { sceneAuthority } from '../../platform/scene-authority.ts';
import { runningEffectOf } from './service.ts';

const API_PREFIX = '/api/v2/backend';
const under = (path: string) => path.slice(API_PREFIX.length);

/** System settings › Running effect (issue 15 §3): admin only (the menu node is adminOnly). */
export const runningEffectRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(under(RUNNING_EFFECT_API.query), {
    // A read: no audit entry (the safety net would log every POST not named like a list).
    config: { access: { permission: 'runningEffect' }, audit: false },
    schema: {
      tags: ['system settings'],
      summary:
        'Running effect of a range: alarms per day, false-positive rate per algorithm and version, handling times, camera availability',
      body: runningEffectQuery,
      response: { 200: envelopeOf(runningEffect) },
    },
    handler: async (request) => {
      const auth = await sceneAuthority(app.db, requireUser(request));
      return ok(request, await runningEffectOf(app, request.body, auth));
    },
  });
};
