import {
  alarmBatchBody,
  alarmBatchResult,
  alarmCancelResult,
  alarmDetail,
  alarmIdBody,
  alarmItem,
  alarmListQuery,
  alarmListResult,
  alarmVersionBody,
  dealBody,
  idParams,
  lastAlarmQuery,
  type MessageCode,
  pollQuery,
  pollResult,
  sceneCameraParams,
  sceneCountBody,
  sceneCountResult,
  sceneIdParams,
  sceneStatistics,
  translate,
} from '@sentinel/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../platform/auth.ts';
import { envelopeOf, ok, plainJsonSerializer } from '../../platform/envelope.ts';
import { AppError, badRequest, forbidden, notFound } from '../../platform/errors.ts';
import { registerMediaOwner, sceneBoundMedia } from '../../platform/media-registry.ts';
import { createReadRounds } from '../../platform/read-rounds.ts';
import { canSeeScene, visibleScenes } from '../../platform/scene-authority.ts';
import { hasPermission } from '../../platform/sessions.ts';
import { falseAlarmRoutes } from './false-alarm-routes.ts';
import { toAlarmActionItem, toAlarmItem } from './mapper.ts';
import { withPanelFilter } from './panel-filter.ts';
import {
  findAlarm,
  heldAlarmMedia,
  latestAlarms,
  listAlarmItems,
  sceneCameraWhere,
  sceneCounts,
  sceneOfAlarmMedia,
  sceneRollup,
  sceneWhere,
  timelineOf,
  untreatedWhere,
} from './repo.ts';
import { rollupDay } from './rollup.ts';
import { type Actor, handleAlarm } from './service.ts';
import { cachedAlarmCount, cachedAwaitingApproval } from './totals.ts';

const DEAL_CODES = ['dashboard:deal', 'historyAlarm:deal'];
const CANCEL_CODES = ['dashboard:cancel', 'historyAlarm:cancel'];

/** The caller's scene authority (ARCHITECTURE "Scene authority"): 'all' or the granted scene ids. */
function scenesOf(request: FastifyRequest, app: FastifyInstance) {
  return visibleScenes(app.db, requireUser(request));
}

function actorOf(request: FastifyRequest): Actor {
  const user = requireUser(request);
  return { accountId: user.accountId, accountName: user.accountName, ip: request.ip };
}

/** Alarm list, detail and handling (SPEC §7 "Alarms"), mounted under /api/v2/backend. */
export const alarmsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['alarms'];
  const base = '/videoAlarmRecord';
  await app.register(falseAlarmRoutes);

  // Alarm pictures and clips: fetched by those who see the alarm's scene; swept once no alarm holds them.
  for (const subdir of ['alarm', 'clip']) {
    registerMediaOwner(
      app,
      sceneBoundMedia(
        app,
        subdir,
        (path) => sceneOfAlarmMedia(app.db, path),
        (paths) => heldAlarmMedia(app.db, paths),
      ),
    );
  }

  const listRounds = createReadRounds();
  app.post(`${base}/list`, {
    config: { access: 'user' },
    schema: {
      tags,
      summary: 'Alarms, newest first; total from rollup counters (capped exact count otherwise)',
      body: alarmListQuery,
      response: { 200: envelopeOf(alarmListResult) },
    },
    serializerCompiler: plainJsonSerializer,
    handler: async (request) => {
      const query = request.body;
      if (Boolean(query.startTime) !== Boolean(query.endTime)) throw badRequest('time.rangeRequired');
      const scenes = await scenesOf(request, app);
      // The page under the heavy-read bound, one read for every console asking the same page at
      // once (platform/read-rounds.ts: never a read begun before the caller asked); the total takes
      // a slot only when it is not cached.
      const [list, total] = await Promise.all([
        listRounds.run(JSON.stringify([scenes, query]), async () =>
          app.heavyReads.run(() => listAlarmItems(app.db, query, scenes)),
        ),
        cachedAlarmCount(app, query, scenes),
      ]);
      return ok(request, { list, ...total });
    },
  });

  app.get(`${base}/approve/count`, {
    config: { access: 'user' },
    schema: {
      tags,
      summary: 'Number of alarms awaiting approval (state 4)',
      response: { 200: envelopeOf(z.number()) },
    },
    handler: async (request) => {
      const scenes = await scenesOf(request, app);
      return ok(request, await cachedAwaitingApproval(app, scenes));
    },
  });

  app.post(`${base}/poll`, {
    config: { access: 'user' },
    schema: {
      tags,
      summary: "Floating panel's poll: latest untreated alarms (state 1 or 4), newest first",
      body: pollQuery.optional().nullable(),
      response: { 200: envelopeOf(pollResult) },
    },
    handler: async (request) => {
      const count = request.body?.count ?? 20;
      // Scene authority and the user's alarm-rule priority filter (issue 4 §6).
      const where = await withPanelFilter(app.db, requireUser(request), untreatedWhere());
      const rows = await app.heavyReads.run(() => latestAlarms(app.db, where, count));
      return ok(request, { list: rows.map(toAlarmItem) });
    },
  });

  app.get(`${base}/statistics/:sceneId`, {
    config: { access: 'user' },
    schema: {
      tags,
      summary: "A scene's alarm counts over the last 30 days by state and priority",
      params: sceneIdParams,
      response: { 200: envelopeOf(sceneStatistics) },
    },
    handler: async (request) => {
      const from = rollupDay(new Date(app.appConfig.now().getTime() - 29 * 86_400_000));
      // a scene the caller cannot see counts as a scene without alarms
      const visible = canSeeScene(await scenesOf(request, app), request.params.sceneId);
      const rows = visible ? await sceneRollup(app.db, request.params.sceneId, from) : [];
      const byState = new Map<number, number>();
      const byPriority = new Map<number, number>();
      let total = 0;
      let untreated = 0;
      for (const r of rows) {
        total += r.count;
        if (r.alarmState === 1 || r.alarmState === 4) untreated += r.count;
        byState.set(r.alarmState, (byState.get(r.alarmState) ?? 0) + r.count);
        byPriority.set(r.priority, (byPriority.get(r.priority) ?? 0) + r.count);
      }
      return ok(request, {
        total,
        untreated,
        byState: [1, 2, 3, 4].map((s) => ({ alarmState: s, count: byState.get(s) ?? 0 })),
        byPriority: [...byPriority.entries()]
          .sort((a, b) => a[0] - b[0])
          .map(([priority, count]) => ({ priority, count })),
      });
    },
  });

  app.get(`${base}/findMax/:sceneId`, {
    config: { access: 'user' },
    schema: {
      tags,
      summary: 'The latest alarm of a scene, or null',
      params: sceneIdParams,
      response: { 200: envelopeOf(alarmItem.nullable()) },
    },
    handler: async (request) => {
      if (!canSeeScene(await scenesOf(request, app), request.params.sceneId)) return ok(request, null);
      const [row] = await latestAlarms(app.db, sceneWhere(request.params.sceneId), 1);
      return ok(request, row ? toAlarmItem(row) : null);
    },
  });

  app.get(`${base}/:sceneId/:cameraId/lastAlarmRecord`, {
    config: { access: 'user' },
    schema: {
      tags,
      summary: 'Latest alarms of a scene camera (count, default 1), newest first',
      params: sceneCameraParams,
      querystring: lastAlarmQuery,
      response: { 200: envelopeOf(z.array(alarmItem)) },
    },
    handler: async (request) => {
      const { sceneId, cameraId } = request.params;
      if (!canSeeScene(await scenesOf(request, app), sceneId)) return ok(request, []);
      const rows = await latestAlarms(app.db, sceneCameraWhere(sceneId, cameraId), request.query.count ?? 1);
      return ok(request, rows.map(toAlarmItem));
    },
  });

  app.post(`${base}/sceneCount`, {
    config: { access: 'user' },
    schema: {
      tags,
      summary: 'Per scene untreated and total alarm counts (whole UTC days, from rollups)',
      body: sceneCountBody.optional().nullable(),
      response: { 200: envelopeOf(sceneCountResult) },
    },
    handler: async (request) => {
      const b = request.body ?? {};
      if (Boolean(b.startTime) !== Boolean(b.endTime)) throw badRequest('time.rangeRequired');
      const list = await sceneCounts(app.db, {
        sceneIds: b.sceneIds,
        scenes: await scenesOf(request, app),
        fromDay: b.startTime ? rollupDay(new Date(b.startTime)) : undefined,
        toDay: b.endTime ? rollupDay(new Date(b.endTime)) : undefined,
      });
      return ok(request, { list });
    },
  });

  app.get(`${base}/:id`, {
    config: { access: 'user' },
    schema: {
      tags,
      summary: 'One alarm with its timeline (oldest first)',
      params: idParams,
      response: { 200: envelopeOf(alarmDetail) },
    },
    handler: async (request) => {
      const row = await findAlarm(app.db, request.params.id);
      if (!row || !canSeeScene(await scenesOf(request, app), row.sceneId)) throw notFound();
      const timeline = await timelineOf(app.db, row.id);
      return ok(request, { ...toAlarmItem(row), timeline: timeline.map(toAlarmActionItem) });
    },
  });

  app.post(`${base}/deal`, {
    config: { access: { anyOf: DEAL_CODES } },
    schema: {
      tags,
      summary: 'Process a pending alarm (1 → 2) with an optional comment',
      body: dealBody,
      response: { 200: envelopeOf(alarmItem) },
    },
    handler: async (request) => {
      const { id, comment, version } = request.body;
      const scenes = await scenesOf(request, app);
      const item = await handleAlarm(app, id, 'deal', actorOf(request), { comment, version, scenes });
      return ok(request, item);
    },
  });

  app.post(`${base}/cancel/:id`, {
    config: { access: { anyOf: CANCEL_CODES } },
    schema: {
      tags,
      summary: 'Mark as false positive (1 or 4 → 3)',
      params: idParams,
      body: alarmVersionBody,
      response: { 200: envelopeOf(alarmCancelResult) },
    },
    handler: async (request) => {
      const item = await handleAlarm(app, request.params.id, 'cancel', actorOf(request), {
        version: request.body?.version,
        scenes: await scenesOf(request, app),
      });
      return ok(request, { success: true as const, alarm: item }, 'alarm.marked');
    },
  });

  // Approving and revoking an approval: the same call, each with its own button code.
  const approvals = [
    { action: 'approve', summary: 'Approve an alarm awaiting approval (4 → 2)', done: 'alarm.approved' },
    { action: 'noApprove', summary: 'Revoke an approval (approved 2 → 4)', done: 'alarm.revoked' },
  ] as const;
  for (const { action, summary, done } of approvals) {
    app.post(`${base}/${action}`, {
      config: { access: { permission: `alarmApproval:${action}` } },
      schema: { tags, summary, body: alarmIdBody, response: { 200: envelopeOf(alarmItem) } },
      handler: async (request) => {
        const { id, version } = request.body;
        const scenes = await scenesOf(request, app);
        return ok(request, await handleAlarm(app, id, action, actorOf(request), { version, scenes }), done);
      },
    });
  }

  app.post(`${base}/updateOrFilter`, {
    // Either action's codes let the call in; the handler then checks the codes of the one asked for.
    config: { access: { anyOf: [...DEAL_CODES, ...CANCEL_CODES] } },
    schema: {
      tags,
      summary: 'Batch deal or cancel (≤ 100 ids), each handled on its own',
      body: alarmBatchBody,
      response: { 200: envelopeOf(alarmBatchResult) },
    },
    handler: async (request) => {
      const { ids, action, comment } = request.body;
      const user = requireUser(request);
      const codes = action === 'deal' ? DEAL_CODES : CANCEL_CODES;
      if (!codes.some((code) => hasPermission(user, code))) throw forbidden();
      const actor = actorOf(request);
      const scenes = await scenesOf(request, app);
      const list: z.infer<typeof alarmBatchResult>['list'] = [];
      for (const id of [...new Set(ids)]) {
        try {
          const alarm = await handleAlarm(app, id, action, actor, {
            comment: action === 'deal' ? comment : '',
            scenes,
          });
          list.push({ id, ok: true, alarm });
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          const data = error.data as { alarm?: z.infer<typeof alarmItem> } | null;
          list.push({
            id,
            ok: false,
            message: translate(error.code as MessageCode, request.lang),
            ...(data?.alarm ? { alarm: data.alarm } : {}),
          });
        }
      }
      return ok(request, { list });
    },
  });
};
