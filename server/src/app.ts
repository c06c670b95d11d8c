import { join } from 'node:path';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { Table } from 'drizzle-orm';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { type AppConfig, assertSafeConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { seed } from './db/seed.ts';
import { seedDemoPlant } from './demo-seed.ts';
import { accountSettingsRoutes } from './features/account-settings/index.ts';
import { accountsRoutes } from './features/accounts/index.ts';
import { aiInstancesRoutes } from './features/ai-instances/index.ts';
import { aiModelsRoutes } from './features/ai-models/index.ts';
import { alarmRulesRoutes } from './features/alarm-rules/index.ts';
import { alarmSettingsRoutes } from './features/alarm-settings/index.ts';
import { alarmTemplatesRoutes } from './features/alarm-templates/index.ts';
import { alarmsRoutes, ingestRoutes } from './features/alarms/index.ts';
import { algorithmsRoutes } from './features/algorithms/index.ts';
import { analysisRoutes } from './features/analysis/index.ts';
import { auditLogRoutes } from './features/audit-log/index.ts';
import { cameraHealthRoutes } from './features/camera-health/index.ts';
import { clientErrorRoutes } from './features/client-errors/index.ts';
import { datasetRoutes } from './features/datasets/index.ts';
import { devicesRoutes } from './features/devices/index.ts';
import { dictionaryRoutes } from './features/dictionary/index.ts';
import { DUTY_ROSTER_CHANGED, DUTY_ROSTER_SOURCES, dutyRosterRoutes } from './features/duty-roster/index.ts';
import { engineRoutes } from './features/engines/index.ts';
import { equipmentRoutes } from './features/equipment/index.ts';
import { eventRoutes } from './features/events/index.ts';
import { exportRoutes } from './features/exports/index.ts';
import { falseAlarmReviewRoutes } from './features/false-alarm-review/index.ts';
import { healthRoutes } from './features/health/index.ts';
import { historyEventsRoutes } from './features/history-events/index.ts';
import { imageChecksRoutes } from './features/image-checks/index.ts';
import { JOB_RUN_SOURCES, jobRunsRoutes } from './features/job-runs/index.ts';
import { knowledgeBaseRoutes } from './features/knowledge-base/index.ts';
import { licenceRoutes } from './features/licence/index.ts';
import { offlineVideoRoutes } from './features/offline-video/index.ts';
import { onekeyExportRoutes } from './features/onekey-export/index.ts';
import { outboundRoutes } from './features/outbound/index.ts';
import { planTasksRoutes } from './features/plan-tasks/index.ts';
import { plantRoutes } from './features/plant/index.ts';
import { protocolLogRecorder, protocolLogRoutes } from './features/protocol-log/index.ts';
import { queueMonitorRoutes } from './features/queue-monitor/index.ts';
import { reportSendingRoutes } from './features/report-sending/index.ts';
import { rolesRoutes } from './features/roles/index.ts';
import { runEvidenceRoutes } from './features/run-evidence/index.ts';
import { runReportsRoutes } from './features/run-reports/index.ts';
import { runningEffectRoutes } from './features/running-effect/index.ts';
import { sceneCamerasRoutes } from './features/scene-cameras/index.ts';
import { scenesRoutes } from './features/scenes/index.ts';
import { RETENTION_DELETED, retentionSourcesOf, scopeRoutes } from './features/scope/index.ts';
import { sessionRoutes } from './features/session/index.ts';
import { sqlQueryRoutes } from './features/sql-query/index.ts';
import { systemStatusRoutes } from './features/system-status/index.ts';
import { trainingRoutes } from './features/training/index.ts';
import { videoRoutes } from './features/video/index.ts';
import { workflowsRoutes } from './features/workflows/index.ts';
import { auditSafetyNet, createAuditLog } from './platform/audit.ts';
import { authPlugin, installAccessCheck } from './platform/auth.ts';
import { createDayPartials } from './platform/day-partials.ts';
import { installErrorHandling, installWebApp } from './platform/error-handler.ts';
import { createMemoryBus, createRedisBus, type EventBus } from './platform/event-bus.ts';
import { createStreamFilters } from './platform/event-stream.ts';
import { createFanoutStats } from './platform/fanout-stats.ts';
import { installTextGuard } from './platform/input-text.ts';
import { installInstanceRole } from './platform/instance-role.ts';
import { createLoginLimiter } from './platform/login-limiter.ts';
import { mediaRoutes, multipartPlugin } from './platform/media.ts';
import { mediaRegistryPlugin, scheduleOrphanSweep } from './platform/media-registry.ts';
import { planTasksPlugin } from './platform/plan-tasks.ts';
import { installRateLimits } from './platform/rate-limits.ts';
import { createReadLimiter, READ_CONCURRENCY } from './platform/read-limiter.ts';
import { createResultCache } from './platform/result-cache.ts';
import { installSecurityHeaders } from './platform/security-headers.ts';
import './platform/types.ts';

export const API_PREFIX = '/api/v2/backend';
/** SPEC §7: `api/v2/video/camera/getCameraVideoPath`. */
export const VIDEO_PREFIX = '/api/v2/video';

export interface BuildOptions {
  /** Runs after every built-in route is registered and before `ready` (tests add routes here). */
  beforeReady?: (app: FastifyInstance) => void | Promise<void>;
  /** How long a resolved session is reused on this instance (platform/session-cache.ts; 0: off). */
  sessionCacheMs?: number;
  /** How long the alarm list's totals are reused on this instance (platform/result-cache.ts; 0: off). */
  alarmCountCacheMs?: number;
}

/**
 * The alarm list's totals and the analyses are reused this long on an instance unless an alarm or
 * a job run changes first (every `alarm.created` / `alarm.updated` / `jobRun.updated` on the bus
 * clears them, from any instance; the instance that made the change clears them at once).
 */
export const ALARM_COUNT_CACHE_MS = 5_000;
const ALARM_COUNT_EVENTS = new Set([
  'alarm.created',
  'alarm.updated',
  'jobRun.updated',
  DUTY_ROSTER_CHANGED,
  RETENTION_DELETED,
]);
/**
 * Changes of past figures wholesale, and the tables they change (the day-partial sources): only
 * the kinds reading them lose their days (a job run: safety; the duty roster: efficiency's "on
 * duty"; retention: the kinds reading what its category deleted). Undefined: not known, every day.
 */
const DAY_PARTIAL_SOURCES: Record<string, (data: unknown) => readonly Table[] | undefined> = {
  'jobRun.updated': () => JOB_RUN_SOURCES,
  [DUTY_ROSTER_CHANGED]: () => DUTY_ROSTER_SOURCES,
  [RETENTION_DELETED]: retentionSourcesOf,
};

/** Query-string tokens (SSE) never reach the logs. */
const redactUrl = (url: string) => url.replace(/([?&]token=)[^&]*/gi, '$1[Redacted]');

function loggerOptions(config: AppConfig): FastifyServerOptions['logger'] {
  if (!config.logger) return false;
  return {
    level: config.logLevel,
    redact: {
      paths: [
        'req.headers.token',
        'req.headers.cookie',
        'req.headers.authorization',
        'req.body.password',
        'req.body.newpassword',
        '*.password',
        '*.newpassword',
      ],
      censor: '[Redacted]',
    },
    serializers: {
      req: (req: { method: string; url: string; ip?: string; socket?: { remoteAddress?: string } }) => ({
        method: req.method,
        url: redactUrl(req.url),
        remoteAddress: req.ip ?? req.socket?.remoteAddress,
      }),
    },
  };
}

const databasePlugin = fp(
  async (app: FastifyInstance) => {
    const config = app.appConfig;
    const { database, setupResult } = await openDatabase(
      { databaseUrl: config.databaseUrl, dataDir: config.dataDir, pglite: config.pglite },
      async (db) => {
        const result = await seed(db, { appName: config.appName });
        // Once, into a database without a plant; in the same setup (PostgreSQL: under its lock).
        if (config.demoData) await seedDemoPlant(db, { mediaDir: join(config.dataDir, 'media') });
        return result;
      },
    );
    app.decorate('database', database);
    app.decorate('db', database.db);
    app.decorate('seedResult', setupResult);
    app.addHook('onClose', async () => {
      await database.close();
    });
  },
  { name: 'database' },
);

const servicesPlugin = fp<{ alarmCountCacheMs?: number }>(
  async (app: FastifyInstance, options) => {
    const config = app.appConfig;
    const bus: EventBus = config.redisUrl
      ? await createRedisBus(config.redisUrl, (error) =>
          app.log.error({ err: error }, 'redis event bus error'),
        )
      : createMemoryBus();
    app.decorate('bus', bus);
    // The event stream's filter hook: features add their filters at start (alarm-rules: the panel policy).
    app.decorate('streamFilters', createStreamFilters());
    app.decorate('fanout', createFanoutStats(config.instanceId, config.now));
    const alarmCounts = createResultCache(options.alarmCountCacheMs ?? ALARM_COUNT_CACHE_MS, () =>
      config.now().getTime(),
    );
    app.decorate('alarmCounts', alarmCounts);
    const dayPartials = createDayPartials({ now: () => config.now().getTime() });
    app.decorate('dayPartials', dayPartials);
    app.decorate('heavyReads', createReadLimiter(config.readConcurrency ?? READ_CONCURRENCY));
    bus.subscribe((event) => {
      if (ALARM_COUNT_EVENTS.has(event.type)) alarmCounts.clear();
      if (event.type === 'alarm.created' || event.type === 'alarm.updated') {
        // The day holding the alarm's time (every offset); without it, everything.
        const at = Date.parse(String((event.data as { alarmTime?: unknown } | null)?.alarmTime));
        if (Number.isFinite(at)) dayPartials.dropTime(at);
        else dayPartials.clear();
      }
      const sourcesOf = Object.hasOwn(DAY_PARTIAL_SOURCES, event.type)
        ? DAY_PARTIAL_SOURCES[event.type]
        : undefined;
      if (sourcesOf) {
        const sources = sourcesOf(event.data);
        if (sources) dayPartials.clearSource(...sources);
        else dayPartials.clear();
      }
    });
    app.decorate('audit', createAuditLog(app.db, config.now, app.log));
    app.decorate('loginLimiter', createLoginLimiter(config.loginLimits, config.now));
    // Runs after the SSE streams are ended (preClose) and in-flight requests finished.
    app.addHook('onClose', async () => {
      await bus.close();
    });
  },
  { name: 'services', dependencies: ['database'] },
);

function printBanner(passwords: Record<string, string>): void {
  const names = Object.keys(passwords);
  if (names.length === 0) return;
  const lines = names.map((name) => `  Initial ${name} password: ${passwords[name]}`);
  const width = Math.max(...lines.map((l) => l.length), 60) + 2;
  const rule = '='.repeat(width);
  console.log(
    ['', rule, ...lines, '  (shown once; each must be changed at first login)', rule, ''].join('\n'),
  );
}

/** Build the whole application from config and return it ready (used by main.ts and every test). */
export async function buildApp(config: AppConfig, options: BuildOptions = {}): Promise<FastifyInstance> {
  assertSafeConfig(config);
  const app = Fastify({
    logger: loggerOptions(config),
    routerOptions: { ignoreTrailingSlash: true },
    bodyLimit: 1024 * 1024,
    trustProxy: config.trustProxy,
    // A first start creates the embedded database, migrates and seeds (argon2 hashes): on a busy
    // two-core machine that can pass Fastify's 10-second default for a plugin.
    pluginTimeout: 120_000,
  });
  if (config.testCaptcha !== undefined) {
    app.log.warn('SENTINEL_TEST_CAPTCHA is set: every captcha code is fixed. Never use this outside tests.');
  }
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installAccessCheck(app);
  installErrorHandling(app);
  installInstanceRole(app, config.role ?? 'all', API_PREFIX);
  installTextGuard(app);
  app.decorate('appConfig', config);
  // Graceful shutdown: once closing, answers to in-flight requests close their keep-alive
  // connection, so that the server's close does not wait for idle sockets.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_request, reply) => {
    if (closing) reply.header('connection', 'close');
  });

  try {
    await app.register(databasePlugin);
    await app.register(servicesPlugin, { alarmCountCacheMs: options.alarmCountCacheMs });
    if (config.generalRateLimit !== false) {
      await installRateLimits(app, { general: config.generalRateLimit, ingest: config.ingestRateLimit });
    }
    await installSecurityHeaders(app);
    await app.register(swagger, {
      openapi: {
        info: { title: `${config.appName} API`, version: '3.8.0' },
        components: {
          securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'token' } },
        },
        security: [{ token: [] }],
      },
      transform: jsonSchemaTransform,
    });
    await app.register(swaggerUi, { routePrefix: '/api/docs' });
    await app.register(authPlugin, { sessionCacheMs: options.sessionCacheMs });
    await app.register(multipartPlugin);
    await app.register(mediaRegistryPlugin);
    await app.register(planTasksPlugin);
    scheduleOrphanSweep(app);
    await app.register(auditSafetyNet);
    // Root hooks recording every engine message (before the routes, so that they see them all).
    await app.register(protocolLogRecorder, { apiPrefix: API_PREFIX });

    await app.register(healthRoutes);
    await app.register(sessionRoutes, { prefix: API_PREFIX });
    await app.register(exportRoutes, { prefix: API_PREFIX });
    await app.register(eventRoutes, { prefix: API_PREFIX });
    await app.register(mediaRoutes, { prefix: API_PREFIX });
    for (const domain of [
      accountsRoutes,
      plantRoutes,
      devicesRoutes,
      equipmentRoutes,
      algorithmsRoutes,
      aiModelsRoutes,
      workflowsRoutes,
      scenesRoutes,
      sceneCamerasRoutes,
      engineRoutes,
      ingestRoutes,
      alarmsRoutes,
      falseAlarmReviewRoutes,
      // Before alarm-rules: the global push policy's stream filter runs before the user's rule (issue 16 §3).
      alarmSettingsRoutes,
      alarmRulesRoutes,
      analysisRoutes,
      jobRunsRoutes,
      historyEventsRoutes,
      offlineVideoRoutes,
      trainingRoutes,
      aiInstancesRoutes,
      rolesRoutes,
      auditLogRoutes,
      clientErrorRoutes,
      datasetRoutes,
      // Self-check (issue 14).
      protocolLogRoutes,
      cameraHealthRoutes,
      imageChecksRoutes,
      runEvidenceRoutes,
      queueMonitorRoutes,
      systemStatusRoutes,
      onekeyExportRoutes,
      runReportsRoutes,
      // System settings and knowledge base (issue 15).
      accountSettingsRoutes,
      licenceRoutes,
      dutyRosterRoutes,
      runningEffectRoutes,
      knowledgeBaseRoutes,
      planTasksRoutes,
      sqlQueryRoutes,
      scopeRoutes,
      dictionaryRoutes,
      alarmTemplatesRoutes,
      outboundRoutes,
      reportSendingRoutes,
    ]) {
      await app.register(domain, { prefix: API_PREFIX });
    }
    await app.register(videoRoutes, { prefix: VIDEO_PREFIX });
    await installWebApp(app, config.webDist);

    if (options.beforeReady) await options.beforeReady(app);
    await app.ready();
  } catch (error) {
    await app.close().catch(() => undefined);
    throw error;
  }
  if (config.printInitialPasswords) printBanner(app.seedResult.initialPasswords);
  return app;
}
