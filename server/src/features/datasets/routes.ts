import { datasetBody, datasetListQuery, datasetRow, type MessageCode } from '@sentinel/contract';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dataset } from '../../db/schema/index.ts';
import { catalogueRoutes } from '../../platform/catalogue-routes.ts';
import { badRequest } from '../../platform/errors.ts';
import { registerMediaOwner } from '../../platform/media-registry.ts';
import { DATASET_MEDIA } from './images.ts';
import { itemRoutes } from './item-routes.ts';
import { algorithmExists, datasetRepo, referencedImages } from './repo.ts';
import { toDatasetRows } from './rows.ts';
import { transferRoutes } from './transfer-routes.ts';
import { versionRoutes } from './version-routes.ts';

/** Datasets (/AIOpenPlatform/trainingDataset): a name is unique; one with frozen versions stays. */
const datasets = catalogueRoutes({
  resource: 'dataset',
  tags: ['training datasets'],
  write: { permission: 'trainingDataset:edit' },
  repo: datasetRepo,
  listQuery: datasetListQuery,
  body: datasetBody,
  item: datasetRow,
  summary: {
    list: 'Training datasets: keyword (name or description), algorithm instance',
    noun: 'a training dataset',
    remove: 'Delete a training dataset (refused once it has frozen versions)',
  },
  filter: (query) => (query.algorithmId ? eq(dataset.algorithmId, query.algorithmId) : undefined),
  check: async (db, body) => {
    if (body.algorithmId !== null && !(await algorithmExists(db, body.algorithmId))) {
      throw badRequest('field.invalid', [{ field: 'algorithmId', message: 'field.invalid' }]);
    }
  },
  refusals: { duplicate: 'dataset.duplicate', inUse: 'dataset.hasVersions' as MessageCode },
  toItems: toDatasetRows,
  auditDetail: (row) => ({ name: row.name, algorithmId: row.algorithmId, classes: row.classes }),
});

/** HTTP routes of training datasets, mounted under /api/v2/backend. */
export const datasetRoutes: FastifyPluginAsyncZod = async (app) => {
  registerMediaOwner(app, {
    subdir: DATASET_MEDIA,
    canRead: async (user) => user.isAdmin || user.permissions.has('trainingDataset'),
    referenced: (paths) => referencedImages(app.db, paths),
  });
  await app.register(datasets);
  await app.register(itemRoutes);
  await app.register(transferRoutes);
  await app.register(versionRoutes);
};
