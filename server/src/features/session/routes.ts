import {
  applicationInfo,
  captchaResponse,
  changePasswordBody,
  loginBody,
  loginResponse,
  menuItem,
  routeNameParams,
  userInfo,
} from '@sentinel/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../platform/auth.ts';
import { createCaptcha } from '../../platform/captcha.ts';
import { envelopeOf, ok } from '../../platform/envelope.ts';
import { revokeSession } from '../../platform/sessions.ts';
import * as service from './service.ts';

const meta = (request: FastifyRequest) => ({
  ip: request.ip,
  userAgent: String(request.headers['user-agent'] ?? ''),
});

/** Session routes, mounted under /api/v2/backend (SPEC §7 Session). */
export const sessionRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['session'];

  app.get('/login/captcha', {
    config: { access: 'public' },
    schema: {
      tags,
      summary: 'New captcha (4 characters, 5 minutes, single use)',
      response: { 200: envelopeOf(captchaResponse) },
    },
    handler: async (request) =>
      ok(request, await createCaptcha(app.db, app.appConfig.now(), app.appConfig.testCaptcha)),
  });

  app.post('/login', {
    config: { access: 'public' },
    schema: { tags, summary: 'Log in', body: loginBody, response: { 200: envelopeOf(loginResponse) } },
    handler: async (request) => ok(request, await service.login(app, request.body, meta(request))),
  });

  app.post('/login/logout', {
    config: { access: 'user', allowBeforePasswordChange: true },
    schema: { tags, summary: 'Log out (revokes this token)', response: { 200: envelopeOf(z.null()) } },
    handler: async (request) => {
      const user = requireUser(request);
      await revokeSession(app.db, user.tokenHash, app.appConfig.now());
      app.sessionCache.dropToken(user.tokenHash);
      await app.audit.write({
        accountId: user.accountId,
        accountName: user.accountName,
        action: 'logout',
        ip: request.ip,
        request,
      });
      return ok(request, null);
    },
  });

  app.get('/login/userInfo', {
    config: { access: 'user', allowBeforePasswordChange: true },
    schema: { tags, summary: 'Current user', response: { 200: envelopeOf(userInfo) } },
    handler: async (request) => ok(request, await service.userInfo(app, requireUser(request))),
  });

  app.get('/login/menu', {
    config: { access: 'user', allowBeforePasswordChange: true },
    schema: {
      tags,
      summary: "Menus granted to the caller's roles",
      response: { 200: envelopeOf(z.array(menuItem)) },
    },
    handler: async (request) => ok(request, await service.menuOf(app, requireUser(request), request.lang)),
  });

  app.get('/role/:name/subResource', {
    config: { access: 'user', allowBeforePasswordChange: true },
    schema: {
      tags,
      summary: 'Button codes the caller holds for a route name',
      params: routeNameParams,
      response: { 200: envelopeOf(z.array(z.string())) },
    },
    handler: async (request) => ok(request, service.subResource(requireUser(request), request.params.name)),
  });

  app.get('/application/', {
    config: { access: 'public' },
    schema: {
      tags,
      summary: 'Application name and small logo',
      response: { 200: envelopeOf(applicationInfo) },
    },
    handler: async (request) => ok(request, await service.application(app)),
  });

  app.put('/account/password', {
    config: { access: 'user', allowBeforePasswordChange: true },
    schema: {
      tags,
      summary: 'Change own password (revokes every session of the account)',
      body: changePasswordBody,
      response: { 200: envelopeOf(z.null()) },
    },
    handler: async (request) => {
      await service.changePassword(app, requireUser(request), request.body, meta(request));
      return ok(request, null, 'password.changed');
    },
  });
};
