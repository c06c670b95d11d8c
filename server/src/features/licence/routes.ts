import { LICENCE_API, licenceBody, licenceInfo, licenceNotice } from '@sentinel/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditChange } from '../../platform/audit.ts';
import { envelopeOf, ok } from '../../platform/envelope.ts';
import * as repo from './repo.ts';
import * as service from './service.ts';

const PREFIX = '/api/v2/backend';
const path = (full: string) => full.slice(PREFIX.length);
const admin = { access: { permission: 'licenseSettings' } } as const;

/** Licence settings (issue 15 §6): the installation's id, version and licensed camera channels. */
export const licenceRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['licence'];

  app.get(path(LICENCE_API.info), {
    config: admin,
    schema: {
      tags,
      summary: 'Installation id, version and licence',
      response: { 200: envelopeOf(licenceInfo) },
    },
    handler: async (request) => ok(request, await service.licenceInfo(app.db, app.appConfig.now())),
  });

  app.put(path(LICENCE_API.update), {
    config: admin,
    schema: {
      tags,
      summary: 'Enter or update the licence (licensee, channels, expiry, key)',
      body: licenceBody,
      response: { 200: envelopeOf(licenceInfo) },
    },
    handler: async (request) => {
      const now = app.appConfig.now();
      const before = await service.licenceInfo(app.db, now);
      await repo.saveLicence(app.db, request.body, now);
      const after = await service.licenceInfo(app.db, now);
      await auditChange(app, request, 'licence.update', after.installationId, {
        before: {
          licensee: before.licensee,
          licensedChannels: before.licensedChannels,
          expiresOn: before.expiresOn,
        },
        after: {
          licensee: after.licensee,
          licensedChannels: after.licensedChannels,
          expiresOn: after.expiresOn,
        },
      });
      return ok(request, after, 'common.saved');
    },
  });

  app.get(path(LICENCE_API.notice), {
    config: { access: 'user' },
    schema: {
      tags,
      summary: 'Enabled cameras against the licensed channels (the camera list banner)',
      response: { 200: envelopeOf(licenceNotice) },
    },
    handler: async (request) => ok(request, await service.licenceNotice(app.db, app.appConfig.now())),
  });
};
