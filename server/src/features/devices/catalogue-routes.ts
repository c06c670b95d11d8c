import {
  cameraTypeBody,
  cameraTypeListQuery,
  cameraTypeRow,
  DICTIONARY_TYPES,
  platformBody,
  platformListQuery,
  platformRow,
} from '@sentinel/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { catalogueRoutes } from '../../platform/catalogue-routes.ts';
import { envelopeOf, ok } from '../../platform/envelope.ts';
import { assertDictionaryValue } from '../dictionary/index.ts';
import {
  camerasPerPlatform,
  camerasPerType,
  cameraTypeOptions,
  cameraTypeRepo,
  platformOptions,
  platformRepo,
} from './catalogue-repo.ts';

/** Camera types (/deviceManagement/cameraType): a brand + model + type combination is unique. */
const cameraTypes = catalogueRoutes({
  resource: 'cameraType',
  tags: ['camera types'],
  write: { permission: 'cameraType' },
  repo: cameraTypeRepo,
  listQuery: cameraTypeListQuery,
  body: cameraTypeBody,
  item: cameraTypeRow,
  summary: {
    list: 'Camera types: keyword (brand, model or type)',
    noun: 'a camera type',
    remove: 'Delete a camera type (refused while cameras use it)',
  },
  refusals: { duplicate: 'cameraType.duplicate' },
  // The kinds are the dictionary's enabled items of cameraTypeKind (System settings › Dictionary).
  check: (db, body) => assertDictionaryValue(db, DICTIONARY_TYPES.cameraTypeKind, body.type, 'type'),
  toItems: async (db, rows) => {
    const cameras = await camerasPerType(
      db,
      rows.map((r) => r.id),
    );
    return rows.map((r) => ({
      id: r.id,
      brand: r.brand,
      model: r.model,
      type: r.type,
      cameraCount: cameras.get(r.id) ?? 0,
      createdAt: r.createdAt.toISOString(),
    }));
  },
  auditDetail: (row) => ({ brand: row.brand, model: row.model, type: row.type }),
});

/** Camera platforms (/deviceManagement/cameraPlatform): deleting one keeps its cameras, without it. */
const platforms = catalogueRoutes({
  resource: 'cameraPlatform',
  tags: ['camera platforms'],
  write: { permission: 'cameraPlatform' },
  repo: platformRepo,
  listQuery: platformListQuery,
  body: platformBody,
  item: platformRow,
  summary: {
    list: 'Camera platforms: keyword (name or IP)',
    noun: 'a camera platform',
    remove: 'Delete a camera platform (its cameras are kept, without a platform)',
  },
  toItems: async (db, rows) => {
    const cameras = await camerasPerPlatform(
      db,
      rows.map((r) => r.id),
    );
    return rows.map((r) => ({
      id: r.id,
      name: r.name,
      kind: r.kind,
      ip: r.ip,
      port: r.port,
      username: r.username,
      description: r.description,
      cameraCount: cameras.get(r.id) ?? 0,
      createdAt: r.createdAt.toISOString(),
    }));
  },
  auditDetail: (row) => ({ name: row.name }),
});

/** The two camera catalogues, with their picker lists. */
export const cameraCatalogueRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(cameraTypes);
  await app.register(platforms);

  app.get('/cameraType/all', {
    config: { access: 'user' },
    schema: {
      tags: ['camera types'],
      summary: 'Every camera type (for pickers), by brand, model, type',
      response: { 200: envelopeOf(z.array(cameraTypeRow.omit({ cameraCount: true, createdAt: true }))) },
    },
    handler: async (request) => ok(request, await cameraTypeOptions(app.db)),
  });

  app.get('/cameraPlatform/all', {
    config: { access: 'user' },
    schema: {
      tags: ['camera platforms'],
      summary: 'Every camera platform (for pickers)',
      response: {
        200: envelopeOf(z.array(z.object({ id: z.number(), name: z.string(), kind: z.string() }))),
      },
    },
    handler: async (request) => ok(request, await platformOptions(app.db)),
  });
};
