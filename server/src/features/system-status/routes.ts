import { instanceStatus, SYSTEM_STATUS_API, systemStatusResponse } from '@sentinel/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeOf, ok } from '../../platform/envelope.ts';
import { repeatEvery } from '../../platform/repeating-task.ts';
import { createCollector } from './collector.ts';
import { listInstances, removeInstance, removeInstancesSeenBefore, saveInstanceStatus } from './repo.ts';

const BASE = '/api/v2/backend';
const DAY_MS = 86_400_000;
/** A row not refreshed for this many intervals shows as stale. */
const STALE_INTERVALS = 3;

/**
 * Self-check (issue 14): system status. Each instance writes its own row of server_instance every
 * STATUS_SECONDS (and at start); the page reads every row, so every instance sharing the
 * database shows up. Rows gone quiet for a day are removed; a clean shutdown removes its own.
 */
export const systemStatusRoutes: FastifyPluginAsyncZod = async (app) => {
  const collector = createCollector(app);
  app.onServerError((error, request) =>
    collector.recordError(error.message, `${request.method} ${request.url}`),
  );
  // Counts this instance's open event streams (a filter that takes no event over).
  app.streamFilters.add(async () => () => {
    collector.streamOpened();
    return { take: () => false, close: () => collector.streamClosed() };
  });

  const write = async () => {
    const now = app.appConfig.now();
    await saveInstanceStatus(app.db, {
      id: collector.id,
      hostname: collector.id.split('-').slice(0, -2).join('-'),
      pid: process.pid,
      startedAt: collector.startedAt,
      lastSeenAt: now,
      status: await collector.collect(),
    });
    await removeInstancesSeenBefore(app.db, new Date(now.getTime() - DAY_MS));
  };
  let task: ReturnType<typeof repeatEvery> | undefined;
  app.addHook('onReady', async () => {
    await write();
    task = repeatEvery(app.log, 'system status not written', app.appConfig.statusMs, write);
  });
  app.addHook('onClose', async () => {
    await task?.stop();
    collector.close();
    await removeInstance(app.db, collector.id).catch(() => undefined);
  });

  app.get(SYSTEM_STATUS_API.status.slice(BASE.length), {
    config: { access: { permission: 'systemStatus' } },
    schema: {
      tags: ['selfCheck'],
      summary: "Every server instance's status (this one's written fresh)",
      response: { 200: envelopeOf(systemStatusResponse) },
    },
    handler: async (request) => {
      await write();
      const now = app.appConfig.now().getTime();
      const staleMs = STALE_INTERVALS * app.appConfig.statusMs;
      const rows = await listInstances(app.db);
      const list = rows.flatMap((row) => {
        const status = instanceStatus.safeParse(row.status);
        if (!status.success) return [];
        return [
          {
            id: row.id,
            hostname: row.hostname,
            pid: row.pid,
            startedAt: row.startedAt.toISOString(),
            lastSeenAt: row.lastSeenAt.toISOString(),
            stale: now - row.lastSeenAt.getTime() > staleMs,
            self: row.id === collector.id,
            status: status.data,
          },
        ];
      });
      return ok(request, { list, statusSeconds: app.appConfig.statusMs / 1000 });
    },
  });
};
