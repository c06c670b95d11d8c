import {
  AI_MODEL_API,
  idParams,
  modelBody,
  modelItem,
  modelListQuery,
  modelListResult,
} from '@sentinel/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditChange } from '../../platform/audit.ts';
import { requireUser } from '../../platform/auth.ts';
import { guardWrite } from '../../platform/db-errors.ts';
import { envelopeOf, ok } from '../../platform/envelope.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { removeMedia } from '../../platform/media.ts';
import { toModelItems } from './items.ts';
import { findModel, insertModel, modelFilter, modelInUse, modelRepo } from './repo.ts';
import { receiveModelUpload } from './upload.ts';

const PREFIX = '/api/v2/backend';
const under = (path: string) => path.slice(PREFIX.length);
const VIEW = { access: { permission: 'AlgorithmModelBase' } } as const;
const tags = ['ai models'];
const oneModel = under(AI_MODEL_API.one(0)).replace(/0$/, ':id');

/** The model base (/AIOpenPlatform/AlgorithmModelBase): list, detail, upload, edit, delete. */
export const modelRoutes: FastifyPluginAsyncZod = async (app) => {
  const itemOf = async (row: Parameters<typeof toModelItems>[1][number]) => {
    const [item] = await toModelItems(app.db, [row]);
    if (!item) throw notFound();
    return item;
  };

  app.post(under(AI_MODEL_API.list), {
    config: VIEW,
    schema: {
      tags,
      summary: 'Base models (keyword on name, description, version; task; format), builtin first',
      body: modelListQuery,
      response: { 200: envelopeOf(modelListResult) },
    },
    handler: async (request) => {
      const { rows, count } = await modelRepo.page(app.db, request.body, modelFilter(request.body));
      return ok(request, { list: await toModelItems(app.db, rows), count });
    },
  });

  app.get(oneModel, {
    config: VIEW,
    schema: { tags, summary: 'One base model', params: idParams, response: { 200: envelopeOf(modelItem) } },
    handler: async (request) => {
      const row = await findModel(app.db, request.params.id);
      if (!row) throw notFound();
      return ok(request, await itemOf(row));
    },
  });

  app.post(under(AI_MODEL_API.upload), {
    config: { access: { permission: 'AlgorithmModelBase:add' } },
    schema: {
      tags,
      summary:
        'Upload a model package (multipart: fields name, task, classes, inputWidth, inputHeight, version, description, format, then the file `file`), checked by content, at most MODEL_MAX_MB',
      consumes: ['multipart/form-data'],
      response: { 200: envelopeOf(modelItem) },
    },
    handler: async (request) => {
      const user = requireUser(request);
      const received = await receiveModelUpload(app, request);
      try {
        const row = await guardWrite(
          () =>
            insertModel(app.db, {
              ...received.fields,
              format: received.format,
              file: received.file,
              sha256: received.sha256,
              sizeBytes: received.sizeBytes,
              builtin: false,
              createdById: user.accountId,
            }),
          { duplicate: 'aiModel.duplicate' },
        );
        await auditChange(app, request, 'aiModel.create', row.id, {
          name: row.name,
          version: row.version,
          format: row.format,
          sha256: row.sha256,
          sizeBytes: row.sizeBytes,
        });
        return ok(request, await itemOf(row), 'common.saved');
      } catch (error) {
        await removeMedia(app, received.file);
        throw error;
      }
    },
  });

  app.put(oneModel, {
    config: { access: { permission: 'AlgorithmModelBase:edit' } },
    schema: {
      tags,
      summary: 'Edit a base model’s description fields (the file, format and sha256 stay)',
      params: idParams,
      body: modelBody,
      response: { 200: envelopeOf(modelItem) },
    },
    handler: async (request) => {
      const row = await guardWrite(
        () =>
          modelRepo.update(app.db, request.params.id, { ...request.body, updatedAt: app.appConfig.now() }),
        { duplicate: 'aiModel.duplicate' },
      );
      if (!row) throw notFound();
      await auditChange(app, request, 'aiModel.update', row.id, {
        name: row.name,
        version: row.version,
        classes: row.classes,
      });
      return ok(request, await itemOf(row), 'common.saved');
    },
  });

  app.delete(oneModel, {
    config: { access: { permission: 'AlgorithmModelBase:delete' } },
    schema: {
      tags,
      summary: 'Delete a base model (409 with the model while instances or versions use it)',
      params: idParams,
      response: { 200: envelopeOf(z.null()) },
    },
    handler: async (request) => {
      const row = await findModel(app.db, request.params.id);
      if (!row) throw notFound();
      if (await modelInUse(app.db, row.id)) throw new AppError(409, 'aiModel.inUse', await itemOf(row));
      const removed = await guardWrite(() => modelRepo.remove(app.db, row.id), { inUse: 'aiModel.inUse' });
      if (!removed) throw notFound();
      await removeMedia(app, removed.file);
      await auditChange(app, request, 'aiModel.delete', removed.id, {
        name: removed.name,
        version: removed.version,
      });
      return ok(request, null, 'common.deleted');
    },
  });
};
