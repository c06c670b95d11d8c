import {
  ALARM_TEMPLATE_CHANNELS,
  ALARM_TEMPLATES_API,
  ALARM_TEMPLATES_CHANGED,
  type AlarmTemplateItem,
  alarmItem,
  alarmTemplateBody,
  alarmTemplateItem,
  alarmTemplateParams,
  alarmTemplateSamplesQuery,
  DEFAULT_ALARM_TEMPLATES,
  LANGS,
  translate,
  unknownPlaceholders,
} from '@sentinel/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditChange } from '../../platform/audit.ts';
import { requireUser } from '../../platform/auth.ts';
import { envelopeOf, ok } from '../../platform/envelope.ts';
import { visibleScenes } from '../../platform/scene-authority.ts';
import * as repo from './repo.ts';
import { templateCache, watchTemplateChanges } from './template-cache.ts';

const PREFIX = '/api/v2/backend';
const path = (full: string) => full.slice(PREFIX.length);
const read = { access: { permission: 'alarmTemplates' } } as const;
const edit = { access: { permission: 'alarmTemplates:edit' } } as const;
const tags = ['alarm templates'];
const ONE = '/alarmTemplates/:channel/:lang';

async function listAll(app: FastifyInstance): Promise<AlarmTemplateItem[]> {
  const saved = await repo.listTemplates(app.db);
  return ALARM_TEMPLATE_CHANNELS.flatMap((channel) =>
    LANGS.map((lang) => {
      const row = saved.find((r) => r.channel === channel && r.lang === lang);
      const text = row ?? DEFAULT_ALARM_TEMPLATES[channel][lang];
      return {
        channel,
        lang,
        subject: text.subject,
        body: text.body,
        custom: row !== undefined,
        updatedAt: row ? row.updatedAt.toISOString() : null,
      };
    }),
  );
}

/** 400 naming the unknown placeholders (in the caller's language), on the fields that use them. */
function refuseUnknown(
  request: FastifyRequest,
  reply: FastifyReply,
  text: { subject: string; body: string },
  unknown: string[],
) {
  const message = translate('alarmTemplates.unknownPlaceholder', request.lang).replace(
    '{names}',
    unknown.map((name) => `{{${name}}}`).join(', '),
  );
  const fields = (['subject', 'body'] as const)
    .filter((field) => unknownPlaceholders(text[field]).length > 0)
    .map((field) => ({ field, message }));
  return reply.code(400).send({ status: -400, message, data: { fields, unknown } });
}

/** Every instance drops its cached templates; open template pages reload. */
async function changed(app: FastifyInstance, channel: string, lang: string): Promise<void> {
  templateCache(app).clear();
  await app.bus.publish({ type: ALARM_TEMPLATES_CHANGED, data: { channel, lang } });
}

/**
 * System settings › Alarm template settings (issue 16 §3): the mail and outbound message templates
 * per language. A template using an unknown placeholder is refused (400 naming it).
 */
export const alarmTemplatesRoutes: FastifyPluginAsyncZod = async (app) => {
  watchTemplateChanges(app);

  app.get(path(ALARM_TEMPLATES_API.list), {
    config: read,
    schema: {
      tags,
      summary: 'Every channel × language template (saved, else the default)',
      response: { 200: envelopeOf(z.array(alarmTemplateItem)) },
    },
    handler: async (request) => ok(request, await listAll(app)),
  });

  app.get(path(ALARM_TEMPLATES_API.samples), {
    config: read,
    schema: {
      tags,
      summary: 'The newest alarms the caller sees: sample values for the preview',
      querystring: alarmTemplateSamplesQuery,
      response: { 200: envelopeOf(z.array(alarmItem)) },
    },
    handler: async (request) => {
      const scenes = await visibleScenes(app.db, requireUser(request));
      return ok(request, await repo.recentAlarms(app.db, scenes, request.query.limit));
    },
  });

  app.put(ONE, {
    config: edit,
    schema: {
      tags,
      summary: 'Saves a template; 400 naming any unknown placeholder; audited',
      params: alarmTemplateParams,
      body: alarmTemplateBody,
      response: { 200: envelopeOf(alarmTemplateItem) },
    },
    handler: async (request, reply) => {
      const { channel, lang } = request.params;
      const { subject, body } = request.body;
      const unknown = [...new Set([...unknownPlaceholders(subject), ...unknownPlaceholders(body)])];
      if (unknown.length > 0) return refuseUnknown(request, reply, { subject, body }, unknown);
      const before = (await listAll(app)).find((t) => t.channel === channel && t.lang === lang);
      await repo.saveTemplate(app.db, channel, lang, { subject, body }, app.appConfig.now());
      await auditChange(app, request, 'alarmTemplate.update', `${channel}:${lang}`, {
        before: before ? { subject: before.subject, body: before.body } : null,
        after: { subject, body },
      });
      await changed(app, channel, lang);
      const item = (await listAll(app)).find((t) => t.channel === channel && t.lang === lang);
      return ok(request, item as AlarmTemplateItem, 'common.saved');
    },
  });

  app.delete(ONE, {
    config: edit,
    schema: {
      tags,
      summary: 'Back to the default template; audited',
      params: alarmTemplateParams,
      response: { 200: envelopeOf(alarmTemplateItem) },
    },
    handler: async (request) => {
      const { channel, lang } = request.params;
      const removed = await repo.deleteTemplate(app.db, channel, lang);
      await auditChange(app, request, 'alarmTemplate.reset', `${channel}:${lang}`, { removed });
      await changed(app, channel, lang);
      const item = (await listAll(app)).find((t) => t.channel === channel && t.lang === lang);
      return ok(request, item as AlarmTemplateItem, 'common.saved');
    },
  });
};
