// The real product for benchmarks: server/src/app.ts built from the environment exactly as
// main.ts does, except that the general per-address rate limit (1,200 requests a minute) is off,
// because every benchmark client comes from 127.0.0.1. Prints `listening <url>` when ready.
// BENCH_SESSION_CACHE_MS sets the per-instance session cache (platform/session-cache.ts; 0: off,
// to compare with and without it on the same machine).
import { buildApp } from '../../server/src/app.ts';
import { loadConfig } from '../../server/src/config.ts';

const config = { ...loadConfig(), generalRateLimit: false as const };
const cacheMs = process.env.BENCH_SESSION_CACHE_MS;
const app = await buildApp(config, cacheMs === undefined ? {} : { sessionCacheMs: Number(cacheMs) });
const address = await app.listen({ port: config.port, host: config.host });
console.log(`listening ${address} (database: ${app.database.kind}, events: ${app.bus.kind})`);
const stop = async () => {
  await app.close();
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
