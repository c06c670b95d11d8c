import {
  type AlarmTemplateChannel,
  type AlarmTemplateText,
  type AlarmTemplateVars,
  DEFAULT_ALARM_TEMPLATES,
  type Lang,
  renderTemplate,
} from '@sentinel/contract';
import type { FastifyInstance } from 'fastify';

/**
 * The alarm-templates feature's public face: the message an alarm becomes on a channel, in a
 * language. Outbound delivery and mail call this; the templates themselves are the feature's own.
 */
export async function alarmMessage(
  _app: FastifyInstance,
  channel: AlarmTemplateChannel,
  lang: Lang,
  vars: AlarmTemplateVars,
): Promise<AlarmTemplateText> {
  const template = DEFAULT_ALARM_TEMPLATES[channel][lang];
  return { subject: renderTemplate(template.subject, vars), body: renderTemplate(template.body, vars) };
}
