import { idParams, jobTypeBody, jobTypeItem, jobTypeListQuery, jobTypeUpdateBody } from '@sentinel/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditChange } from '../../platform/audit.ts';
import { guardWrite } from '../../platform/db-errors.ts';
import { envelopeOf, ok } from '../../platform/envelope.ts';
import { notFound } from '../../platform/errors.ts';
import { allJobTypes, findJobType, jobTypeRepo, listJobTypes } from './job-type-repo.ts';

const PERMISSION = { permission: 'temporaryJobType' } as const;

/** Job types (hot work, work at height, confined space…): page temporaryJobType. Not shown in the SPEC. */
export const jobTypeRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['job types'];
  const listResponse = envelopeOf(z.object({ list: z.array(jobTypeItem), count: z.number() }));

  app.post('/jobType/list', {
    config: { access: 'user' },
    schema: {
      tags,
      summary: 'Job types, newest first',
      body: jobTypeListQuery,
      response: { 200: listResponse },
    },
    handler: async (request) => ok(request, await listJobTypes(app.db, request.body)),
  });

  app.post('/jobType/list/all', {
    config: { access: 'user' },
    schema: {
      tags,
      summary: 'Every job type (pickers), by name',
      body: z.object({ kind: z.enum(['fixed', 'temporary']).nullable().optional() }).default({}),
      response: { 200: envelopeOf(z.array(jobTypeItem)) },
    },
    handler: async (request) => ok(request, await allJobTypes(app.db, request.body.kind)),
  });

  app.post('/jobType', {
    config: { access: PERMISSION },
    schema: {
      tags,
      summary: 'Create a job type (unique name)',
      body: jobTypeBody,
      response: { 200: envelopeOf(jobTypeItem) },
    },
    handler: async (request) => {
      const row = await guardWrite(() => jobTypeRepo.insert(app.db, request.body));
      const created = await findJobType(app.db, row.id);
      if (!created) throw notFound();
      await auditChange(app, request, 'jobType.create', row.id, { name: request.body.name });
      return ok(request, created, 'common.saved');
    },
  });

  app.put('/jobType', {
    config: { access: PERMISSION },
    schema: {
      tags,
      summary: 'Edit a job type',
      body: jobTypeUpdateBody,
      response: { 200: envelopeOf(jobTypeItem) },
    },
    handler: async (request) => {
      const { id, ...values } = request.body;
      const updated = await guardWrite(() => jobTypeRepo.update(app.db, id, values));
      if (!updated) throw notFound();
      const item = await findJobType(app.db, id);
      if (!item) throw notFound();
      await auditChange(app, request, 'jobType.update', id, { name: values.name });
      return ok(request, item, 'common.saved');
    },
  });

  app.delete('/jobType/:id', {
    config: { access: PERMISSION },
    schema: {
      tags,
      summary: 'Delete a job type (409 common.inUse while scenes use it)',
      params: idParams,
      response: { 200: envelopeOf(z.null()) },
    },
    handler: async (request) => {
      const deleted = await guardWrite(() => jobTypeRepo.remove(app.db, request.params.id), {
        inUse: 'common.inUse',
      });
      if (!deleted) throw notFound();
      await auditChange(app, request, 'jobType.delete', request.params.id, {});
      return ok(request, null, 'common.deleted');
    },
  });
};
