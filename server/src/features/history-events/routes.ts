import {
  dcsAlarmItem,
  dcsAlarmListQuery,
  dcsAlarmListResult,
  dcsDealBody,
  eventItem,
  eventListQuery,
  eventListResult,
  idParams,
} from '@sentinel/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../platform/auth.ts';
import { envelopeOf, ok } from '../../platform/envelope.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { registerMediaOwner, sceneBoundMedia } from '../../platform/media-registry.ts';
import { visibleScenes } from '../../platform/scene-authority.ts';
import { historyIngestRoutes } from './ingest-routes.ts';
import { toDcsAlarmItem, toEventItem } from './mapper.ts';
import {
  findDcsAlarm,
  findEvent,
  heldEventImages,
  listDcsAlarms,
  listEvents,
  sceneOfEventImage,
} from './repo.ts';
import { dealDcsAlarm } from './service.ts';
import { type HistorySimulator, startHistorySimulator } from './simulator.ts';

/** The button code that allows processing a DCS alarm (the demo operator role holds it). */
const DCS_DEAL_CODE = 'dcsAlarm:deal';

const scenesOf = (request: FastifyRequest) => visibleScenes(request.server.db, requireUser(request));

/** Events and DCS alarms: ingest, lists, details and processing (issue 4 §7), under /api/v2/backend. */
export const historyEventsRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(historyIngestRoutes);
  // Event pictures: fetched by those who see the event's scene; swept once no event holds them.
  registerMediaOwner(
    app,
    sceneBoundMedia(
      app,
      'event',
      (path) => sceneOfEventImage(app.db, path),
      (paths) => heldEventImages(app.db, paths),
    ),
  );

  // Demo mode: the simulated engine also reports an event now and then (same config as alarms).
  const seconds = app.appConfig.alarmSimulatorSeconds;
  if (seconds > 0 && app.appConfig.demoData) {
    let simulator: HistorySimulator | undefined;
    app.addHook('onReady', async () => {
      simulator = startHistorySimulator(app, seconds);
    });
    app.addHook('preClose', async () => {
      await simulator?.stop();
    });
  }

  const eventTags = ['history events'];
  app.post('/eventRecord/list', {
    config: { access: { permission: 'historyEvent' } },
    schema: {
      tags: eventTags,
      summary: "Events of the caller's scenes, newest first (count capped at 10,000)",
      body: eventListQuery,
      response: { 200: envelopeOf(eventListResult) },
    },
    handler: async (request) => {
      const query = request.body;
      if (Boolean(query.startTime) !== Boolean(query.endTime)) throw badRequest('time.rangeRequired');
      const { rows, ...total } = await listEvents(app.db, query, await scenesOf(request));
      return ok(request, { list: rows.map(toEventItem), ...total });
    },
  });

  app.get('/eventRecord/:id', {
    config: { access: { permission: 'historyEvent' } },
    schema: {
      tags: eventTags,
      summary: 'One event (404 outside the caller’s scenes)',
      params: idParams,
      response: { 200: envelopeOf(eventItem) },
    },
    handler: async (request) => {
      const row = await findEvent(app.db, request.params.id, await scenesOf(request));
      if (!row) throw notFound();
      return ok(request, toEventItem(row));
    },
  });

  const dcsTags = ['DCS alarms'];
  app.post('/dcsAlarm/list', {
    config: { access: { permission: 'dcsAlarm' } },
    schema: {
      tags: dcsTags,
      summary: "DCS alarms of the caller's scenes, newest first (count capped at 10,000)",
      body: dcsAlarmListQuery,
      response: { 200: envelopeOf(dcsAlarmListResult) },
    },
    handler: async (request) => {
      const query = request.body;
      if (Boolean(query.startTime) !== Boolean(query.endTime)) throw badRequest('time.rangeRequired');
      const { rows, ...total } = await listDcsAlarms(app.db, query, await scenesOf(request));
      return ok(request, { list: rows.map(toDcsAlarmItem), ...total });
    },
  });

  app.get('/dcsAlarm/:id', {
    config: { access: { permission: 'dcsAlarm' } },
    schema: {
      tags: dcsTags,
      summary: 'One DCS alarm (with who processed it, when and the comment)',
      params: idParams,
      response: { 200: envelopeOf(dcsAlarmItem) },
    },
    handler: async (request) => {
      const row = await findDcsAlarm(app.db, request.params.id, await scenesOf(request));
      if (!row) throw notFound();
      return ok(request, toDcsAlarmItem(row));
    },
  });

  app.post('/dcsAlarm/deal', {
    // The page and its deal button, both.
    config: { access: { allOf: ['dcsAlarm', DCS_DEAL_CODE] } },
    schema: {
      tags: dcsTags,
      summary: 'Process a pending DCS alarm (1 → 2) with an optional comment; 409 with the current alarm',
      body: dcsDealBody,
      response: { 200: envelopeOf(dcsAlarmItem) },
    },
    handler: async (request) => {
      const user = requireUser(request);
      const { id, comment, version } = request.body;
      const item = await dealDcsAlarm(
        app,
        id,
        { comment, version, scenes: await scenesOf(request) },
        { accountId: user.accountId, accountName: user.accountName, ip: request.ip },
      );
      return ok(request, item, 'dcsAlarm.processed');
    },
  });
};
