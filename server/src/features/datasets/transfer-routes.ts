import {
  datasetExportQuery,
  datasetImportReport,
  importProgress,
  importProgressQuery,
} from '@sentinel/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditChange } from '../../platform/audit.ts';
import { envelopeOf, ok } from '../../platform/envelope.ts';
import { notFound } from '../../platform/errors.ts';
import { finishProgress, readProgress, startProgress } from './import-progress.ts';
import { EDIT, requireDataset, VIEW } from './item-routes.ts';
import { workingItems } from './repo.ts';
import { versionByNumber, versionImages } from './versions-repo.ts';
import { exportZip } from './zip-export.ts';
import { importZipUpload } from './zip-import.ts';

const idParams = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });
const TAGS = ['training datasets'];

/** Zip import (YOLO or COCO, detected) and export (a version or the working set). */
export const transferRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post('/dataset/:id/import', {
    config: EDIT,
    schema: {
      tags: TAGS,
      summary:
        'Import a zip (multipart field `file`) of images with YOLO or COCO labels: size-capped (413), zip bombs and unsafe paths refused (400), duplicates skipped',
      consumes: ['multipart/form-data'],
      params: idParams,
      querystring: importProgressQuery,
      response: { 200: envelopeOf(datasetImportReport) },
    },
    handler: async (request) => {
      const target = await requireDataset(app, request.params.id);
      const key = request.query.progress;
      const progress =
        key && request.user ? startProgress(key, request.user.accountId, target.id) : undefined;
      let report: Awaited<ReturnType<typeof importZipUpload>>;
      try {
        report = await importZipUpload(app, request, target, (done, total) => {
          if (progress) Object.assign(progress, { done, total });
        });
      } finally {
        if (key) finishProgress(key, progress);
      }
      await auditChange(app, request, 'dataset.import', target.id, {
        format: report.format,
        added: report.added,
        duplicates: report.duplicates,
        refused: report.refused.length,
      });
      return ok(request, report, 'dataset.imported');
    },
  });

  app.get('/dataset/:id/import/progress', {
    config: EDIT,
    schema: {
      tags: TAGS,
      summary: "The caller's running zip import's progress (images checked of all), by the key it gave",
      params: idParams,
      querystring: importProgressQuery,
      response: { 200: envelopeOf(importProgress) },
    },
    handler: async (request) => {
      const key = request.query.progress;
      const progress =
        key && request.user ? readProgress(key, request.user.accountId, request.params.id) : undefined;
      if (!progress) throw notFound();
      return ok(request, { done: progress.done, total: progress.total, finished: progress.finished });
    },
  });

  app.get('/dataset/:id/export', {
    // A download link: the `user_token` cookie counts as the token (as for media).
    config: { ...VIEW, tokenInCookie: true },
    schema: {
      tags: TAGS,
      summary: 'Download a frozen version (or the working set) as a YOLO or COCO zip, streamed',
      params: idParams,
      querystring: datasetExportQuery,
      produces: ['application/zip'],
    },
    handler: async (request, reply) => {
      const target = await requireDataset(app, request.params.id);
      const { format, version } = request.query;
      let images: Awaited<ReturnType<typeof versionImages>>;
      if (version !== undefined) {
        const frozen = await versionByNumber(app.db, target.id, version);
        if (!frozen) throw notFound('dataset.versionNotFound');
        images = await versionImages(app.db, frozen.id);
      } else {
        images = (await workingItems(app.db, target.id)).map((i) => ({
          itemId: i.id,
          image: i.image,
          sha256: i.sha256,
          width: i.width,
          height: i.height,
          labels: i.labels,
        }));
      }
      const name = `dataset-${target.id}-${version === undefined ? 'working' : `v${version}`}-${format}.zip`;
      return reply
        .type('application/zip')
        .header('content-disposition', `attachment; filename="${name}"`)
        .send(exportZip(app, images, target.classes, format));
    },
  });
};
