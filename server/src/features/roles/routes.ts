import {
  roleAuth,
  roleAuthBody,
  roleGlobalBody,
  roleIdParams,
  roleItem,
  roleListQuery,
  roleListResult,
  roleLogQuery,
  roleLogResult,
  roleMenuNode,
  roleOption,
  roleSaveBody,
} from '@sentinel/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../platform/auth.ts';
import { envelopeOf, ok } from '../../platform/envelope.ts';
import { forbidden } from '../../platform/errors.ts';
import { hasPermission } from '../../platform/sessions.ts';
import * as repo from './repo.ts';
import * as service from './service.ts';

/**
 * Roles administration (SPEC §7 "Roles"), mounted under /api/v2/backend. Reading needs the menu
 * `role`; changes need its buttons (role:add, role:edit, role:delete, role:auth).
 */
export const rolesRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['roles'];
  const read = { access: { permission: 'role' } } as const;

  app.put('/role', {
    config: read,
    schema: {
      tags,
      summary: "Create (no id; button role:add) or update (id; role:edit) a role; 409 'role.nameTaken'",
      body: roleSaveBody,
      response: { 200: envelopeOf(roleItem) },
    },
    handler: async (request) => {
      const needed = request.body.id === undefined ? 'role:add' : 'role:edit';
      if (!hasPermission(requireUser(request), needed)) throw forbidden();
      return ok(request, await service.saveRole(app, request, request.body), 'common.saved');
    },
  });

  app.get('/role/menu', {
    config: read,
    schema: {
      tags,
      summary: 'The grantable menu tree with each page’s button codes (adminOnly nodes marked)',
      response: { 200: envelopeOf(z.array(roleMenuNode)) },
    },
    handler: async (request) => ok(request, service.menuTree()),
  });

  app.post('/role/auth', {
    config: { access: { permission: 'role:auth' } },
    schema: {
      tags,
      summary: "Replace a role's menu and button grants (400 'role.unknownMenu')",
      body: roleAuthBody,
      response: { 200: envelopeOf(roleAuth) },
    },
    handler: async (request) =>
      ok(request, await service.saveRoleAuth(app, request, request.body), 'common.saved'),
  });

  app.post('/role/global', {
    config: { access: { permission: 'role:auth' } },
    schema: {
      tags,
      summary: 'Make a role the global one (its grants apply to every account); null: none',
      body: roleGlobalBody,
      response: { 200: envelopeOf(roleItem.nullable()) },
    },
    handler: async (request) =>
      ok(request, await service.setGlobalRole(app, request, request.body.roleId), 'common.saved'),
  });

  app.post('/role/global/list', {
    config: read,
    schema: {
      tags,
      summary: 'Roles (the role page list) with holders count and the global flag',
      body: roleListQuery,
      response: { 200: envelopeOf(roleListResult) },
    },
    handler: async (request) => ok(request, await repo.listRoles(app.db, request.body)),
  });

  // Static path before /role/:id. Account administrators pick roles without the role page.
  app.get('/role/options', {
    config: { access: { permission: 'accounts' } },
    schema: {
      tags,
      summary: 'Every role (id, name, display name) for the account forms',
      response: { 200: envelopeOf(z.array(roleOption)) },
    },
    handler: async (request) => ok(request, await repo.roleOptions(app.db)),
  });

  app.get('/role/:id', {
    config: read,
    schema: { tags, summary: 'One role', params: roleIdParams, response: { 200: envelopeOf(roleItem) } },
    handler: async (request) => ok(request, await service.getRole(app, request.params.id)),
  });

  app.delete('/role/:id', {
    config: { access: { permission: 'role:delete' } },
    schema: {
      tags,
      summary: "Delete a role (409 'role.inUse' while accounts hold it; admin: 'role.builtIn')",
      params: roleIdParams,
      response: { 200: envelopeOf(z.null()) },
    },
    handler: async (request) => {
      await service.deleteRole(app, request, request.params.id);
      return ok(request, null, 'common.deleted');
    },
  });

  app.get('/role/:id/auth', {
    config: read,
    schema: {
      tags,
      summary: "A role's granted menu codes and button codes",
      params: roleIdParams,
      response: { 200: envelopeOf(roleAuth) },
    },
    handler: async (request) => ok(request, await service.roleAuthOf(app, request.params.id)),
  });

  app.get('/log/role/list', {
    config: read,
    schema: {
      tags,
      summary: 'The role change log (role.* and account.role entries), newest first',
      querystring: roleLogQuery,
      response: { 200: envelopeOf(roleLogResult) },
    },
    handler: async (request) => ok(request, await service.roleLog(app, request.query)),
  });
};
