import {
  cronPreview,
  cronPreviewQuery,
  PLAN_TASK_API,
  PLAN_TASK_EVENT,
  planTaskCodeParam,
  planTaskItem,
  planTaskList,
  planTaskRunList,
  planTaskRunListQuery,
  planTaskRunStarted,
  planTaskUpdate,
} from '@sentinel/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditChange } from '../../platform/audit.ts';
import { envelopeOf, ok } from '../../platform/envelope.ts';
import { isValidCron, nextRunTimes } from '../../platform/plan-tasks.ts';
import { listRuns } from './repo.ts';
import { changeTask, listTasks, pruneHistory, runTaskNow } from './service.ts';

const path = (full: string) => full.replace('/api/v2/backend', '');
const access = { permission: 'planTask' } as const;

/** System settings (issue 15): plan tasks — the scheduler's tasks, their runs, and run now. */
export const planTasksRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['plan tasks'];

  // The scheduler's own history is a plan task too: 90 days of runs are kept.
  app.planTasks.register({
    code: 'planTaskHistoryRetention',
    defaultCron: '17 3 * * *',
    timeLimitMs: 10 * 60_000,
    run: async (signal) => ({ deleted: await pruneHistory(app, signal) }),
  });

  // The page's live updates go only to the streams of accounts that may open it.
  app.streamFilters.add(async (user) => {
    const allowed = user.isAdmin || user.permissions.has('planTask');
    return () => ({ take: (event) => !allowed && event.type === PLAN_TASK_EVENT, close: () => undefined });
  });

  app.get(path(PLAN_TASK_API.tasks), {
    config: { access },
    schema: {
      tags,
      summary: 'Every plan task with its schedule, last run and state',
      response: { 200: envelopeOf(planTaskList) },
    },
    handler: async (request) => ok(request, { list: await listTasks(app) }),
  });

  app.put('/planTask/tasks/:code', {
    config: { access },
    schema: {
      tags,
      summary: "Changes a task's cron expression (validated) and/or enables or disables it",
      params: planTaskCodeParam,
      body: planTaskUpdate,
      response: { 200: envelopeOf(planTaskItem) },
    },
    handler: async (request) => {
      const { before, after } = await changeTask(app, request.params.code, request.body);
      await auditChange(app, request, 'planTask.update', after.code, {
        before: { cron: before.cron, enabled: before.enabled },
        after: { cron: after.cron, enabled: after.enabled },
      });
      return ok(request, after);
    },
  });

  app.post('/planTask/tasks/:code/run', {
    config: { access },
    schema: {
      tags,
      summary: 'Starts a run of the task now on this instance (409 while it runs)',
      params: planTaskCodeParam,
      response: { 200: envelopeOf(planTaskRunStarted) },
    },
    handler: async (request) => {
      const started = await runTaskNow(app, request.params.code);
      await auditChange(app, request, 'planTask.run', request.params.code, { runId: started.runId });
      return ok(request, started);
    },
  });

  app.post(path(PLAN_TASK_API.runs), {
    config: { access },
    schema: {
      tags,
      summary: 'Run history (90 days), newest first, by task and outcome',
      body: planTaskRunListQuery,
      response: { 200: envelopeOf(planTaskRunList) },
    },
    handler: async (request) => ok(request, await listRuns(app.db, request.body)),
  });

  app.post(path(PLAN_TASK_API.preview), {
    // A read: it changes nothing.
    config: { access, audit: false },
    schema: {
      tags,
      summary: 'Whether a cron expression is valid, and its next five run times (server time zone)',
      body: cronPreviewQuery,
      response: { 200: envelopeOf(cronPreview) },
    },
    handler: async (request) => {
      const { cron } = request.body;
      const now = app.appConfig.now();
      return ok(request, {
        valid: isValidCron(cron),
        nextRuns: nextRunTimes(cron, 5, now).map((d) => d.toISOString()),
      });
    },
  });
};
