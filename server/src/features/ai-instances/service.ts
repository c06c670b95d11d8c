import {
  AI_INSTANCE_DEPLOYED_EVENT,
  type AiInstanceDetail,
  type DeploymentEvent,
  type PublishBody,
  passesPublishGate,
} from '@sentinel/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { auditChange } from '../../platform/audit.ts';
import { requireUser } from '../../platform/auth.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { changeLiveVersion, rollbackTarget } from '../algorithms/index.ts';
import {
  deploymentStack,
  findInstance,
  instanceCameras,
  instanceDeployments,
  instanceVersions,
  toDeployment,
  versionNumbers,
} from './repo.ts';

/** The instance page's figures: the instance, its versions, history and cameras. */
export async function instanceDetail(app: FastifyInstance, id: number): Promise<AiInstanceDetail> {
  const instance = await findInstance(app.db, id);
  if (!instance) throw notFound('aiInstance.notFound');
  const [versions, deployments, cameras, stack] = await Promise.all([
    instanceVersions(app.db, id, instance.liveVersionId),
    instanceDeployments(app.db, id),
    instanceCameras(app.db, id),
    deploymentStack(app.db, id),
  ]);
  return {
    instance,
    versions,
    deployments,
    cameras,
    rollbackVersionId: rollbackTarget(stack, instance.liveVersionId),
  };
}

/** 409 with the instance as it is now. */
async function refused(
  app: FastifyInstance,
  id: number,
  code: 'aiInstance.alreadyLive' | 'aiInstance.foreignVersion' | 'aiInstance.gate' | 'aiInstance.noPrevious',
) {
  return new AppError(409, code, await findInstance(app.db, id));
}

/**
 * Publish a version (`versionId`) or roll back (`'previous'`): 404 for an unknown instance or
 * version; 409 with the instance as it is when the version is live already, belongs to another
 * instance, there is nothing to roll back to, or the publish gate refuses it without an override.
 * Audited (`aiInstance.publish` / `aiInstance.rollback`, the override and reason with it) and
 * announced on the bus (`algorithm.deployed`: the engines' long-poll and the browsers).
 */
export async function deploy(
  app: FastifyInstance,
  request: FastifyRequest,
  id: number,
  change: { target: number | 'previous'; override?: boolean; reason?: string },
): Promise<DeploymentEvent> {
  const user = requireUser(request);
  if (!(await findInstance(app.db, id))) throw notFound('aiInstance.notFound');
  const outcome = await changeLiveVersion(app.db, {
    algorithmId: id,
    target: change.target,
    override: change.override,
    reason: change.reason,
    actor: { id: user.accountId, name: user.accountName },
    gate: (candidate, live) =>
      passesPublishGate(candidate.metrics ?? null, live?.metrics ?? null, live !== null),
  });
  switch (outcome.kind) {
    case 'missing':
      throw notFound('aiInstance.notFound');
    case 'versionMissing':
      throw notFound('aiInstance.versionNotFound');
    case 'foreign':
      throw await refused(app, id, 'aiInstance.foreignVersion');
    case 'unchanged':
      throw await refused(app, id, 'aiInstance.alreadyLive');
    case 'noPrevious':
      throw await refused(app, id, 'aiInstance.noPrevious');
    case 'gated':
      throw await refused(app, id, 'aiInstance.gate');
  }
  const row = outcome.deployment;
  const numbers = await versionNumbers(
    app.db,
    [row.versionId, row.previousVersionId].filter((v): v is number => v !== null),
  );
  const deployment = toDeployment(
    row,
    numbers.get(row.versionId) ?? 0,
    row.previousVersionId === null ? null : (numbers.get(row.previousVersionId) ?? null),
  );
  await auditChange(app, request, `aiInstance.${row.action}`, id, {
    versionId: row.versionId,
    versionNumber: deployment.versionNumber,
    previousVersionId: row.previousVersionId,
    override: row.override,
    reason: row.reason,
  });
  const event: DeploymentEvent = { algorithmId: id, deployment };
  try {
    await app.bus.publish({ type: AI_INSTANCE_DEPLOYED_EVENT, data: event });
  } catch (error) {
    // The change is made; engines still see it on their next re-read (deployment-watch.ts).
    app.log.error({ err: error, id }, `${AI_INSTANCE_DEPLOYED_EVENT} publication failed`);
  }
  return event;
}

export const publishVersion = (
  app: FastifyInstance,
  request: FastifyRequest,
  id: number,
  body: PublishBody,
) =>
  deploy(app, request, id, {
    target: body.versionId,
    override: body.override,
    reason: body.reason,
  });
