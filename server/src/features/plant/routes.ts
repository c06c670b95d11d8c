import { readFile } from 'node:fs/promises';
import { extname } from 'node:path';
import {
  collieryInfo,
  createPlantNodeBody,
  idParams,
  movePlantNodeBody,
  plantFlatNode,
  plantNode,
  plantNodeDetail,
  plantNodesQuery,
  plantTreeNode,
  saveCollieryInfoBody,
  updatePlantNodeBody,
} from '@sentinel/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../platform/auth.ts';
import { envelopeOf, ok } from '../../platform/envelope.ts';
import { notFound } from '../../platform/errors.ts';
import { currentLogoFile, getCollieryInfo, saveCollieryInfo } from './colliery.ts';
import * as repo from './repo.ts';
import * as service from './service.ts';

/**
 * The plant tree (factories → plants → areas) and the colliery information, mounted under
 * /api/v2/backend. Reads are open to every logged-in user (pickers across the app); writes need
 * one of the managing pages (factorySettings / regionalSettings), and the service checks the one
 * that manages the node's kind.
 */
export const plantRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['plant'];
  const write = { access: service.PLANT_WRITE_ACCESS };

  app.get('/plant/tree', {
    config: { access: 'user' },
    schema: {
      tags,
      summary: 'The whole plant tree, nested (roots are factories)',
      response: { 200: envelopeOf(z.array(plantTreeNode)) },
    },
    handler: async (request) => ok(request, repo.buildTree(await repo.allNodes(app.db))),
  });

  app.get('/plant/nodes', {
    config: { access: 'user' },
    schema: {
      tags,
      summary: 'The plant tree as a flat list in tree order, each node with its path; ?kind= filters',
      querystring: plantNodesQuery,
      response: { 200: envelopeOf(z.array(plantFlatNode)) },
    },
    handler: async (request) => {
      const flat = repo.flatten(repo.buildTree(await repo.allNodes(app.db)));
      const { kind } = request.query;
      return ok(request, kind ? flat.filter((n) => n.kind === kind) : flat);
    },
  });

  app.get('/plant/node/:id', {
    config: { access: 'user' },
    schema: {
      tags,
      summary: 'One node with its path and what depends on it',
      params: idParams,
      response: { 200: envelopeOf(plantNodeDetail) },
    },
    handler: async (request) => {
      const flat = repo.flatten(repo.buildTree(await repo.allNodes(app.db)));
      const node = flat.find((n) => n.id === request.params.id);
      if (!node) throw notFound();
      return ok(request, { ...node, ...(await repo.dependentCounts(app.db, node.id)) });
    },
  });

  app.post('/plant/node', {
    config: write,
    schema: {
      tags,
      summary: 'Add a factory (root), a plant (under a factory) or an area (under a plant or an area)',
      body: createPlantNodeBody,
      response: { 200: envelopeOf(plantNode) },
    },
    handler: async (request) => {
      const node = await service.createNode(app, request, requireUser(request), request.body);
      return ok(request, node, 'common.saved');
    },
  });

  app.put('/plant/node/:id', {
    config: write,
    schema: {
      tags,
      summary: 'Rename or edit a node',
      params: idParams,
      body: updatePlantNodeBody,
      response: { 200: envelopeOf(plantNode) },
    },
    handler: async (request) => {
      const node = await service.updateNode(
        app,
        request,
        requireUser(request),
        request.params.id,
        request.body,
      );
      return ok(request, node, 'common.saved');
    },
  });

  app.put('/plant/node/:id/move', {
    config: write,
    schema: {
      tags,
      summary: 'Move a node under a new parent (never under itself or a descendant)',
      params: idParams,
      body: movePlantNodeBody,
      response: { 200: envelopeOf(plantNode) },
    },
    handler: async (request) => {
      const user = requireUser(request);
      const node = await service.moveNode(app, request, user, request.params.id, request.body.parentId);
      return ok(request, node, 'common.saved');
    },
  });

  app.delete('/plant/node/:id', {
    config: write,
    schema: {
      tags,
      summary: 'Delete a node that no child, camera, scene or equipment depends on',
      params: idParams,
      response: { 200: envelopeOf(z.null()) },
    },
    handler: async (request) => {
      await service.deleteNode(app, request, requireUser(request), request.params.id);
      return ok(request, null, 'common.deleted');
    },
  });

  app.get('/collieryInfo', {
    config: { access: 'user' },
    schema: {
      tags,
      summary: 'Colliery (unit) information and the application logo',
      response: { 200: envelopeOf(collieryInfo) },
    },
    handler: async (request) => ok(request, await getCollieryInfo(app)),
  });

  app.put('/collieryInfo', {
    config: { access: { permission: 'collieryInfo' } },
    schema: {
      tags,
      summary: 'Save the colliery information; logoPath from POST media/image?kind=logo ("" = built-in logo)',
      body: saveCollieryInfoBody,
      response: { 200: envelopeOf(collieryInfo) },
    },
    handler: async (request) => {
      const info = await saveCollieryInfo(app, request, requireUser(request), request.body);
      return ok(request, info, 'common.saved');
    },
  });

  // Public: the login page shows the logo before anyone is logged in. Only the current logo.
  app.get('/collieryInfo/logo', {
    config: { access: 'public' },
    schema: { tags, summary: 'The current application logo image (public)', hide: true },
    handler: async (_request, reply) => {
      const file = await currentLogoFile(app);
      const content = file ? await readFile(file).catch(() => undefined) : undefined;
      if (!file || !content) throw notFound();
      return reply
        .type(extname(file) === '.png' ? 'image/png' : 'image/jpeg')
        .header('cache-control', 'public, max-age=86400')
        .header('x-content-type-options', 'nosniff')
        .send(content);
    },
  });
};
