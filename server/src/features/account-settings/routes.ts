import { ACCOUNT_SETTINGS_API, AVATAR_MAX_BYTES, myProfile, myProfileBody } from '@sentinel/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditChange } from '../../platform/audit.ts';
import { requireUser } from '../../platform/auth.ts';
import { envelopeOf, ok } from '../../platform/envelope.ts';
import { AppError, badRequest } from '../../platform/errors.ts';
import { readableByEveryUser, registerMediaOwner } from '../../platform/media-registry.ts';
import { readMultipartForm } from '../../platform/multipart.ts';
import { AVATAR_SUBDIR, removeAvatarFile, storeAvatar } from './avatar.ts';
import * as repo from './repo.ts';

const PREFIX = '/api/v2/backend';
const path = (full: string) => full.slice(PREFIX.length);
const self = { access: 'user' } as const;

async function profileOf(app: FastifyInstance, request: FastifyRequest) {
  const found = await repo.findProfile(app.db, requireUser(request).accountId);
  if (!found) throw new AppError(401, 'user.verifyFailed');
  return found;
}

/**
 * Account settings (issue 15 §6): every logged-in user edits their own profile, avatar and
 * language. The password is changed through the session feature's PUT account/password.
 */
export const accountSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['account settings'];
  // Avatars are shown in the header and beside names: any logged-in user may fetch them.
  registerMediaOwner(app, { subdir: AVATAR_SUBDIR, canRead: readableByEveryUser });

  app.get(path(ACCOUNT_SETTINGS_API.profile), {
    config: self,
    schema: { tags, summary: 'My profile', response: { 200: envelopeOf(myProfile) } },
    handler: async (request) => ok(request, await profileOf(app, request)),
  });

  app.put(path(ACCOUNT_SETTINGS_API.update), {
    config: self,
    schema: {
      tags,
      summary: 'Edit my display name, phone, email and language',
      body: myProfileBody,
      response: { 200: envelopeOf(myProfile) },
    },
    handler: async (request) => {
      const user = requireUser(request);
      const before = await profileOf(app, request);
      await repo.updateProfile(app.db, user.accountId, request.body, app.appConfig.now());
      const changed = Object.fromEntries(
        Object.entries(request.body).filter(([key, value]) => before[key as keyof typeof before] !== value),
      );
      await auditChange(app, request, 'accountSettings.profile', user.accountId, { changed });
      return ok(request, await profileOf(app, request), 'common.saved');
    },
  });

  app.post(path(ACCOUNT_SETTINGS_API.avatar), {
    config: self,
    schema: {
      tags,
      summary: 'Upload my avatar (JPEG, PNG or WebP ≤ 2 MB, checked by content, stored as a 256×256 PNG)',
      consumes: ['multipart/form-data'],
      response: { 200: envelopeOf(myProfile) },
    },
    handler: async (request) => {
      const user = requireUser(request);
      if (!request.isMultipart()) throw badRequest('avatar.type');
      const form = await readMultipartForm(request, {
        files: { file: { maxBytes: AVATAR_MAX_BYTES, tooLarge: 'avatar.size' } },
      });
      const upload = form.files.file;
      if (!upload) throw badRequest('avatar.type');
      const url = await storeAvatar(app, upload);
      const previous = await repo.setAvatar(app.db, user.accountId, url, app.appConfig.now());
      await removeAvatarFile(app, previous);
      await auditChange(app, request, 'accountSettings.avatar', user.accountId, { bytes: upload.length });
      return ok(request, await profileOf(app, request), 'common.saved');
    },
  });

  app.delete(path(ACCOUNT_SETTINGS_API.removeAvatar), {
    config: self,
    schema: { tags, summary: 'Remove my avatar', response: { 200: envelopeOf(myProfile) } },
    handler: async (request) => {
      const user = requireUser(request);
      const previous = await repo.setAvatar(app.db, user.accountId, '', app.appConfig.now());
      await removeAvatarFile(app, previous);
      await auditChange(app, request, 'accountSettings.avatarRemoved', user.accountId);
      return ok(request, await profileOf(app, request), 'common.saved');
    },
  });
};
