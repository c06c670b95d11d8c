import {
  datasetVersion,
  falseAlarmImportBody,
  falseAlarmImportPreview,
  falseAlarmImportResult,
  freezeBody,
} from '@sentinel/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditChange } from '../../platform/audit.ts';
import { envelopeOf, ok } from '../../platform/envelope.ts';
import { EDIT, requireDataset, VIEW } from './item-routes.ts';
import { freezeVersion, importFalseAlarms, listVersions, previewFalseAlarmImport } from './service.ts';

const idParams = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });
const TAGS = ['training datasets'];

/** Frozen versions (freeze, list with differences) and the import of reviewed false-alarm records. */
export const versionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/dataset/:id/versions', {
    config: VIEW,
    schema: {
      tags: TAGS,
      summary: "A dataset's frozen versions, newest first, each with its difference to the one before",
      params: idParams,
      response: { 200: envelopeOf(z.array(datasetVersion)) },
    },
    handler: async (request) => {
      const target = await requireDataset(app, request.params.id);
      return ok(request, await listVersions(app.db, target.id));
    },
  });

  app.post('/dataset/:id/versions', {
    config: EDIT,
    schema: {
      tags: TAGS,
      summary: 'Freeze the working set as the next version (409 when it is empty); versions never change',
      params: idParams,
      body: freezeBody,
      response: { 200: envelopeOf(datasetVersion) },
    },
    handler: async (request) => {
      const target = await requireDataset(app, request.params.id);
      const user = request.user;
      const version = await freezeVersion(app.db, {
        datasetId: target.id,
        note: request.body.note,
        createdById: user?.accountId ?? null,
        createdBy: user?.accountName ?? '',
        now: app.appConfig.now(),
      });
      await auditChange(app, request, 'dataset.freeze', target.id, {
        versionId: version.id,
        number: version.number,
        itemCount: version.itemCount,
      });
      const listed = (await listVersions(app.db, target.id)).find((v) => v.id === version.id);
      if (!listed) throw new Error('frozen version not listed');
      return ok(request, listed, 'dataset.frozenVersion');
    },
  });

  app.get('/dataset/:id/falseAlarms', {
    config: VIEW,
    schema: {
      tags: TAGS,
      summary: "How many reviewed false-alarm records of the dataset's instance an import would bring",
      params: idParams,
      response: { 200: envelopeOf(falseAlarmImportPreview) },
    },
    handler: async (request) => {
      const target = await requireDataset(app, request.params.id);
      return ok(request, await previewFalseAlarmImport(app.db, target));
    },
  });

  app.post('/dataset/:id/falseAlarms', {
    config: EDIT,
    schema: {
      tags: TAGS,
      summary:
        'Import accepted (as negatives) and relabelled false-alarm records of the same instance, each once',
      params: idParams,
      body: falseAlarmImportBody,
      response: { 200: envelopeOf(falseAlarmImportResult) },
    },
    handler: async (request) => {
      const target = await requireDataset(app, request.params.id);
      const result = await importFalseAlarms(app, target, request.body.recordIds);
      await auditChange(app, request, 'dataset.falseAlarms', target.id, result);
      return ok(request, result, 'dataset.imported');
    },
  });
};
