import { hostname } from 'node:os';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import { z } from 'zod';
import { INSTANCE_ROLES, type InstanceRole } from './platform/instance-role.ts';
import { JOB_LEASE, type LeaseTiming } from './platform/job-lease.ts';
import { READ_CONCURRENCY } from './platform/read-limiter.ts';

const serverDir = dirname(fileURLToPath(import.meta.url));
/** <repo>/web/dist, resolved from this file (server/src/config.ts). */
const defaultWebDist = resolve(serverDir, '../../web/dist');

const optionalString = z
  .string()
  .optional()
  .transform((value) => (value?.trim() ? value.trim() : undefined));

const envSchema = z.object({
  NODE_ENV: z.string().default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: optionalString,
  REDIS_URL: optionalString,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: optionalString,
  SESSION_IDLE_MINUTES: z.coerce.number().positive().default(120),
  SESSION_ABSOLUTE_HOURS: z.coerce.number().positive().default(12),
  APP_NAME: z.string().min(1).default('Sentinel Console'),
  SUPPORT_PHONE: z.string().min(1).default('400-820-3800'),
  SENTINEL_TEST_CAPTCHA: optionalString,
  SENTINEL_TEST_EXPORT_DELAY_MS: z.coerce.number().int().min(0).max(3_600_000).optional(),
  /** Create the demo plant (factories, cameras, scenes…) in an empty database. */
  DEMO_DATA: z
    .enum(['true', 'false', '1', '0', ''])
    .default('true')
    .transform((v) => v !== 'false' && v !== '0'),
  /** Demo mode: a simulated engine reports an alarm every N seconds (0 = off). */
  ALARM_SIMULATOR_SECONDS: z.coerce.number().int().min(0).max(86_400).default(30),
  CAMERA_CHECK_SECONDS: z.coerce.number().int().min(0).max(3_600).default(15),
  /** Self-check: how often every camera's stream is probed (0: off). */
  CAMERA_PROBE_SECONDS: z.coerce.number().int().min(0).max(3_600).default(30),
  /** Self-check: how often a frame is grabbed from every camera (0: off). */
  CAMERA_SNAPSHOT_SECONDS: z.coerce.number().int().min(0).max(86_400).default(300),
  /** Self-check: days camera checks (and their snapshot files) are kept. */
  CAMERA_CHECK_DAYS: z.coerce.number().int().min(1).max(3_650).default(30),
  /**
   * Live video (issue 5): where a camera's live stream is played from. Placeholders {stream}
   * (the camera's stream key), {token} (the signed token) and {origin}; unset: the built-in demo
   * stream source (bundled clips looped as WS-FLV). README "Live video" shows ZLMediaKit, MediaMTX
   * and SRS templates.
   */
  MEDIA_STREAM_TEMPLATE: optionalString,
  /** Secret signing live stream addresses; unset: DATA_DIR/stream-secret (created once). */
  STREAM_SIGNING_SECRET: optionalString,
  /** How long a signed live stream address is accepted (the player refreshes it every 10 s). */
  STREAM_URL_TTL_SECONDS: z.coerce.number().int().min(15).max(86_400).default(60),
  /**
   * Playback page (issue 5): the MediaMTX playback server this server asks for a camera's
   * recordings (`<url>/list`), e.g. http://mediamtx:9996; unset: no recordings are listed.
   */
  MEDIA_RECORDINGS_URL: optionalString.refine((v) => v === undefined || /^https?:\/\/[^/]/i.test(v), {
    message: 'must be an http:// or https:// URL',
  }),
  /** The playback server's base URL as browsers reach it (default: MEDIA_RECORDINGS_URL). */
  MEDIA_RECORDINGS_PUBLIC_URL: optionalString.refine(
    (v) => v === undefined || /^(https?:\/\/[^/]|\/)/i.test(v),
    { message: 'must be an http:// or https:// URL, or a path on this origin' },
  ),
  /** Offline video analysis: the largest video accepted for upload, in MB. */
  OFFLINE_VIDEO_MAX_MB: z.coerce.number().int().min(1).max(20_480).default(512),
  /** Training datasets: the largest zip accepted for import, in MB. */
  DATASET_ZIP_MAX_MB: z.coerce.number().int().min(1).max(20_480).default(200),
  /** Largest model package upload (issue 13, model base). */
  MODEL_MAX_MB: z.coerce.number().int().min(1).max(20_480).default(200),
  INSTANCE_ID: z.string().trim().max(200).optional(),
  /** What this instance serves (platform/instance-role.ts): all, web (no engine ingest) or ingest. */
  ROLE: z
    .enum([...INSTANCE_ROLES, ''])
    .default('all')
    .transform((v): InstanceRole => v || 'all'),
  /** Heavy reads (alarm list, counts, poll) running at once on this instance (platform/read-limiter.ts). */
  READ_CONCURRENCY: z.coerce.number().int().min(1).max(1000).default(READ_CONCURRENCY),
  TRAINER_URL: z
    .string()
    .url()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  TRAINER_CALLBACK_URL: z
    .string()
    .url()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  TRAINER_DEMO_EPOCH_MS: z.coerce.number().int().min(0).max(600_000).default(1_500),
  TRAINER_SILENCE_MINUTES: z.coerce.number().int().min(1).max(10_080).default(30),
  QUEUE_SAMPLE_SECONDS: z.coerce.number().int().min(1).max(3_600).default(10),
  QUEUE_SAMPLE_DAYS: z.coerce.number().int().min(1).max(365).default(7),
  QUEUE_PILEUP_DEPTH: z.coerce.number().int().min(0).max(10_000_000).default(50),
  QUEUE_PILEUP_AGE_SECONDS: z.coerce.number().int().min(1).max(604_800).default(300),
  /** Engine messages (protocol log) older than this many days are deleted. */
  PROTOCOL_LOG_DAYS: z.coerce.number().int().min(1).max(3_650).default(30),
  /** Finished exports (download centre) older than this many days are deleted with their files. */
  EXPORT_KEEP_DAYS: z.coerce.number().int().min(1).max(3_650).default(7),
  /** Plan tasks (platform/plan-tasks.ts): `off` stops this instance's scheduler (run now still works). */
  PLAN_TASKS: z.enum(['on', 'off']).default('on'),
  /** How often the plan task scheduler looks for due runs. */
  PLAN_TASK_TICK_SECONDS: z.coerce.number().int().min(1).max(300).default(10),
  /** Report sending (issue 16): first retry delay of a failed send (doubled per attempt), and attempts. */
  REPORT_RETRY_SECONDS: z.coerce.number().min(0.01).max(3600).default(60),
  REPORT_SEND_ATTEMPTS: z.coerce.number().int().min(1).max(10).default(4),
  /** `off` stops recording engine messages (for the ingest bench's baseline only). */
  PROTOCOL_LOG: z.enum(['on', 'off']).default('on'),
  INGEST_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(10_000_000).default(60_000),
  /** SQL query page (issue 15): a run's time limit, and the most rows it answers. */
  SQL_QUERY_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
  SQL_QUERY_MAX_ROWS: z.coerce.number().int().min(1).max(100_000).default(1_000),
  /** SQL query page on PGlite (no statement_timeout there): the largest estimated plan cost run. */
  SQL_QUERY_PGLITE_MAX_COST: z.coerce.number().min(1).max(1e12).default(300_000),
  /** Data upload (issue 16 §4): `off` stops this instance's outbox dispatcher (others still deliver). */
  OUTBOUND_DISPATCH: z.enum(['on', 'off']).default('on'),
  /** The dispatcher looks for work this often when idle (it loops at once while there is work). */
  OUTBOUND_POLL_MS: z.coerce.number().int().min(10).max(60_000).default(250),
  /** First retry after this long; each further retry waits twice as long (capped at 15 minutes). */
  OUTBOUND_RETRY_BASE_MS: z.coerce.number().int().min(1).max(3_600_000).default(5_000),
  /** Delivered rows older than this many days are deleted (plan task outboundRetention). */
  OUTBOUND_KEEP_DAYS: z.coerce.number().int().min(1).max(3_650).default(7),
  /** Base of the image URL in outbound messages (e.g. https://console.example.com); '' = path only. */
  OUTBOUND_PUBLIC_URL: z.string().trim().max(500).default(''),
  STATUS_SECONDS: z.coerce.number().int().min(1).max(3600).default(5),
  MEDIA_DISK_WARN_PERCENT: z.coerce.number().int().min(1).max(100).default(85),
  /**
   * Offline video analysis in demo mode: a simulated analyzer claims the jobs through the engine
   * interface (default: on when DEMO_DATA is on). Turn it off when a real engine analyzes.
   */
  OFFLINE_ANALYSIS_SIMULATOR: z.enum(['true', 'false', '1', '0', '']).optional(),
  /** Behind a reverse proxy / load balancer: trust X-Forwarded-For for the client address. */
  TRUST_PROXY: z
    .enum(['true', 'false', '1', '0', ''])
    .default('false')
    .transform((v) => v === 'true' || v === '1'),
});

export interface LoginLimits {
  /** Failed attempts per account name within the window before answering 429. */
  perAccount: number;
  /** Failed attempts per client address within the window before answering 429. */
  perIp: number;
  windowMs: number;
}

export interface AppConfig {
  nodeEnv: string;
  port: number;
  host: string;
  /** Absolute path. PGlite lives in DATA_DIR/pglite. */
  dataDir: string;
  databaseUrl?: string;
  redisUrl?: string;
  logLevel: string;
  webDist: string;
  sessionIdleMs: number;
  sessionAbsoluteMs: number;
  appName: string;
  supportPhone: string;
  trustProxy: boolean;
  /** Test only: every captcha's code is this value. Refused in production. */
  testCaptcha?: string;
  /** **Tests only** (SENTINEL_TEST_EXPORT_DELAY_MS): exports wait this long before each batch, so a test can stop the process mid-export. Refused in production. */
  testExportDelayMs?: number;
  /** Test only: an already-open PGlite (e.g. `new PGlite()` in memory) instead of DATA_DIR/pglite. */
  pglite?: PGlite;
  /** Clock (injectable for expiry tests). */
  now: () => Date;
  /** Print the seeded initial passwords in a banner (off in tests). */
  printInitialPasswords: boolean;
  /** Seed the demo plant into an empty database (off in API tests unless asked for). */
  demoData: boolean;
  /** Demo mode only: seconds between the simulated engine's alarms (0 = off; off in tests). */
  alarmSimulatorSeconds: number;
  /** Self-check: the camera monitor pass runs this often (0: off). */
  cameraCheckSeconds: number;
  /** Self-check camera probes (features/camera-health): periods (0: off), retention, limits. */
  cameraProbe: {
    probeSeconds: number;
    snapshotSeconds: number;
    retentionDays: number;
    timeoutMs: number;
    concurrency: number;
  };
  /** Live stream address template (undefined: the built-in demo stream source). */
  mediaStreamTemplate?: string;
  /** Signing secret of live stream addresses (undefined: DATA_DIR/stream-secret). */
  streamSigningSecret?: string;
  streamUrlTtlSeconds: number;
  /** MediaMTX playback server asked for recordings (undefined: none listed). */
  mediaRecordingsUrl?: string;
  /** The playback server as browsers reach it (undefined: mediaRecordingsUrl). */
  mediaRecordingsPublicUrl?: string;
  /** Largest offline video upload in bytes (OFFLINE_VIDEO_MAX_MB). */
  offlineVideoMaxBytes: number;
  /**
   * Dataset zip import limits: the upload (DATASET_ZIP_MAX_MB, 413 above), and what it may unpack
   * to — entries, bytes per entry and in all, the compression ratio of an entry (zip bombs).
   */
  datasetZip: {
    maxBytes: number;
    maxEntries: number;
    maxEntryBytes: number;
    maxTotalBytes: number;
    maxRatio: number;
  };
  /** Largest model package upload in bytes (MODEL_MAX_MB). */
  modelMaxBytes: number;
  /** The simulated offline analyzer runs (demo mode; off in API tests unless asked for). */
  offlineAnalysisSimulator: boolean;
  /** SSE heartbeat interval. */
  heartbeatMs: number;
  loginLimits: LoginLimits;
  /** Requests a minute per session (logged in) or per address (anonymous) (platform/rate-limits.ts), or false: no limits. */
  generalRateLimit: number | false;
  /** Requests a minute per engine key (INGEST_RATE_LIMIT_PER_MINUTE). */
  ingestRateLimit: number;
  /** How often each instance writes its status row (STATUS_SECONDS; features/system-status). */
  statusMs: number;
  /** Media disk use (percent) from which system status warns (MEDIA_DISK_WARN_PERCENT). */
  mediaDiskWarnPercent: number;
  /** This instance as the owner of long-running jobs (INSTANCE_ID, else host:port; platform/job-lease.ts). */
  instanceId: string;
  /** ROLE: what this instance serves (default all). */
  role?: InstanceRole;
  /** READ_CONCURRENCY: heavy reads at once on this instance (default READ_CONCURRENCY). */
  readConcurrency?: number;
  /** Claims of long-running jobs: how long, renewed how often, swept how often. */
  jobLease: LeaseTiming;
  /** Queue monitoring (features/queue-monitor): sampling period, retention and pile-up limits. */
  queues: { sampleMs: number; retentionDays: number; pileupDepth: number; pileupAgeSeconds: number };
  /** Protocol log (features/protocol-log): recording on/off (PROTOCOL_LOG) and retention (PROTOCOL_LOG_DAYS). */
  protocolLog: { enabled: boolean; retentionDays: number };
  /** Download centre (features/exports): finished exports are kept this many days (EXPORT_KEEP_DAYS). */
  exportKeepDays: number;
  /** Plan tasks (platform/plan-tasks.ts): this instance's scheduler on/off and its tick. */
  planTasks: { enabled: boolean; tickMs: number };
  /** Training (features/training): the external trainer (undefined: the built-in demo trainer). */
  trainer: {
    url?: string;
    /** How the trainer reaches this server (its callbacks and downloads). */
    callbackUrl: string;
    /** The demo trainer's time per epoch. */
    demoEpochMs: number;
    /** An external trainer silent this long leaves its job in "training error". */
    silenceMs: number;
    /** Largest artefact a trainer may upload. */
    artefactMaxBytes: number;
    /** How often an idle worker looks for a queued job. */
    pollMs: number;
  };
  /** Report sending (features/report-sending): retries of a failed send and the worker's poll. */
  reports: { retryMs: number; attempts: number; pollMs: number };
  /** SQL query page (features/sql-query): time limit, row cap, and PGlite's plan cost bound. */
  sqlQuery: { timeoutMs: number; maxRows: number; pgliteMaxCost: number };
  /** Data upload dispatcher (features/outbound). */
  outbound: { dispatch: boolean; pollMs: number; retryBaseMs: number; keepDays: number; publicUrl: string };
  /** Pino logger on/off (tests turn it off). */
  logger: boolean;
}

/** Turn the environment into typed config. Throws on invalid values and on unsafe combinations. */
export function loadConfig(env: Record<string, string | undefined> = process.env): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const details = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration: ${details.join('; ')}`);
  }
  const e = parsed.data;
  const config: AppConfig = {
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: resolve(process.cwd(), e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    logLevel: e.LOG_LEVEL,
    webDist: e.WEB_DIST ? resolve(process.cwd(), e.WEB_DIST) : defaultWebDist,
    sessionIdleMs: e.SESSION_IDLE_MINUTES * 60_000,
    sessionAbsoluteMs: e.SESSION_ABSOLUTE_HOURS * 3_600_000,
    appName: e.APP_NAME,
    supportPhone: e.SUPPORT_PHONE,
    testCaptcha: e.SENTINEL_TEST_CAPTCHA,
    testExportDelayMs: e.SENTINEL_TEST_EXPORT_DELAY_MS,
    trustProxy: e.TRUST_PROXY,
    now: () => new Date(),
    printInitialPasswords: true,
    demoData: e.DEMO_DATA,
    alarmSimulatorSeconds: e.ALARM_SIMULATOR_SECONDS,
    cameraCheckSeconds: e.CAMERA_CHECK_SECONDS,
    cameraProbe: {
      probeSeconds: e.CAMERA_PROBE_SECONDS,
      snapshotSeconds: e.CAMERA_SNAPSHOT_SECONDS,
      retentionDays: e.CAMERA_CHECK_DAYS,
      timeoutMs: 5_000,
      concurrency: 4,
    },
    mediaStreamTemplate: e.MEDIA_STREAM_TEMPLATE,
    streamSigningSecret: e.STREAM_SIGNING_SECRET,
    streamUrlTtlSeconds: e.STREAM_URL_TTL_SECONDS,
    mediaRecordingsUrl: e.MEDIA_RECORDINGS_URL,
    mediaRecordingsPublicUrl: e.MEDIA_RECORDINGS_PUBLIC_URL,
    offlineVideoMaxBytes: e.OFFLINE_VIDEO_MAX_MB * 1024 * 1024,
    datasetZip: {
      maxBytes: e.DATASET_ZIP_MAX_MB * 1024 * 1024,
      maxEntries: 20_000,
      maxEntryBytes: 20 * 1024 * 1024,
      maxTotalBytes: Math.max(1024, e.DATASET_ZIP_MAX_MB * 4) * 1024 * 1024,
      maxRatio: 100,
    },
    modelMaxBytes: e.MODEL_MAX_MB * 1024 * 1024,
    offlineAnalysisSimulator:
      e.OFFLINE_ANALYSIS_SIMULATOR === undefined || e.OFFLINE_ANALYSIS_SIMULATOR === ''
        ? e.DEMO_DATA
        : e.OFFLINE_ANALYSIS_SIMULATOR === 'true' || e.OFFLINE_ANALYSIS_SIMULATOR === '1',
    heartbeatMs: 15_000,
    loginLimits: { perAccount: 5, perIp: 20, windowMs: 15 * 60_000 },
    generalRateLimit: 1200,
    ingestRateLimit: e.INGEST_RATE_LIMIT_PER_MINUTE,
    statusMs: e.STATUS_SECONDS * 1000,
    mediaDiskWarnPercent: e.MEDIA_DISK_WARN_PERCENT,
    instanceId: e.INSTANCE_ID || `${hostname()}:${e.PORT}`,
    role: e.ROLE,
    readConcurrency: e.READ_CONCURRENCY,
    jobLease: JOB_LEASE,
    queues: {
      sampleMs: e.QUEUE_SAMPLE_SECONDS * 1_000,
      retentionDays: e.QUEUE_SAMPLE_DAYS,
      pileupDepth: e.QUEUE_PILEUP_DEPTH,
      pileupAgeSeconds: e.QUEUE_PILEUP_AGE_SECONDS,
    },
    protocolLog: { enabled: e.PROTOCOL_LOG === 'on', retentionDays: e.PROTOCOL_LOG_DAYS },
    exportKeepDays: e.EXPORT_KEEP_DAYS,
    planTasks: { enabled: e.PLAN_TASKS === 'on', tickMs: e.PLAN_TASK_TICK_SECONDS * 1_000 },
    trainer: {
      url: e.TRAINER_URL,
      callbackUrl: e.TRAINER_CALLBACK_URL ?? `http://127.0.0.1:${e.PORT}`,
      demoEpochMs: e.TRAINER_DEMO_EPOCH_MS,
      silenceMs: e.TRAINER_SILENCE_MINUTES * 60_000,
      artefactMaxBytes: 64 * 1024 * 1024,
      pollMs: 1_000,
    },
    reports: { retryMs: e.REPORT_RETRY_SECONDS * 1_000, attempts: e.REPORT_SEND_ATTEMPTS, pollMs: 1_000 },
    sqlQuery: {
      timeoutMs: e.SQL_QUERY_TIMEOUT_MS,
      maxRows: e.SQL_QUERY_MAX_ROWS,
      pgliteMaxCost: e.SQL_QUERY_PGLITE_MAX_COST,
    },
    outbound: {
      dispatch: e.OUTBOUND_DISPATCH === 'on',
      pollMs: e.OUTBOUND_POLL_MS,
      retryBaseMs: e.OUTBOUND_RETRY_BASE_MS,
      keepDays: e.OUTBOUND_KEEP_DAYS,
      publicUrl: e.OUTBOUND_PUBLIC_URL.replace(/\/+$/, ''),
    },
    logger: true,
  };
  assertSafeConfig(config);
  return config;
}

/** The test captcha must never be reachable in production. */
export function assertSafeConfig(config: AppConfig): void {
  if (config.testCaptcha !== undefined && config.nodeEnv === 'production') {
    throw new Error('SENTINEL_TEST_CAPTCHA is a test-only setting and is refused when NODE_ENV=production');
  }
  if (config.testExportDelayMs !== undefined && config.nodeEnv === 'production') {
    throw new Error(
      'SENTINEL_TEST_EXPORT_DELAY_MS is a test-only setting and is refused when NODE_ENV=production',
    );
  }
}
