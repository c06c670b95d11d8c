import {
  type createPlantNodeBody,
  PLANT_PARENT_KINDS,
  type PlantKind,
  type PlantNode,
  type updatePlantNodeBody,
} from '@sentinel/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { guardWrite } from '../../platform/db-errors.ts';
import { badRequest, forbidden, notFound } from '../../platform/errors.ts';
import { hasPermission } from '../../platform/sessions.ts';
import type { Access, SessionUser } from '../../platform/types.ts';
import * as repo from './repo.ts';

/**
 * Who may change a node: factories and plants are managed from factory settings or regional
 * settings, areas from regional settings only.
 */
const WRITE_PERMISSIONS: Record<PlantKind, string[]> = {
  factory: ['factorySettings', 'regionalSettings'],
  plant: ['factorySettings', 'regionalSettings'],
  area: ['regionalSettings'],
};

/** Access of node writes: 403 before the body is read for callers who may write no kind of node. */
export const PLANT_WRITE_ACCESS: Access = {
  anyOf: [...new Set(Object.values(WRITE_PERMISSIONS).flat())],
};

function assertMayWrite(user: SessionUser, kind: PlantKind): void {
  if (!WRITE_PERMISSIONS[kind].some((code) => hasPermission(user, code))) throw forbidden();
}

const parentRequired = () =>
  badRequest('node.parentRequired', [{ field: 'parentId', message: 'node.parentRequired' }]);
const invalidParent = () =>
  badRequest('node.invalidParent', [{ field: 'parentId', message: 'node.invalidParent' }]);

/** The parent a node of `kind` may hang under (400 when missing or of the wrong kind). */
async function checkParent(app: FastifyInstance, kind: PlantKind, parentId: number | null | undefined) {
  const allowed = PLANT_PARENT_KINDS[kind];
  if (allowed.length === 0) {
    if (parentId != null) throw invalidParent();
    return null;
  }
  if (parentId == null) throw parentRequired();
  const parent = await repo.findNode(app.db, parentId);
  if (!parent) throw parentRequired();
  if (!allowed.includes(parent.kind)) throw invalidParent();
  return parent;
}

function audit(
  app: FastifyInstance,
  request: FastifyRequest,
  user: SessionUser,
  action: string,
  node: PlantNode,
  detail: Record<string, unknown> = {},
) {
  return app.audit.write({
    accountId: user.accountId,
    accountName: user.accountName,
    action,
    target: `plant_node:${node.id}`,
    detail: { kind: node.kind, name: node.name, ...detail },
    ip: request.ip,
    request,
  });
}

export async function createNode(
  app: FastifyInstance,
  request: FastifyRequest,
  user: SessionUser,
  body: z.output<typeof createPlantNodeBody>,
) {
  const kind = body.kind;
  assertMayWrite(user, kind);
  const parent = await checkParent(app, kind, body.parentId);
  const node = await guardWrite(() =>
    repo.insertNode(app.db, {
      kind,
      parentId: parent?.id ?? null,
      name: body.name,
      code: body.code,
      description: body.description,
      sort: body.sort,
    }),
  );
  await audit(app, request, user, 'plant.create', node, { parentId: node.parentId });
  return node;
}

export async function updateNode(
  app: FastifyInstance,
  request: FastifyRequest,
  user: SessionUser,
  id: number,
  body: z.output<typeof updatePlantNodeBody>,
) {
  const before = await repo.findNode(app.db, id);
  if (!before) throw notFound();
  assertMayWrite(user, before.kind);
  const node = await guardWrite(() =>
    repo.updateNode(
      app.db,
      id,
      { name: body.name, code: body.code, description: body.description, sort: body.sort },
      app.appConfig.now(),
    ),
  );
  if (!node) throw notFound();
  await audit(app, request, user, 'plant.update', node, { before: { name: before.name, code: before.code } });
  return node;
}

export async function moveNode(
  app: FastifyInstance,
  request: FastifyRequest,
  user: SessionUser,
  id: number,
  parentId: number,
) {
  const before = await repo.findNode(app.db, id);
  if (!before) throw notFound();
  assertMayWrite(user, before.kind);
  const nodes = await repo.allNodes(app.db);
  if (repo.isSelfOrDescendant(nodes, id, parentId)) {
    throw badRequest('node.cycle', [{ field: 'parentId', message: 'node.cycle' }]);
  }
  await checkParent(app, before.kind, parentId);
  if (before.parentId === parentId) return before;
  const node = await guardWrite(() => repo.updateNode(app.db, id, { parentId }, app.appConfig.now()));
  if (!node) throw notFound();
  await audit(app, request, user, 'plant.move', node, { from: before.parentId, to: parentId });
  return node;
}

export async function deleteNode(
  app: FastifyInstance,
  request: FastifyRequest,
  user: SessionUser,
  id: number,
) {
  const node = await repo.findNode(app.db, id);
  if (!node) throw notFound();
  assertMayWrite(user, node.kind);
  // Children, cameras, scenes and equipment reference the node with ON DELETE RESTRICT.
  const deleted = await guardWrite(() => repo.deleteNode(app.db, id), { inUse: 'node.hasDependents' });
  if (!deleted) throw notFound();
  await audit(app, request, user, 'plant.delete', node, { parentId: node.parentId });
}
