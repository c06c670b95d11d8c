import {
  fixedAlarms,
  jobRunDetail,
  jobRunIdParams,
  jobRunIngestBody,
  jobRunIngestResult,
  jobRunListQuery,
  jobRunListResult,
  lastRunCounts,
  SAFETY_RATE_DAYS,
  safetyRate,
} from '@sentinel/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../platform/auth.ts';
import { engineKeyHook } from '../../platform/engine-auth.ts';
import { envelopeOf, ok } from '../../platform/envelope.ts';
import { AppError, badRequest, notFound } from '../../platform/errors.ts';
import type { BusEvent } from '../../platform/event-bus.ts';
import { canSeeScene, type VisibleScenes, visibleScenes } from '../../platform/scene-authority.ts';
import { toAlarmItem } from '../alarms/index.ts';
import {
  alarmsOfRun,
  completedCounts,
  countsOfRun,
  findFixedOperation,
  findRun,
  lastRunOfFixedOperation,
  lastRunOfScene,
  listRuns,
  sceneExists,
  timelineOfRun,
  toJobRunItem,
} from './repo.ts';
import { ingestJobRun, markRunViolation } from './service.ts';

const FIXED_ALARMS_MAX = 100;
const historyTask = { access: { permission: 'historyTask' } } as const;

/** Job runs (historyAssignment): ingest, history tasks, task details, safety rate (issue 4 §7). */
export const jobRunsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['job runs'];
  const scenesOf = (request: FastifyRequest): Promise<VisibleScenes> =>
    visibleScenes(app.db, requireUser(request));

  /** The run, or 404 when it is unknown or its scene is not the caller's. */
  async function visibleRun(request: FastifyRequest, id: number) {
    const row = await findRun(app.db, id);
    if (!row || !canSeeScene(await scenesOf(request), row.sceneId)) throw notFound();
    return row;
  }

  /** The scene id, or 404 when the scene is unknown or not the caller's. */
  async function visibleScene(request: FastifyRequest, sceneId: number) {
    if (!(await sceneExists(app.db, sceneId)) || !canSeeScene(await scenesOf(request), sceneId)) {
      throw notFound();
    }
    return sceneId;
  }

  // An alarm raised in a run marks the run's detection as violation. Every instance receives the
  // event; the conditional update lets exactly one of them change (and announce) the run.
  const pending = new Set<Promise<unknown>>();
  const unsubscribe = app.bus.subscribe((event: BusEvent) => {
    if (event.type !== 'alarm.created') return;
    const runId = (event.data as { historyAssignmentId?: unknown } | null)?.historyAssignmentId;
    if (typeof runId !== 'number') return;
    const task = markRunViolation(app, runId)
      .catch((error: unknown) => app.log.error({ err: error, runId }, 'marking the run as violation failed'))
      .finally(() => pending.delete(task));
    pending.add(task);
  });
  app.addHook('preClose', async () => {
    unsubscribe();
    await Promise.allSettled([...pending]);
  });

  app.post('/ingest/jobRun', {
    // Not a user session: the engine authenticates with its key (x-engine-key) below.
    config: { access: 'public' },
    schema: {
      tags: ['ingest'],
      summary:
        'An engine reports a job run (created on the first runId, updated after; transitions 0→1, 0→4, 1→2/3/4)',
      headers: z.object({ 'x-engine-key': z.string().optional() }),
      body: jobRunIngestBody,
      response: { 200: envelopeOf(jobRunIngestResult) },
    },
    // Before the body is read and validated: a call without a valid key answers 401, not 400.
    onRequest: engineKeyHook(app),
    handler: async (request) => {
      const source = request.engine;
      if (!source) throw new AppError(401, 'engine.invalidKey');
      return ok(request, await ingestJobRun(app, source, request.body));
    },
  });

  app.post('/historyAssignment/list', {
    config: historyTask,
    schema: {
      tags,
      summary: 'Job runs, newest first (time range on the start time, scene, state, detection, job number)',
      body: jobRunListQuery,
      response: { 200: envelopeOf(jobRunListResult) },
    },
    handler: async (request) => {
      const query = request.body;
      if (Boolean(query.startTime) !== Boolean(query.endTime)) throw badRequest('time.rangeRequired');
      const { rows, count } = await listRuns(app.db, query, await scenesOf(request));
      return ok(request, { list: rows.map(toJobRunItem), count });
    },
  });

  app.get('/historyAssignment/:id/detail', {
    config: historyTask,
    schema: {
      tags,
      summary: 'A job run with its timeline: its events and alarms, oldest first',
      params: jobRunIdParams,
      response: { 200: envelopeOf(jobRunDetail) },
    },
    handler: async (request) => {
      const row = await visibleRun(request, request.params.id);
      const [counts, timeline] = await Promise.all([
        countsOfRun(app.db, row.id),
        timelineOfRun(app.db, row.id),
      ]);
      return ok(request, { ...toJobRunItem(row), ...counts, timeline });
    },
  });

  app.get('/historyAssignment/:id/sceneId', {
    config: historyTask,
    schema: {
      tags,
      summary: "The job run's scene id (null when its scene was deleted)",
      params: jobRunIdParams,
      response: { 200: envelopeOf(z.number().nullable()) },
    },
    handler: async (request) => ok(request, (await visibleRun(request, request.params.id)).sceneId),
  });

  app.get('/historyAssignment/queryLastHistoryEventCount/:id', {
    config: { access: 'user' },
    schema: {
      tags,
      summary: "The id is a scene id: event and alarm counts of the scene's last run",
      params: jobRunIdParams,
      response: { 200: envelopeOf(lastRunCounts) },
    },
    handler: async (request) => {
      const sceneId = await visibleScene(request, request.params.id);
      const run = await lastRunOfScene(app.db, sceneId);
      const counts = run ? await countsOfRun(app.db, run.id) : { eventCount: 0, alarmCount: 0 };
      return ok(request, {
        sceneId,
        historyAssignmentId: run?.id ?? null,
        jobNumber: run?.jobNumber ?? '',
        state: run?.state ?? null,
        ...counts,
      });
    },
  });

  app.get('/safetyRate/:id/bySceneId', {
    config: { access: 'user' },
    schema: {
      tags,
      summary: `Share of the scene's runs completed in the last ${SAFETY_RATE_DAYS} days that completed normally`,
      params: jobRunIdParams,
      response: { 200: envelopeOf(safetyRate) },
    },
    handler: async (request) => {
      const sceneId = await visibleScene(request, request.params.id);
      const from = new Date(app.appConfig.now().getTime() - SAFETY_RATE_DAYS * 86_400_000);
      const rows = await completedCounts(app.db, sceneId, from);
      const of = (state: number) => rows.find((r) => r.state === state)?.n ?? 0;
      const normal = of(2);
      const violation = of(3);
      const undetermined = of(4);
      const total = normal + violation + undetermined;
      return ok(request, {
        sceneId,
        days: SAFETY_RATE_DAYS,
        total,
        normal,
        violation,
        undetermined,
        rate: total ? Math.round((normal / total) * 1000) / 10 : null,
      });
    },
  });

  app.get('/videoAlarmRecord/selectFixedAlarm/:id', {
    config: { access: 'user' },
    schema: {
      tags: ['alarms'],
      summary: 'The id is a fixed operation id: the alarms of its latest run, newest first (≤ 100)',
      params: jobRunIdParams,
      response: { 200: envelopeOf(fixedAlarms) },
    },
    handler: async (request) => {
      const fixed = await findFixedOperation(app.db, request.params.id);
      if (!fixed || !canSeeScene(await scenesOf(request), fixed.sceneId)) throw notFound();
      const run = await lastRunOfFixedOperation(app.db, fixed.id);
      const rows = run ? await alarmsOfRun(app.db, run.id, FIXED_ALARMS_MAX) : [];
      return ok(request, {
        fixedOperationId: fixed.id,
        historyAssignmentId: run?.id ?? null,
        jobNumber: run?.jobNumber ?? '',
        list: rows.map(toAlarmItem),
      });
    },
  });
};
