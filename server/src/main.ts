import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';

const config = loadConfig();
const app = await buildApp(config);

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

const address = await app.listen({ port: config.port, host: config.host });
const shown = config.host === '0.0.0.0' ? address.replace('0.0.0.0', 'localhost') : address;
console.log(
  `${config.appName} is listening on ${shown} (database: ${app.database.kind}, events: ${app.bus.kind})`,
);
