import {
  accountCreateBody,
  accountCreateResponse,
  accountItem,
  accountLastSignTime,
  accountListQuery,
  accountListResponse,
  accountLockBody,
  accountPermission,
  accountRegionBody,
  accountRegionResponse,
  accountResetPasswordResponse,
  accountRoleBody,
  accountRoleRef,
  accountSelf,
  accountSimple,
  accountUpdateBody,
  authorityScene,
  authorityScenesParams,
  idParams,
  sceneAuthorityBody,
  sceneAuthorityResponse,
  sceneBatchAuthorityBody,
} from '@sentinel/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../platform/auth.ts';
import { envelopeOf, ok } from '../../platform/envelope.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import * as repo from './repo.ts';
import * as service from './service.ts';

const page = { access: { permission: 'accounts' } } as const;
const button = (code: string) => ({ access: { permission: `accounts:${code}` } }) as const;

/**
 * Accounts administration (SPEC §7 "Accounts"), mounted under /api/v2/backend. The self-service
 * password change (PUT account/password) belongs to the session feature.
 */
export const accountsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['accounts'];

  app.post('/account/list', {
    config: page,
    schema: {
      tags,
      summary: 'Accounts, newest first; keyword matches name, display name, phone or email',
      body: accountListQuery,
      response: { 200: envelopeOf(accountListResponse) },
    },
    handler: async (request) => {
      const { page: p, limit, ...filter } = request.body;
      return ok(request, await repo.listAccounts(app.db, filter, { page: p, limit }));
    },
  });

  app.post('/account/', {
    config: button('add'),
    schema: {
      tags,
      summary: 'Create an account (without a password: a generated initial password, answered once)',
      body: accountCreateBody,
      response: { 200: envelopeOf(accountCreateResponse) },
    },
    handler: async (request) =>
      ok(request, await service.createAccount(app, request, request.body), 'common.saved'),
  });

  app.put('/account/', {
    config: button('edit'),
    schema: {
      tags,
      summary: 'Edit an account (display name, phone, email, roles, optional new password)',
      body: accountUpdateBody,
      response: { 200: envelopeOf(accountItem) },
    },
    handler: async (request) =>
      ok(request, await service.updateAccount(app, request, request.body), 'common.saved'),
  });

  app.get('/account/detail', {
    config: { access: 'user', allowBeforePasswordChange: true },
    schema: { tags, summary: "The caller's own account", response: { 200: envelopeOf(accountSelf) } },
    handler: async (request) =>
      ok(request, await service.requireAccount(app, requireUser(request).accountId)),
  });

  app.put('/account/lockStatus', {
    config: button('lock'),
    schema: {
      tags,
      summary: "Lock or unlock an account (locking ends the account's sessions at once)",
      body: accountLockBody,
      response: { 200: envelopeOf(accountItem) },
    },
    handler: async (request) => {
      const { id, locked } = request.body;
      const item = await service.setLocked(app, request, id, locked);
      return ok(request, item, locked ? 'account.locked' : 'account.unlocked');
    },
  });

  app.get('/account/lastSignTime/:id', {
    config: page,
    schema: {
      tags,
      summary: 'Last sign-in time of an account',
      params: idParams,
      response: { 200: envelopeOf(accountLastSignTime) },
    },
    handler: async (request) => {
      const row = await repo.lastSignTimeOf(app.db, request.params.id);
      if (!row) throw notFound('account.notFound');
      return ok(request, { id: row.id, lastSignTime: row.lastSignTime?.toISOString() ?? null });
    },
  });

  app.get('/account/permission/:id', {
    config: page,
    schema: {
      tags,
      summary: "An account's menus, buttons, scene and regional authority",
      params: idParams,
      response: { 200: envelopeOf(accountPermission) },
    },
    handler: async (request) => ok(request, await service.permissionOf(app, request.params.id)),
  });

  app.post('/account/role', {
    config: button('role'),
    schema: {
      tags,
      summary: 'Replace the roles of an account',
      body: accountRoleBody,
      response: { 200: envelopeOf(z.array(accountRoleRef)) },
    },
    handler: async (request) =>
      ok(
        request,
        await service.setRoles(app, request, request.body.accountId, request.body.roleIds),
        'common.saved',
      ),
  });

  app.post('/account/region', {
    config: button('authority'),
    schema: {
      tags,
      summary: 'Replace the regions (plant nodes) an account manages (not in the SPEC)',
      body: accountRegionBody,
      response: { 200: envelopeOf(accountRegionResponse) },
    },
    handler: async (request) =>
      ok(
        request,
        await service.setRegions(app, request, request.body.accountId, request.body.regionIds),
        'common.saved',
      ),
  });

  app.get('/account/:id', {
    config: page,
    schema: { tags, summary: 'One account', params: idParams, response: { 200: envelopeOf(accountItem) } },
    handler: async (request) => ok(request, await service.requireAccount(app, request.params.id)),
  });

  app.get('/account/:id/simple', {
    config: { access: 'user' },
    schema: {
      tags,
      summary: 'Id, account name and display name of an account (any logged-in user)',
      params: idParams,
      response: { 200: envelopeOf(accountSimple) },
    },
    handler: async (request) => {
      const row = await repo.findAccountSimple(app.db, request.params.id);
      if (!row) throw notFound('account.notFound');
      return ok(request, row);
    },
  });

  app.get('/account/:id/role', {
    config: page,
    schema: {
      tags,
      summary: 'Roles of an account',
      params: idParams,
      response: { 200: envelopeOf(z.array(accountRoleRef)) },
    },
    handler: async (request) => {
      await service.requireAccount(app, request.params.id);
      return ok(request, await repo.rolesOf(app.db, request.params.id));
    },
  });

  app.put('/account/:id/resetPassword', {
    config: button('resetPassword'),
    schema: {
      tags,
      summary:
        'New random initial password, answered once; ends every session of the account (not in the SPEC)',
      params: idParams,
      response: { 200: envelopeOf(accountResetPasswordResponse) },
    },
    handler: async (request) =>
      ok(request, await service.resetPassword(app, request, request.params.id), 'account.passwordReset'),
  });

  app.delete('/account/:id', {
    config: button('delete'),
    schema: {
      tags,
      summary: 'Delete an account (not in the SPEC)',
      params: idParams,
      response: { 200: envelopeOf(z.null()) },
    },
    handler: async (request) => {
      await service.deleteAccount(app, request, request.params.id);
      return ok(request, null, 'common.deleted');
    },
  });

  // ------------------------------------------------------------ scene authority

  app.post('/scene/authority', {
    config: button('authority'),
    schema: {
      tags,
      summary: "Set an account's scene authority (all scenes, or the scenes granted one by one)",
      body: sceneAuthorityBody,
      response: { 200: envelopeOf(sceneAuthorityResponse) },
    },
    handler: async (request) => {
      const { accountId, allScenes, sceneIds } = request.body;
      const [answer] = await service.setSceneAuthority(app, request, [accountId], allScenes, sceneIds, false);
      if (!answer) throw notFound('account.notFound');
      return ok(request, answer, 'common.saved');
    },
  });

  app.post('/scene/batch/authority', {
    config: button('authority'),
    schema: {
      tags,
      summary: 'Set the same scene authority for several accounts',
      body: sceneBatchAuthorityBody,
      response: { 200: envelopeOf(z.array(sceneAuthorityResponse)) },
    },
    handler: async (request) => {
      const { accountIds, allScenes, sceneIds } = request.body;
      return ok(
        request,
        await service.setSceneAuthority(app, request, accountIds, allScenes, sceneIds, true),
        'common.saved',
      );
    },
  });

  app.get('/scene/:accountId/:plantNodeId/scene', {
    config: page,
    schema: {
      tags,
      summary: 'Scenes under a plant node (0: all) with whether the account is granted each',
      params: authorityScenesParams,
      response: { 200: envelopeOf(z.array(authorityScene)) },
    },
    handler: async (request) => {
      const { accountId, plantNodeId } = request.params;
      await service.requireAccount(app, accountId);
      if (plantNodeId !== 0 && (await repo.missingNodes(app.db, [plantNodeId])).length > 0) {
        throw badRequest('field.invalid', [{ field: 'plantNodeId', message: 'field.invalid' }]);
      }
      return ok(request, await repo.authorityScenes(app.db, accountId, plantNodeId));
    },
  });
};
