import {
  AI_MODEL_API,
  confirmResult,
  draftCreateBody,
  draftItem,
  draftUpdateBody,
  idParams,
  SAMPLE_DIR,
  sampleImageResult,
} from '@sentinel/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditChange } from '../../platform/audit.ts';
import { requireUser } from '../../platform/auth.ts';
import { envelopeOf, ok } from '../../platform/envelope.ts';
import { notFound } from '../../platform/errors.ts';
import { readImageUpload, storeImage } from '../../platform/media.ts';
import { toDraftItem } from './items.ts';
import { findAlgorithm, listDrafts } from './repo.ts';
import { confirmDraft, createDraft, discardDraft, draftItemOf, saveStep } from './wizard-service.ts';

const PREFIX = '/api/v2/backend';
const under = (path: string) => path.slice(PREFIX.length);
const VIEW = { access: { permission: 'AlgorithmModelBase' } } as const;
const WRITE = { access: { permission: 'AlgorithmModelBase:instance' } } as const;
const tags = ['ai models'];
const oneDraft = under(AI_MODEL_API.draft(0)).replace(/0$/, ':id');

/**
 * The instance wizard (createinstance1–4): the sample image, the draft saved at each step, the
 * confirmation (version 1, live) and the discard. The wizard's URL carries the draft's id.
 */
export const wizardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(under(AI_MODEL_API.sample), {
    config: WRITE,
    schema: {
      tags,
      summary: 'Upload the wizard’s sample image (multipart `file`: JPG or PNG, at most 500 KB, by content)',
      consumes: ['multipart/form-data'],
      response: { 200: envelopeOf(sampleImageResult) },
    },
    handler: async (request) => {
      const buffer = await readImageUpload(request);
      const stored = await storeImage(app, { buffer, subdir: SAMPLE_DIR });
      return ok(request, { ...stored, token: stored.path.slice(SAMPLE_DIR.length + 1) });
    },
  });

  app.get(under(AI_MODEL_API.drafts), {
    config: VIEW,
    schema: {
      tags,
      summary: 'Unfinished instance drafts, newest first (at most 200)',
      response: { 200: envelopeOf(z.array(draftItem)) },
    },
    handler: async (request) => {
      const rows = await listDrafts(app.db);
      return ok(
        request,
        rows.map(({ row, modelName }) => ({ ...toDraftItem(row, undefined), modelName: modelName ?? '' })),
      );
    },
  });

  app.get(oneDraft, {
    config: VIEW,
    schema: {
      tags,
      summary: 'A draft (or, once confirmed, the instance) with its wizard values',
      params: idParams,
      response: { 200: envelopeOf(draftItem) },
    },
    handler: async (request) => {
      const row = await findAlgorithm(app.db, request.params.id);
      if (!row || row.modelId === null) throw notFound();
      return ok(request, await draftItemOf(app, row));
    },
  });

  app.post(under(AI_MODEL_API.draftCreate), {
    config: WRITE,
    schema: {
      tags,
      summary: 'Step 1: create the draft (model, name, code, sample image, zones, classes)',
      body: draftCreateBody,
      response: { 200: envelopeOf(draftItem) },
    },
    handler: async (request) => {
      const row = await createDraft(app, request.body);
      await auditChange(app, request, 'aiInstance.draft', row.id, {
        name: row.name,
        code: row.code,
        step: 1,
      });
      return ok(request, await draftItemOf(app, row), 'common.saved');
    },
  });

  app.put(oneDraft, {
    config: WRITE,
    schema: {
      tags,
      summary: 'Save a wizard step of a draft (1: model and zones, 2: thresholds and level, 3: schedule)',
      params: idParams,
      body: draftUpdateBody,
      response: { 200: envelopeOf(draftItem) },
    },
    handler: async (request) => {
      const row = await saveStep(app, request.params.id, request.body);
      await auditChange(app, request, 'aiInstance.draft', row.id, {
        name: row.name,
        step: request.body.step,
      });
      return ok(request, await draftItemOf(app, row), 'common.saved');
    },
  });

  app.post(under(AI_MODEL_API.draftConfirm(0)).replace('/0/', '/:id/'), {
    config: WRITE,
    schema: {
      tags,
      summary: 'Step 4: confirm the draft: it becomes an instance with version 1, live',
      params: idParams,
      response: { 200: envelopeOf(confirmResult) },
    },
    handler: async (request) => {
      const user = requireUser(request);
      const { row, version } = await confirmDraft(app, request.params.id, {
        id: user.accountId,
        name: user.accountName,
      });
      await auditChange(app, request, 'aiInstance.confirm', row.id, {
        name: row.name,
        code: row.code,
        version: version.number,
      });
      return ok(
        request,
        { algorithmId: row.id, versionId: version.id, versionNumber: version.number },
        'common.saved',
      );
    },
  });

  app.delete(oneDraft, {
    config: WRITE,
    schema: {
      tags,
      summary: 'Discard a draft and its sample image (409 with the record for an instance)',
      params: idParams,
      response: { 200: envelopeOf(z.null()) },
    },
    handler: async (request) => {
      const row = await discardDraft(app, request.params.id);
      await auditChange(app, request, 'aiInstance.discard', row.id, { name: row.name, code: row.code });
      return ok(request, null, 'common.deleted');
    },
  });
};
