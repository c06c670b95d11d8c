import {
  deliveryList,
  deliveryListQuery,
  OUTBOUND_API,
  OUTBOUND_EVENT,
  type ReceiverBody,
  receiverBody,
  receiverItem,
  receiverList,
  receiverListQuery,
  receiverTestBody,
  receiverTestResult,
  recordId,
  redeliverAllBody,
  redeliverBody,
  redeliverResult,
} from '@sentinel/contract';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditChange } from '../../platform/audit.ts';
import { envelopeOf, ok } from '../../platform/envelope.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { listDeliveries, pruneDelivered, redeliver } from './delivery-log-repo.ts';
import { createDispatcher, type Dispatcher } from './dispatcher.ts';
import {
  deleteReceiver,
  findReceiver,
  insertReceiver,
  listReceivers,
  type ReceiverRow,
  type ReceiverValues,
  toReceiverItem,
  updateReceiver,
} from './receiver-repo.ts';
import { sampleMessage, sendWebhook, testMqtt } from './senders.ts';

const path = (full: string) => full.replace('/api/v2/backend', '');
const page = { permission: 'dataUpload' } as const;
const button = (code: string) => ({ allOf: ['dataUpload', `dataUpload:${code}`] }) as const;
const idParams = z.object({ id: recordId() });

/** Each app's dispatcher, by its database handle (tests run rounds and close MQTT clients). */
const dispatchers = new WeakMap<object, Dispatcher>();
export const dispatcherOf = (app: FastifyInstance) => dispatchers.get(app.db);

/** Body → stored values; a blank secret / password keeps the stored one (write-only). */
function valuesOf(body: z.output<typeof receiverBody>, before?: ReceiverRow): ReceiverValues {
  const webhook = body.kind === 'webhook';
  return {
    name: body.name,
    kind: body.kind,
    enabled: body.enabled,
    lang: body.lang,
    url: webhook ? body.url : '',
    secret: webhook ? body.secret || before?.secret || '' : '',
    timeoutMs: body.timeoutMs,
    maxAttempts: body.maxAttempts,
    brokerUrl: webhook ? '' : body.brokerUrl,
    username: webhook ? '' : body.username,
    password: webhook ? '' : body.password || before?.password || '',
    topicTemplate: webhook ? '' : body.topicTemplate,
    levels: body.filters.levels,
    plantIds: body.filters.plantIds,
    areaIds: body.filters.areaIds,
    sceneIds: body.filters.sceneIds,
    algorithmIds: body.filters.algorithmIds,
  };
}

/** What the audit log keeps of a receiver: never a secret. */
const auditView = (r: ReceiverRow) => {
  const {
    secret: _s,
    password: _p,
    ...rest
  } = toReceiverItem(r) as ReturnType<typeof toReceiverItem> & {
    secret?: string;
    password?: string;
  };
  const { pending: _a, delivered: _b, dead: _c, updatedAt: _d, ...kept } = rest;
  return kept;
};

async function testReceiver(app: FastifyInstance, body: z.output<typeof receiverTestBody>) {
  const before = body.id ? await findReceiver(app.db, body.id) : undefined;
  if (body.id && !before) throw notFound();
  const values = valuesOf(body, before);
  const row: ReceiverRow = {
    ...values,
    id: body.id ?? 0,
    createdAt: new Date(),
    updatedAt: new Date(),
  };
  const message = sampleMessage(row.lang === 'zh-CN' ? 'zh-CN' : 'en');
  const started = Date.now();
  const result = row.kind === 'mqtt' ? await testMqtt(row, message) : await sendWebhook(row, message);
  return { ...result, durationMs: Date.now() - started };
}

/** System settings › Data upload configuration (issue 16 §4). */
export const outboundRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['data upload'];
  const dispatcher = createDispatcher(app);
  dispatchers.set(app.db, dispatcher);
  app.addHook('preClose', async () => dispatcher.stop());

  app.planTasks.register({
    code: 'outboundRetention',
    defaultCron: '23 3 * * *',
    timeLimitMs: 10 * 60_000,
    run: async (signal) => {
      const before = new Date(app.appConfig.now().getTime() - app.appConfig.outbound.keepDays * 86_400_000);
      return { deleted: await pruneDelivered(app.db, before, signal) };
    },
  });

  app.streamFilters.add(async (user) => {
    const allowed = user.isAdmin || user.permissions.has('dataUpload');
    return () => ({ take: (event) => !allowed && event.type === OUTBOUND_EVENT, close: () => undefined });
  });

  const receiverChanged = () => {
    dispatcher.changed();
    dispatcher.wake();
  };

  app.post(path(OUTBOUND_API.receivers), {
    config: { access: page },
    schema: {
      tags,
      summary: 'Receivers (webhook, MQTT) with their delivery counts; secrets are never answered',
      body: receiverListQuery,
      response: { 200: envelopeOf(receiverList) },
    },
    handler: async (request) => ok(request, await listReceivers(app.db, request.body)),
  });

  app.post(path(OUTBOUND_API.addReceiver), {
    config: { access: button('add') },
    schema: {
      tags,
      summary: 'Adds a receiver',
      body: receiverBody,
      response: { 200: envelopeOf(receiverItem) },
    },
    handler: async (request) => {
      const body = request.body as z.output<typeof receiverBody>;
      const row = await insertReceiver(app.db, valuesOf(body));
      await auditChange(app, request, 'dataUpload.create', row.id, { after: auditView(row) });
      receiverChanged();
      return ok(request, toReceiverItem(row));
    },
  });

  app.put('/dataUpload/receiver/:id', {
    config: { access: button('edit') },
    schema: {
      tags,
      summary: 'Changes a receiver (a blank secret or password keeps the stored one)',
      params: idParams,
      body: receiverBody,
      response: { 200: envelopeOf(receiverItem) },
    },
    handler: async (request) => {
      const before = await findReceiver(app.db, request.params.id);
      if (!before) throw notFound();
      const body = request.body as z.output<typeof receiverBody>;
      const after = await updateReceiver(app.db, before.id, valuesOf(body, before), app.appConfig.now());
      if (!after) throw notFound();
      await auditChange(app, request, 'dataUpload.update', after.id, {
        before: auditView(before),
        after: auditView(after),
        secretChanged: Boolean(body.secret) || Boolean(body.password),
      });
      receiverChanged();
      return ok(request, toReceiverItem(after));
    },
  });

  app.delete('/dataUpload/receiver/:id', {
    config: { access: button('delete') },
    schema: {
      tags,
      summary: 'Deletes a receiver and its deliveries',
      params: idParams,
      response: { 200: envelopeOf(z.null()) },
    },
    handler: async (request) => {
      const row = await deleteReceiver(app.db, request.params.id);
      if (!row) throw notFound();
      await auditChange(app, request, 'dataUpload.delete', row.id, { before: auditView(row) });
      receiverChanged();
      return ok(request, null);
    },
  });

  app.post(path(OUTBOUND_API.test), {
    config: { access: button('test') },
    schema: {
      tags,
      summary:
        "Sends a sample message to the receiver as filled in (a blank secret uses the stored one); answers the receiver's answer",
      body: receiverTestBody,
      response: { 200: envelopeOf(receiverTestResult) },
    },
    handler: async (request) => {
      const body = request.body as z.output<typeof receiverTestBody>;
      const result = await testReceiver(app, body);
      await auditChange(app, request, 'dataUpload.test', body.id ?? body.name, {
        target: result.target,
        ok: result.ok,
        status: result.status,
      });
      return ok(request, result);
    },
  });

  app.post(path(OUTBOUND_API.deliveries), {
    config: { access: page },
    schema: {
      tags,
      summary: 'The delivery log (and, with state dead, the dead letter), newest first',
      body: deliveryListQuery,
      response: { 200: envelopeOf(deliveryList) },
    },
    handler: async (request) => ok(request, await listDeliveries(app.db, request.body)),
  });

  app.post(path(OUTBOUND_API.redeliver), {
    config: { access: button('redeliver') },
    schema: {
      tags,
      summary: 'Puts these dead deliveries back in the queue with fresh attempts',
      body: redeliverBody,
      response: { 200: envelopeOf(redeliverResult) },
    },
    handler: async (request) => {
      const n = await redeliver(app.db, app.appConfig.now(), { ids: request.body.ids });
      if (n === 0) throw badRequest('outbound.notDead');
      await auditChange(app, request, 'dataUpload.redeliver', request.body.ids.join(','), { count: n });
      receiverChanged();
      return ok(request, { count: n });
    },
  });

  app.post(path(OUTBOUND_API.redeliverAll), {
    config: { access: button('redeliver') },
    schema: {
      tags,
      summary: 'Puts every dead delivery (of one receiver) back in the queue',
      body: redeliverAllBody,
      response: { 200: envelopeOf(redeliverResult) },
    },
    handler: async (request) => {
      const receiverId = request.body.receiverId;
      const n = await redeliver(app.db, app.appConfig.now(), receiverId ? { receiverId } : {});
      await auditChange(app, request, 'dataUpload.redeliverAll', receiverId ?? 'all', { count: n });
      receiverChanged();
      return ok(request, { count: n });
    },
  });
};

export type { ReceiverBody };
