import {
  type AlarmTemplateChannel,
  type AlarmTemplateText,
  type AlarmTemplateVars,
  type Lang,
  renderTemplate,
} from '@sentinel/contract';
import type { FastifyInstance } from 'fastify';
import { templateCache } from './template-cache.ts';

export { alarmTemplatesRoutes } from './routes.ts';

/**
 * The alarm-templates feature's public face: the message an alarm becomes on a channel, in a
 * language. Outbound delivery and mail call this; the templates themselves are the feature's own
 * (saved on System settings › Alarm template settings, else the defaults), cached per instance and
 * dropped on every `alarmTemplates.changed` from any instance.
 */
export async function alarmMessage(
  app: FastifyInstance,
  channel: AlarmTemplateChannel,
  lang: Lang,
  vars: AlarmTemplateVars,
): Promise<AlarmTemplateText> {
  const template = await templateCache(app).get(channel, lang);
  return { subject: renderTemplate(template.subject, vars), body: renderTemplate(template.body, vars) };
}
