import {
  DICTIONARY_CHANGED,
  dictionaryCodeParams,
  dictionaryItem,
  dictionaryItemBody,
  dictionaryOption,
  dictionaryOrderBody,
  dictionaryType,
  dictionaryTypeBody,
  idParams,
  translate,
} from '@sentinel/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditChange } from '../../platform/audit.ts';
import { guardWrite } from '../../platform/db-errors.ts';
import { envelopeOf, ok } from '../../platform/envelope.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import * as repo from './repo.ts';

const access = { permission: 'dictionary' } as const;
const tags = ['dictionary'];
const typeRefusals = { duplicate: 'dictionary.duplicateType', inUse: 'dictionary.typeNotEmpty' } as const;
const itemRefusals = { duplicate: 'dictionary.duplicateItem' } as const;

/** Tells every instance's web clients (the event stream) that a list changed: selects reload. */
async function changed(app: FastifyInstance, typeCode: string): Promise<void> {
  await app.bus.publish({ type: DICTIONARY_CHANGED, data: { type: typeCode } });
}

/** 409 naming how many records hold the item (the message carries the number, `data.count` too). */
function refuseInUse(request: FastifyRequest, reply: FastifyReply, count: number) {
  const message = translate('dictionary.itemInUse', request.lang).replace('{count}', String(count));
  return reply.code(409).send({ status: -409, message, data: { count } });
}

/** System settings › Dictionary (issue 15 §5): types and items; selects read `options/:code`. */
export const dictionaryRoutes: FastifyPluginAsyncZod = async (app) => {
  const typeOf = async (id: number) => {
    const type = await repo.findType(app.db, id);
    if (!type) throw notFound();
    return type;
  };
  const typeItem = async (id: number) => (await repo.listTypes(app.db)).find((t) => t.id === id);

  app.get('/dictionary/types', {
    config: { access },
    schema: {
      tags,
      summary: 'Dictionary types with their item counts',
      response: { 200: envelopeOf(z.array(dictionaryType)) },
    },
    handler: async (request) => ok(request, await repo.listTypes(app.db)),
  });

  app.post('/dictionary/type', {
    config: { access },
    schema: {
      tags,
      summary: 'Add a dictionary type',
      body: dictionaryTypeBody,
      response: { 200: envelopeOf(dictionaryType) },
    },
    handler: async (request) => {
      const row = await guardWrite(
        () => repo.insertType(app.db, { ...request.body, system: false }),
        typeRefusals,
      );
      await auditChange(app, request, 'dictionaryType.create', row.id, { ...request.body });
      await changed(app, row.code);
      return ok(request, { ...row, itemCount: 0 }, 'common.saved');
    },
  });

  app.put('/dictionary/type/:id', {
    config: { access },
    schema: {
      tags,
      summary: 'Edit a dictionary type (a system type keeps its code)',
      params: idParams,
      body: dictionaryTypeBody,
      response: { 200: envelopeOf(dictionaryType) },
    },
    handler: async (request) => {
      const before = await typeOf(request.params.id);
      if (before.system && request.body.code !== before.code) throw conflict('dictionary.codeFixed');
      if (
        !before.system &&
        request.body.code !== before.code &&
        (await repo.countItems(app.db, before.id)) > 0
      ) {
        throw conflict('dictionary.codeFixed');
      }
      await guardWrite(
        () => repo.updateType(app.db, before.id, { ...request.body, updatedAt: app.appConfig.now() }),
        typeRefusals,
      );
      await auditChange(app, request, 'dictionaryType.update', before.id, {
        before: before.code,
        ...request.body,
      });
      await changed(app, request.body.code);
      const item = await typeItem(before.id);
      if (!item) throw notFound();
      return ok(request, item, 'common.saved');
    },
  });

  app.delete('/dictionary/type/:id', {
    config: { access },
    schema: {
      tags,
      summary: 'Delete a dictionary type without items',
      params: idParams,
      response: { 200: envelopeOf(z.null()) },
    },
    handler: async (request) => {
      const type = await typeOf(request.params.id);
      if (type.system) throw conflict('dictionary.systemType');
      if ((await repo.countItems(app.db, type.id)) > 0) throw conflict('dictionary.typeNotEmpty');
      await guardWrite(() => repo.deleteType(app.db, type.id), typeRefusals);
      await auditChange(app, request, 'dictionaryType.delete', type.id, { code: type.code });
      await changed(app, type.code);
      return ok(request, null, 'common.deleted');
    },
  });

  app.get('/dictionary/type/:id/items', {
    config: { access },
    schema: {
      tags,
      summary: "A type's items in order, with how many records use each",
      params: idParams,
      response: { 200: envelopeOf(z.array(dictionaryItem)) },
    },
    handler: async (request) => ok(request, await repo.listItems(app.db, await typeOf(request.params.id))),
  });

  const itemAnswer = async (row: Awaited<ReturnType<typeof repo.insertItem>>, typeCode: string) => {
    const usage = await repo.usageOf(app.db, typeCode, [row.value]);
    return repo.toItem(row, usage.get(row.value) ?? 0);
  };

  app.post('/dictionary/item', {
    config: { access },
    schema: {
      tags,
      summary: 'Add a dictionary item',
      body: dictionaryItemBody,
      response: { 200: envelopeOf(dictionaryItem) },
    },
    handler: async (request) => {
      const type = await typeOf(request.body.typeId);
      const sort = request.body.sort ?? (await repo.nextSort(app.db, type.id));
      const row = await guardWrite(() => repo.insertItem(app.db, { ...request.body, sort }), itemRefusals);
      await auditChange(app, request, 'dictionaryItem.create', row.id, {
        type: type.code,
        ...request.body,
        sort,
      });
      await changed(app, type.code);
      return ok(request, await itemAnswer(row, type.code), 'common.saved');
    },
  });

  app.put('/dictionary/item/:id', {
    config: { access },
    schema: {
      tags,
      summary: 'Edit a dictionary item (an item in use keeps its value; disabling is allowed)',
      params: idParams,
      body: dictionaryItemBody,
      response: { 200: envelopeOf(dictionaryItem) },
    },
    handler: async (request, reply) => {
      const before = await repo.findItem(app.db, request.params.id);
      if (!before) throw notFound();
      const type = await typeOf(before.typeId);
      if (request.body.typeId !== before.typeId) throw conflict('dictionary.codeFixed');
      if (request.body.value !== before.value) {
        const used = (await repo.usageOf(app.db, type.code, [before.value])).get(before.value) ?? 0;
        if (used > 0) return refuseInUse(request, reply, used);
      }
      const row = await guardWrite(
        () =>
          repo.updateItem(app.db, before.id, {
            ...request.body,
            sort: request.body.sort ?? before.sort,
            updatedAt: app.appConfig.now(),
          }),
        itemRefusals,
      );
      if (!row) throw notFound();
      await auditChange(app, request, 'dictionaryItem.update', row.id, {
        type: type.code,
        before: {
          value: before.value,
          labelEn: before.labelEn,
          labelZh: before.labelZh,
          enabled: before.enabled,
        },
        after: { value: row.value, labelEn: row.labelEn, labelZh: row.labelZh, enabled: row.enabled },
      });
      await changed(app, type.code);
      return ok(request, await itemAnswer(row, type.code), 'common.saved');
    },
  });

  app.delete('/dictionary/item/:id', {
    config: { access },
    schema: {
      tags,
      summary: 'Delete a dictionary item no record uses (409 with the count otherwise)',
      params: idParams,
      response: { 200: envelopeOf(z.null()) },
    },
    handler: async (request, reply) => {
      const item = await repo.findItem(app.db, request.params.id);
      if (!item) throw notFound();
      const type = await typeOf(item.typeId);
      const used = (await repo.usageOf(app.db, type.code, [item.value])).get(item.value) ?? 0;
      if (used > 0) return refuseInUse(request, reply, used);
      await repo.deleteItem(app.db, item.id);
      await auditChange(app, request, 'dictionaryItem.delete', item.id, {
        type: type.code,
        value: item.value,
      });
      await changed(app, type.code);
      return ok(request, null, 'common.deleted');
    },
  });

  app.put('/dictionary/type/:id/order', {
    config: { access },
    schema: {
      tags,
      summary: "Put a type's items in this order",
      params: idParams,
      body: dictionaryOrderBody,
      response: { 200: envelopeOf(z.array(dictionaryItem)) },
    },
    handler: async (request) => {
      const type = await typeOf(request.params.id);
      await repo.reorderItems(app.db, type.id, request.body.ids, app.appConfig.now());
      await auditChange(app, request, 'dictionaryItem.reorder', type.id, {
        type: type.code,
        ids: request.body.ids,
      });
      await changed(app, type.code);
      return ok(request, await repo.listItems(app.db, type), 'common.saved');
    },
  });

  app.get('/dictionary/options/:code', {
    config: { access: 'user' },
    schema: {
      tags,
      summary: 'The enabled items of a type, in order (what selects offer)',
      params: dictionaryCodeParams,
      response: { 200: envelopeOf(z.array(dictionaryOption)) },
    },
    handler: async (request) => ok(request, await repo.enabledOptions(app.db, request.params.code)),
  });
};
