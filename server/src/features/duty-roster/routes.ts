import {
  DUTY_ROSTER_API,
  dutySceneParams,
  dutyShift,
  dutyShiftBody,
  dutyShiftParams,
  dutyShiftSaved,
  onDutyEntry,
} from '@sentinel/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditChange } from '../../platform/audit.ts';
import { requireUser } from '../../platform/auth.ts';
import { envelopeOf, ok } from '../../platform/envelope.ts';
import { notFound } from '../../platform/errors.ts';
import { canSeeScene, visibleScenes } from '../../platform/scene-authority.ts';
import * as repo from './repo.ts';
import * as service from './service.ts';

const PREFIX = '/api/v2/backend';
const path = (full: string) => full.slice(PREFIX.length);
const page = { access: { permission: 'operationsManagement' } } as const;
const byId = path(DUTY_ROSTER_API.update(0)).replace(/0$/, ':id');

/** Operations management (issue 15 §6): the operator duty roster and who is on duty now. */
export const dutyRosterRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['duty roster'];

  app.get(path(DUTY_ROSTER_API.list), {
    config: page,
    schema: {
      tags,
      summary: 'Every shift, with overlap warnings',
      response: { 200: envelopeOf(z.array(dutyShift)) },
    },
    handler: async (request) => ok(request, await service.listShifts(app)),
  });

  app.post(path(DUTY_ROSTER_API.create), {
    config: page,
    schema: {
      tags,
      summary: 'Add a shift',
      body: dutyShiftBody,
      response: { 200: envelopeOf(dutyShiftSaved) },
    },
    handler: async (request) => {
      const saved = await service.saveShift(app, undefined, request.body);
      await auditChange(app, request, 'dutyRoster.create', saved.shift.id, { body: request.body });
      return ok(request, saved, 'common.saved');
    },
  });

  app.put(byId, {
    config: page,
    schema: {
      tags,
      summary: 'Replace a shift',
      params: dutyShiftParams,
      body: dutyShiftBody,
      response: { 200: envelopeOf(dutyShiftSaved) },
    },
    handler: async (request) => {
      const saved = await service.saveShift(app, request.params.id, request.body);
      await auditChange(app, request, 'dutyRoster.update', request.params.id, { body: request.body });
      return ok(request, saved, 'common.saved');
    },
  });

  app.delete(byId, {
    config: page,
    schema: {
      tags,
      summary: 'Delete a shift',
      params: dutyShiftParams,
      response: { 200: envelopeOf(z.null()) },
    },
    handler: async (request) => {
      if (!(await repo.deleteShift(app.db, request.params.id))) throw notFound();
      await service.rosterChanged(app);
      await auditChange(app, request, 'dutyRoster.delete', request.params.id);
      return ok(request, null, 'common.deleted');
    },
  });

  app.get(path(DUTY_ROSTER_API.now), {
    config: page,
    schema: {
      tags,
      summary: 'Who is on duty now (every scene)',
      response: { 200: envelopeOf(z.array(onDutyEntry)) },
    },
    handler: async (request) =>
      ok(request, await repo.onDutyAt(app.db, app.appConfig.now(), { scenes: 'all' })),
  });

  app.get(path(DUTY_ROSTER_API.sceneNow(0)).replace(/0$/, ':sceneId'), {
    config: { access: 'user' },
    schema: {
      tags,
      summary: "Who is on duty now for one scene (the alarm handling dialog; the caller's scene authority)",
      params: dutySceneParams,
      response: { 200: envelopeOf(z.array(onDutyEntry)) },
    },
    handler: async (request) => {
      const scenes = await visibleScenes(app.db, requireUser(request));
      if (!canSeeScene(scenes, request.params.sceneId)) throw notFound();
      const now = app.appConfig.now();
      return ok(request, await repo.onDutyAt(app.db, now, { sceneId: request.params.sceneId, scenes }));
    },
  });
};
