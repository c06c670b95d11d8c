import { ALARM_RULE_UPDATED, alarmRule, alarmRuleBody, alarmRuleQuery } from '@sentinel/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../platform/auth.ts';
import { envelopeOf, ok } from '../../platform/envelope.ts';
import { forbidden, notFound } from '../../platform/errors.ts';
import { hasPermission } from '../../platform/sessions.ts';
import { panelStreamFilter } from './panel-stream-filter.ts';
import { accountExists, findRule, saveRule } from './repo.ts';

/** Managing other accounts' rules takes the account-management page (or the admin role). */
export const OTHERS_RULES_PERMISSION = 'accounts';

/** A user reads and edits their own rule; another account's needs OTHERS_RULES_PERMISSION. */
async function authorize(app: FastifyInstance, request: FastifyRequest, userId: number) {
  const user = requireUser(request);
  if (user.accountId === userId) return user;
  if (!hasPermission(user, OTHERS_RULES_PERMISSION)) throw forbidden();
  if (!(await accountExists(app.db, userId))) throw notFound();
  return user;
}

/** Per-user alarm rules (SPEC §2 alarm-rule page, §9) (issue 4 §6), mounted under /api/v2/backend. */
export const alarmRulesRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['alarm rules'];
  // The rule governs what the account's event stream pushes (`alarm.created`): its filter there.
  app.streamFilters.add(panelStreamFilter(app.db));

  app.get('/alarmRule', {
    config: { access: 'user' },
    schema: {
      tags,
      summary: "A user's alarm rule of type 1 (defaults when none saved: real time, no limits, all levels)",
      querystring: alarmRuleQuery,
      response: { 200: envelopeOf(alarmRule) },
    },
    handler: async (request) => {
      await authorize(app, request, request.query.userId);
      return ok(request, await findRule(app.db, request.query.userId));
    },
  });

  app.put('/alarmRule', {
    config: { access: 'user' },
    schema: {
      tags,
      summary: "Saves a user's alarm rule (frequency, thresholds, priorities); audited",
      body: alarmRuleBody,
      response: { 200: envelopeOf(alarmRule) },
    },
    handler: async (request) => {
      const { userId, type: _type, ...fields } = request.body;
      const user = await authorize(app, request, userId);
      const before = await findRule(app.db, userId);
      const saved = await saveRule(app.db, userId, fields, app.appConfig.now());
      const { updatedAt: _a, userId: _u, type: _t, ...previous } = before;
      const { updatedAt: _b, userId: _v, type: _w, ...current } = saved;
      await app.audit.write({
        accountId: user.accountId,
        accountName: user.accountName,
        action: 'alarmRule.update',
        target: `account:${userId}`,
        detail: { type: saved.type, before: previous, after: current },
        ip: request.ip,
        request,
      });
      await app.bus.publish({
        type: ALARM_RULE_UPDATED,
        data: { userId, type: saved.type },
        audience: { accountId: userId },
      });
      return ok(request, saved, 'common.saved');
    },
  });
};
