import {
  AI_INSTANCE_API,
  aiInstanceDetail,
  aiInstanceIdParams,
  aiInstanceListQuery,
  aiInstanceListResult,
  deploymentEvent,
  publishBody,
  rollbackBody,
} from '@sentinel/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeOf, ok } from '../../platform/envelope.ts';
import { engineDeploymentRoutes } from './engine-routes.ts';
import { listInstances } from './repo.ts';
import { deploy, instanceDetail, publishVersion } from './service.ts';

const PREFIX = '/api/v2/backend';
const under = (path: string) => path.slice(PREFIX.length);
const byId = (make: (id: number) => string) => under(make(0)).replace('/0', '/:id');
const PAGE = { access: { permission: 'AlgorithmInstanceLibrary' } } as const;

/**
 * The instance library (/AIOpenPlatform/AlgorithmInstanceLibrary), mounted under /api/v2/backend:
 * instances, one instance's versions / history / cameras, publish (gated) and roll back; the
 * engines' side is engine-routes.ts.
 */
export const aiInstancesRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['instance library'];
  await app.register(engineDeploymentRoutes);

  app.post(under(AI_INSTANCE_API.list), {
    config: PAGE,
    schema: {
      tags,
      summary: 'Algorithm instances (non-draft algorithms) with their live version and its alarms',
      body: aiInstanceListQuery,
      response: { 200: envelopeOf(aiInstanceListResult) },
    },
    handler: async (request) => ok(request, await listInstances(app.db, request.body)),
  });

  app.get(byId(AI_INSTANCE_API.detail), {
    config: PAGE,
    schema: {
      tags,
      summary: 'One instance: its immutable versions, which version was live when, its scene cameras',
      params: aiInstanceIdParams,
      response: { 200: envelopeOf(aiInstanceDetail) },
    },
    handler: async (request) => ok(request, await instanceDetail(app, request.params.id)),
  });

  app.post(byId(AI_INSTANCE_API.publish), {
    config: PAGE,
    schema: {
      tags,
      summary:
        'Make a version live. Publish gate: a version whose false-positive rate is not lower than the live one’s (or without metrics) is refused (409) unless override with a reason (≥ 5 characters); a version that was live before comes back as a roll-back',
      params: aiInstanceIdParams,
      body: publishBody,
      response: { 200: envelopeOf(deploymentEvent) },
    },
    handler: async (request) =>
      ok(
        request,
        await publishVersion(app, request, request.params.id, request.body),
        'aiInstance.published',
      ),
  });

  app.post(byId(AI_INSTANCE_API.rollback), {
    config: PAGE,
    schema: {
      tags,
      summary: 'Roll back in one call to the version live before the current one (never gated)',
      params: aiInstanceIdParams,
      body: rollbackBody,
      response: { 200: envelopeOf(deploymentEvent) },
    },
    handler: async (request) =>
      ok(
        request,
        await deploy(app, request, request.params.id, { target: 'previous', reason: request.body.reason }),
        'aiInstance.rolledBack',
      ),
  });
};
