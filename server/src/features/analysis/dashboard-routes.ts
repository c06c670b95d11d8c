import {
  ANALYSIS_API,
  type DashboardSummary,
  dashboardQuery,
  dashboardSummary,
  heatQuery,
  heatStrip,
} from '@sentinel/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeOf, ok } from '../../platform/envelope.ts';
import { createResultCache } from '../../platform/result-cache.ts';
import type { VisibleScenes } from '../../platform/scene-authority.ts';
import { cameraCounts, openAlarmCounts, runningJobs } from './dashboard-repo.ts';
import { rangeCounts } from './range-counts-repo.ts';
import { HOUR_MS } from './rollup-range.ts';
import { analysisScope, cacheKey, under } from './scope.ts';

/** Camera online states change without an event: their figures are reused this long at most. */
export const DEVICE_FIGURES_CACHE_MS = 2_000;

/** The home's figures (issue 12 §1) and its level × hour heat strip, under the caller's scene authority. */
export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['analysis'];
  // Cameras and running jobs: cleared by every job run change, else kept a moment (2 s).
  const devices = createResultCache(DEVICE_FIGURES_CACHE_MS, () => app.appConfig.now().getTime());
  const unsubscribe = app.bus.subscribe((event) => {
    if (event.type === 'jobRun.updated') devices.clear();
  });
  app.addHook('onClose', async () => unsubscribe());

  /** Today's alarms and the open ones: cleared with the alarm totals by every ingest and state change. */
  const alarmFigures = (scenes: VisibleScenes, startTime: string, endTime: string) =>
    app.alarmCounts.get(cacheKey('dashboard', { scenes }, [startTime, endTime]), async () => {
      const [today, open] = await Promise.all([
        rangeCounts(app.db, {
          startMs: Date.parse(startTime),
          endMs: Date.parse(endTime),
          unit: 'hour',
          now: app.appConfig.now().getTime(),
          filters: { scenes },
          sets: [['state', 'falsePositive']],
        }),
        openAlarmCounts(app.db, scenes),
      ]);
      let todayAlarms = 0;
      let todayFalsePositive = 0;
      let processed = 0;
      let processedFalse = 0;
      for (const { values, count } of today) {
        const isProcessed = values.state === 2 || values.state === 3;
        todayAlarms += count;
        if (values.falsePositive) todayFalsePositive += count;
        if (isProcessed) processed += count;
        if (isProcessed && values.falsePositive) processedFalse += count;
      }
      return {
        todayAlarms,
        todayFalsePositive,
        falsePositiveRate: processed ? processedFalse / processed : 0,
        ...open,
      };
    });

  const deviceFigures = (scenes: VisibleScenes) =>
    devices.get(JSON.stringify(scenes), async () => {
      const [cameras, jobsRunning] = await Promise.all([
        cameraCounts(app.db, scenes),
        runningJobs(app.db, scenes),
      ]);
      return { camerasOnline: cameras.online, camerasOffline: cameras.offline, jobsRunning };
    });

  app.post(under(ANALYSIS_API.dashboard), {
    // Reads: no audit entry (the safety net would log every POST not named like a list).
    config: { access: 'user', audit: false },
    schema: {
      tags,
      summary: "Home figures: the range's alarms and false positives, open alarms, cameras, running jobs",
      body: dashboardQuery,
      response: { 200: envelopeOf(dashboardSummary) },
    },
    handler: async (request) => {
      const { scenes } = await analysisScope(app, request);
      const { startTime, endTime } = request.body;
      const [alarms, other] = await Promise.all([
        alarmFigures(scenes, startTime, endTime),
        deviceFigures(scenes),
      ]);
      const summary: DashboardSummary = { ...alarms, ...other };
      return ok(request, summary);
    },
  });

  app.post(under(ANALYSIS_API.heat), {
    // Reads: no audit entry (the safety net would log every POST not named like a list).
    config: { access: 'user', audit: false },
    schema: {
      tags,
      summary: 'Alarms per level × hour of the 24 whole hours ending with the hour of endTime (default now)',
      body: heatQuery.optional().nullable(),
      response: { 200: envelopeOf(heatStrip) },
    },
    handler: async (request) => {
      const { scenes } = await analysisScope(app, request);
      const end = request.body?.endTime ? Date.parse(request.body.endTime) : app.appConfig.now().getTime();
      const last = Math.floor(end / HOUR_MS) * HOUR_MS;
      const first = last - 23 * HOUR_MS;
      const strip = await app.alarmCounts.get(cacheKey('heat', { scenes }, first), async () => {
        const counts = await rangeCounts(app.db, {
          startMs: first,
          endMs: last + HOUR_MS - 1,
          unit: 'hour',
          now: app.appConfig.now().getTime(),
          filters: { scenes },
          sets: [['bucket', 'priority']],
          buckets: { sizeMs: HOUR_MS, offsetMs: 0 },
        });
        const cells = counts
          .map(({ values, count }) => ({
            hour: new Date(Number(values.bucket)).toISOString(),
            priority: Number(values.priority),
            count,
          }))
          .sort((a, b) => a.hour.localeCompare(b.hour) || a.priority - b.priority);
        const hours = Array.from({ length: 24 }, (_, i) => new Date(first + i * HOUR_MS).toISOString());
        return { hours, cells };
      });
      return ok(request, strip);
    },
  });
};
