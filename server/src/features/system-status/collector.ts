import { readFileSync } from 'node:fs';
import { mkdir, readdir, stat, statfs } from 'node:fs/promises';
import { cpus, freemem, hostname, loadavg, totalmem } from 'node:os';
import { dirname, join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { type InstanceStatus, STATUS_LAST_ERRORS } from '@sentinel/contract';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { mediaRoot } from '../../platform/media.ts';
import { databaseVersion, postgresFigures } from './repo.ts';

const here = dirname(fileURLToPath(import.meta.url));

function appVersion(): string {
  try {
    const pkg = JSON.parse(readFileSync(join(here, '../../../package.json'), 'utf8')) as { version?: string };
    return pkg.version ?? '';
  } catch {
    return '';
  }
}

/** Bytes of the files under `dir` (PGlite's data directory; bounded walk). */
async function directorySize(dir: string, budget = { entries: 50_000 }): Promise<number> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  let total = 0;
  for (const entry of entries) {
    if (--budget.entries < 0) break;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) total += await directorySize(path, budget);
    else if (entry.isFile()) total += (await stat(path).catch(() => undefined))?.size ?? 0;
  }
  return total;
}

const ms = (ns: number) => Math.round((Number.isFinite(ns) ? ns : 0) / 10_000) / 100;

/**
 * This instance's figures: its identity, and `collect()` for the status row (CPU since the last
 * call, event-loop delay since the last call, database, media disk, versions, last errors).
 */
export function createCollector(app: FastifyInstance) {
  const id = `${hostname()}-${process.pid}-${Math.random().toString(36).slice(2, 8)}`;
  const startedAt = app.appConfig.now();
  const loop = monitorEventLoopDelay({ resolution: 20 });
  loop.enable();
  const errors: InstanceStatus['lastErrors'] = [];
  let openStreams = 0;
  let lastCpu = process.cpuUsage();
  let lastCpuAt = process.hrtime.bigint();
  const version = appVersion();
  let redis: Redis | undefined;
  let redisVersion: string | null = null;

  async function readRedisVersion(): Promise<string | null> {
    const url = app.appConfig.redisUrl;
    if (!url) return null;
    if (redisVersion) return redisVersion;
    try {
      redis ??= new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1 });
      const info = await redis.info('server');
      redisVersion = /redis_version:(\S+)/.exec(info)?.[1] ?? '';
    } catch {
      redisVersion = null;
    }
    return redisVersion;
  }

  async function database(): Promise<InstanceStatus['database']> {
    const kind = app.database.kind;
    if (kind === 'postgres') {
      const f = await postgresFigures(app.db);
      return { kind, sizeBytes: f.size, connections: f.connections, version: f.version };
    }
    const dir = app.appConfig.pglite ? undefined : join(app.appConfig.dataDir, 'pglite');
    return {
      kind,
      sizeBytes: dir ? await directorySize(dir) : null,
      connections: null,
      version: await databaseVersion(app.db),
    };
  }

  async function mediaDisk(): Promise<InstanceStatus['mediaDisk']> {
    const dir = mediaRoot(app);
    await mkdir(dir, { recursive: true }).catch(() => undefined);
    const fs = await statfs(dir);
    const totalBytes = fs.blocks * fs.bsize;
    const freeBytes = fs.bavail * fs.bsize;
    const usedBytes = Math.max(0, totalBytes - fs.bfree * fs.bsize);
    const usedPercent = totalBytes > 0 ? Math.round((usedBytes / (usedBytes + freeBytes)) * 1000) / 10 : 0;
    return { usedBytes, freeBytes, totalBytes, usedPercent, warnPercent: app.appConfig.mediaDiskWarnPercent };
  }

  function cpu(): InstanceStatus['cpu'] {
    const now = process.hrtime.bigint();
    const used = process.cpuUsage(lastCpu);
    const elapsedUs = Number(now - lastCpuAt) / 1000;
    lastCpu = process.cpuUsage();
    lastCpuAt = now;
    const processPercent = elapsedUs > 0 ? ((used.user + used.system) / elapsedUs) * 100 : 0;
    return {
      processPercent: Math.round(processPercent * 10) / 10,
      load1: Math.round((loadavg()[0] ?? 0) * 100) / 100,
      cores: cpus().length,
    };
  }

  return {
    id,
    startedAt,
    /** A server error (5xx or unhandled) this instance logged; the last 20 are kept. */
    recordError(message: string, url: string) {
      errors.unshift({
        at: app.appConfig.now().toISOString(),
        message: message.slice(0, 500),
        url: url.slice(0, 300),
      });
      errors.length = Math.min(errors.length, STATUS_LAST_ERRORS);
    },
    streamOpened() {
      openStreams++;
    },
    streamClosed() {
      openStreams = Math.max(0, openStreams - 1);
    },
    async collect(): Promise<InstanceStatus> {
      const memory = process.memoryUsage();
      const db = await database();
      const eventLoop = {
        p50Ms: ms(loop.percentile(50)),
        p99Ms: ms(loop.percentile(99)),
        maxMs: ms(loop.max),
      };
      loop.reset();
      return {
        uptimeSeconds: Math.round((app.appConfig.now().getTime() - startedAt.getTime()) / 1000),
        cpu: cpu(),
        memory: {
          rss: memory.rss,
          heapUsed: memory.heapUsed,
          heapTotal: memory.heapTotal,
          systemFree: freemem(),
          systemTotal: totalmem(),
        },
        eventLoop,
        openStreams,
        fanout: app.fanout.snapshot(),
        database: db,
        mediaDisk: await mediaDisk(),
        versions: {
          app: version,
          node: process.version,
          database: db.version,
          redis: await readRedisVersion(),
        },
        lastErrors: [...errors],
      };
    },
    close() {
      loop.disable();
      redis?.disconnect();
    },
  };
}

export type StatusCollector = ReturnType<typeof createCollector>;
