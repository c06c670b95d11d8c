import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';

let config: ReturnType<typeof loadConfig>;
let app: Awaited<ReturnType<typeof buildApp>>;
try {
  config = loadConfig();
  app = await buildApp(config);
} catch (error) {
  console.error(
    `Sentinel Console could not start: ${error instanceof Error ? error.message : String(error)}`,
  );
  process.exit(1);
}

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  app.log.info({ signal }, 'shutting down: no new connections, finishing in-flight requests');
  const force = setTimeout(() => {
    app.log.error('shutdown took longer than 20 s, exiting');
    process.exit(1);
  }, 20_000);
  force.unref();
  try {
    await app.close();
    process.exit(0);
  } catch (error) {
    app.log.error({ err: error }, 'error during shutdown');
    process.exit(1);
  }
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

let address: string;
try {
  address = await app.listen({ port: config.port, host: config.host });
} catch (error) {
  app.log.error({ err: error }, 'could not listen');
  await app.close();
  process.exit(1);
}
const shown = config.host === '0.0.0.0' ? address.replace('0.0.0.0', 'localhost') : address;
console.log(
  `${config.appName} is listening on ${shown} (database: ${app.database.kind}, events: ${app.bus.kind})`,
);
