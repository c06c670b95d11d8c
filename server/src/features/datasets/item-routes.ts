import {
  type DatasetItem,
  type DatasetSource,
  datasetItem,
  datasetItemList,
  datasetItemQuery,
  datasetLabelsBody,
  datasetRow,
} from '@sentinel/contract';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditChange } from '../../platform/audit.ts';
import { envelopeOf, ok } from '../../platform/envelope.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { MAX_IMAGE_BYTES, mediaUrl, readImageUpload } from '../../platform/media.ts';
import {
  type DatasetItemRecord,
  findDataset,
  findItem,
  listItems,
  markRemoved,
  setItemLabels,
  touchDataset,
} from './repo.ts';
import { toDatasetRows } from './rows.ts';
import { addImage } from './service.ts';

const idParams = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });
const itemParams = idParams.extend({ itemId: z.coerce.number().int().min(1).max(2_147_483_647) });
export const VIEW = { access: { permission: 'trainingDataset' } } as const;
export const EDIT = { access: { permission: 'trainingDataset:edit' } } as const;
const TAGS = ['training datasets'];

/** The dataset or 404 'dataset.notFound'. */
export async function requireDataset(app: FastifyInstance, id: number) {
  const row = await findDataset(app.db, id);
  if (!row) throw notFound('dataset.notFound');
  return row;
}

export function toItem(row: DatasetItemRecord): DatasetItem {
  return {
    id: row.id,
    url: mediaUrl(row.image),
    width: row.width,
    height: row.height,
    labels: row.labels,
    source: row.source as DatasetSource,
    falseAlarmRecordId: row.falseAlarmRecordId,
    createdAt: row.createdAt.toISOString(),
  };
}

/** A dataset's working set: list, add one image, edit an image's labels, take an image out. */
export const itemRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/dataset/:id', {
    config: VIEW,
    schema: {
      tags: TAGS,
      summary: 'One training dataset with its counts',
      params: idParams,
      response: { 200: envelopeOf(datasetRow) },
    },
    handler: async (request) => {
      const [row] = await toDatasetRows(app.db, [await requireDataset(app, request.params.id)]);
      if (!row) throw notFound('dataset.notFound');
      return ok(request, row);
    },
  });

  app.post('/dataset/:id/items/list', {
    config: VIEW,
    schema: {
      tags: TAGS,
      summary: "A page of a dataset's working set: by class, negatives only, source",
      params: idParams,
      body: datasetItemQuery,
      response: { 200: envelopeOf(datasetItemList) },
    },
    handler: async (request) => {
      await requireDataset(app, request.params.id);
      const { rows, count } = await listItems(app.db, request.params.id, request.body);
      return ok(request, { list: rows.map(toItem), count });
    },
  });

  app.post('/dataset/:id/image', {
    config: EDIT,
    schema: {
      tags: TAGS,
      summary:
        'Add one JPEG or PNG image (multipart field `file`, at most 500 KB, checked by content) to the working set',
      consumes: ['multipart/form-data'],
      params: idParams,
      response: { 200: envelopeOf(datasetItem) },
    },
    handler: async (request) => {
      const target = await requireDataset(app, request.params.id);
      // SPEC §5: an uploaded image is at most 500 KB (zip entries: DATASET_IMAGE_MAX_BYTES).
      const buffer = await readImageUpload(request);
      if (buffer.length > MAX_IMAGE_BYTES) throw new AppError(413, 'image.size');
      const row = await addImage(app, target, buffer);
      await auditChange(app, request, 'dataset.image.add', target.id, { itemId: row.id, sha256: row.sha256 });
      return ok(request, toItem(row), 'common.saved');
    },
  });

  app.put('/dataset/:id/items/:itemId', {
    config: EDIT,
    schema: {
      tags: TAGS,
      summary: "Replace an image's labels in the working set (frozen versions keep theirs)",
      params: itemParams,
      body: datasetLabelsBody,
      response: { 200: envelopeOf(datasetItem) },
    },
    handler: async (request) => {
      const target = await requireDataset(app, request.params.id);
      const item = await findItem(app.db, target.id, request.params.itemId);
      if (!item) throw notFound();
      const now = app.appConfig.now();
      const row = await setItemLabels(app.db, item.id, request.body.labels, now);
      if (!row) throw notFound();
      await touchDataset(
        app.db,
        target.id,
        now,
        request.body.labels.map((l) => l.cls),
      );
      await auditChange(app, request, 'dataset.labels', target.id, {
        itemId: item.id,
        before: item.labels,
        after: row.labels,
      });
      return ok(request, toItem(row), 'common.saved');
    },
  });

  app.delete('/dataset/:id/items/:itemId', {
    config: EDIT,
    schema: {
      tags: TAGS,
      summary: 'Take an image out of the working set (frozen versions keep it)',
      params: itemParams,
      response: { 200: envelopeOf(z.null()) },
    },
    handler: async (request) => {
      const target = await requireDataset(app, request.params.id);
      const item = await findItem(app.db, target.id, request.params.itemId);
      if (!item) throw notFound();
      const now = app.appConfig.now();
      await markRemoved(app.db, item.id, now);
      await touchDataset(app.db, target.id, now);
      await auditChange(app, request, 'dataset.image.remove', target.id, { itemId: item.id });
      return ok(request, null, 'common.deleted');
    },
  });
};
