import {
  ALARM_SETTINGS_API,
  ALARM_SETTINGS_CHANGED,
  ALARM_SOUND_MAX_BYTES,
  alarmSettings,
  alarmSettingsBody,
  isMp3,
} from '@sentinel/contract';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditChange } from '../../platform/audit.ts';
import { envelopeOf, ok } from '../../platform/envelope.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { readMultipartForm } from '../../platform/multipart.ts';
import { createPolicyCache } from './policy-cache.ts';
import * as repo from './repo.ts';
import { globalPushFilter } from './stream-filter.ts';

const PREFIX = '/api/v2/backend';
const path = (full: string) => full.slice(PREFIX.length);
const edit = { access: { permission: 'alarmSettings:edit' } } as const;
const tags = ['alarm settings'];

/** A stored name for the sound: the uploaded file's name, plain characters only. */
function soundName(value: string | undefined): string {
  const name = (value ?? '')
    .replace(/[^\p{L}\p{N} ._()-]/gu, '')
    .trim()
    .slice(0, 120);
  return name || 'alarm.mp3';
}

async function changed(app: FastifyInstance): Promise<void> {
  await app.bus.publish({ type: ALARM_SETTINGS_CHANGED, data: null });
}

/**
 * System settings › Alarm settings (issue 16 §3): the global push policy of the floating panel and
 * its sound. Registers the policy's event-stream filter — before alarm-rules registers the user's
 * rule (app.ts order), so the global policy applies first.
 */
export const alarmSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const cache = await createPolicyCache(app);
  app.streamFilters.add(globalPushFilter(cache.current));

  app.get(path(ALARM_SETTINGS_API.settings), {
    config: { access: 'user' },
    schema: {
      tags,
      summary: 'The global alarm push policy and sound (every logged-in user: the panel reads it)',
      response: { 200: envelopeOf(alarmSettings) },
    },
    handler: async (request) => ok(request, await repo.findSettings(app.db)),
  });

  app.put(path(ALARM_SETTINGS_API.settings), {
    config: edit,
    schema: {
      tags,
      summary: 'Saves the global push policy (levels, per-camera cooldown, quiet hours); audited',
      body: alarmSettingsBody,
      response: { 200: envelopeOf(alarmSettings) },
    },
    handler: async (request) => {
      const before = await repo.findSettings(app.db);
      await repo.savePolicy(app.db, request.body, app.appConfig.now());
      cache.set(request.body);
      const {
        sound: _s,
        soundName: _n,
        soundSize: _z,
        soundVersion: _v,
        updatedAt: _u,
        ...previous
      } = before;
      await auditChange(app, request, 'alarmSettings.update', 'alarmSettings', {
        before: previous,
        after: request.body,
      });
      await changed(app);
      return ok(request, await repo.findSettings(app.db), 'common.saved');
    },
  });

  app.get(path(ALARM_SETTINGS_API.sound), {
    // The panel plays it with an <audio> element, which sends the cookie, not the header.
    config: { access: 'user', tokenInCookie: true },
    schema: { tags, summary: 'The custom alarm sound (audio/mpeg); 404 while the built-in sound is used' },
    handler: async (_request, reply) => {
      const sound = await repo.findSound(app.db);
      if (!sound) throw notFound();
      return reply
        .type('audio/mpeg')
        .header('content-length', sound.data.length)
        .header('cache-control', 'private, max-age=86400')
        .header('etag', `"${sound.version}"`)
        .header('x-content-type-options', 'nosniff')
        .send(sound.data);
    },
  });

  app.post(path(ALARM_SETTINGS_API.sound), {
    config: edit,
    schema: {
      tags,
      summary: 'Uploads the alarm sound: an mp3 (ID3 tag or MPEG frame sync) of at most 1 MB; audited',
      consumes: ['multipart/form-data'],
      response: { 200: envelopeOf(alarmSettings) },
    },
    handler: async (request) => {
      if (!request.isMultipart()) throw badRequest('alarmSettings.soundType');
      const form = await readMultipartForm(request, {
        files: { file: { maxBytes: ALARM_SOUND_MAX_BYTES, tooLarge: 'alarmSettings.soundSize' } },
      });
      const data = form.files.file;
      if (!data || !isMp3(data)) {
        throw badRequest('alarmSettings.soundType', [{ field: 'file', message: 'alarmSettings.soundType' }]);
      }
      const name = soundName(form.values.name);
      await repo.saveSound(app.db, { name, data }, app.appConfig.now());
      await auditChange(app, request, 'alarmSettings.sound', 'alarmSettings', { name, size: data.length });
      await changed(app);
      return ok(request, await repo.findSettings(app.db), 'common.saved');
    },
  });

  app.delete(path(ALARM_SETTINGS_API.sound), {
    config: edit,
    schema: {
      tags,
      summary: 'Back to the built-in alarm sound; audited',
      response: { 200: envelopeOf(alarmSettings) },
    },
    handler: async (request) => {
      const before = await repo.findSettings(app.db);
      await repo.saveSound(app.db, null, app.appConfig.now());
      await auditChange(app, request, 'alarmSettings.soundReset', 'alarmSettings', {
        previous: before.soundName,
      });
      await changed(app);
      return ok(request, await repo.findSettings(app.db), 'common.saved');
    },
  });
};
