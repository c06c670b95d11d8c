import {
  type FlowChart,
  flowChart,
  flowChartProblems,
  idParams,
  workflowCreateBody,
  workflowDetail,
  workflowListQuery,
  workflowListResponse,
  workflowOption,
  workflowSaveBody,
  workflowTypeBody,
  workflowTypeListQuery,
  workflowTypeListResponse,
  workflowTypeOption,
  workflowTypeUpdateBody,
} from '@sentinel/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditChange } from '../../platform/audit.ts';
import { guardWrite } from '../../platform/db-errors.ts';
import { envelopeOf, ok } from '../../platform/envelope.ts';
import { AppError, badRequest, conflict, notFound } from '../../platform/errors.ts';
import {
  allWorkflows,
  allWorkflowTypes,
  deleteWorkflow,
  deleteWorkflowType,
  getWorkflow,
  insertWorkflow,
  insertWorkflowType,
  listWorkflows,
  listWorkflowTypes,
  updateWorkflow,
  updateWorkflowType,
  workflowTypeExists,
} from './repo.ts';

/** Menu codes of the two screens that manage workflow types (the same table on both routes). */
const TYPE_MANAGERS = ['workflowType', 'sceneWorkflowType'];

/** Chart rules (contract `flowChartProblems`): the first broken rule answers 400 with the offending ids. */
function assertValidChart(chart: FlowChart): void {
  const [problem] = flowChartProblems(chart);
  if (problem) throw new AppError(400, problem.code, { nodeIds: problem.nodeIds, edgeIds: problem.edgeIds });
}

/**
 * Workflow types (knowledge base and scene management share one catalogue) and flowcharts.
 * Deleting a type or a flowchart in use is refused with 409 'common.inUse'.
 */
export const workflowsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['workflows'];
  const flowWrite = { access: { permission: 'flowSet' } } as const;

  /** Type writes: either managing screen's permission, decided before the body is read (403, not 400). */
  const typeWrite = { access: { anyOf: TYPE_MANAGERS } } as const;

  const requireType = async (id: number) => {
    if (!(await workflowTypeExists(app.db, id)))
      throw badRequest('field.invalid', [{ field: 'typeId', message: 'field.invalid' }]);
  };

  /* ---------- workflow types ---------- */

  app.post('/workflowType/list', {
    config: { access: 'user' },
    schema: {
      tags,
      summary: 'Workflow types, oldest first (filter: name)',
      body: workflowTypeListQuery,
      response: { 200: envelopeOf(workflowTypeListResponse) },
    },
    handler: async (request) => {
      const { rows, count } = await listWorkflowTypes(app.db, request.body);
      const list = rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
      return ok(request, { list, count });
    },
  });

  app.get('/workflowType/list/all', {
    config: { access: 'user' },
    schema: {
      tags,
      summary: 'Every workflow type (id, name) for pickers',
      response: { 200: envelopeOf(z.array(workflowTypeOption)) },
    },
    handler: async (request) => ok(request, await allWorkflowTypes(app.db)),
  });

  app.post('/workflowType', {
    config: typeWrite,
    schema: {
      tags,
      summary: 'Add a workflow type (name unique: 409 common.duplicate)',
      body: workflowTypeBody,
      response: { 200: envelopeOf(z.object({ id: z.number() })) },
    },
    handler: async (request) => {
      const id = await guardWrite(() => insertWorkflowType(app.db, request.body), {
        duplicate: 'common.duplicate',
      });
      await auditChange(app, request, 'workflowType.create', String(id), { name: request.body.name });
      return ok(request, { id }, 'common.saved');
    },
  });

  app.put('/workflowType', {
    config: typeWrite,
    schema: {
      tags,
      summary: 'Edit a workflow type',
      body: workflowTypeUpdateBody,
      response: { 200: envelopeOf(z.null()) },
    },
    handler: async (request) => {
      const { id, ...values } = request.body;
      const before = await guardWrite(() => updateWorkflowType(app.db, id, values), {
        duplicate: 'common.duplicate',
      });
      if (!before) throw notFound();
      await auditChange(app, request, 'workflowType.update', String(id), { before, after: values });
      return ok(request, null, 'common.saved');
    },
  });

  app.delete('/workflowType/:id', {
    config: typeWrite,
    schema: {
      tags,
      summary: 'Delete a workflow type (409 common.inUse while flowcharts use it)',
      params: idParams,
      response: { 200: envelopeOf(z.null()) },
    },
    handler: async (request) => {
      const outcome = await deleteWorkflowType(app.db, request.params.id);
      if (outcome.result !== 'deleted')
        throw outcome.result === 'inUse' ? conflict('common.inUse') : notFound();
      await auditChange(app, request, 'workflowType.delete', String(request.params.id), {
        name: outcome.name,
      });
      return ok(request, null, 'common.deleted');
    },
  });

  /* ---------- workflows (flowcharts) ---------- */

  app.post('/workflow/list', {
    config: { access: 'user' },
    schema: {
      tags,
      summary: 'Flowcharts, last changed first (filters: name, typeId)',
      body: workflowListQuery,
      response: { 200: envelopeOf(workflowListResponse) },
    },
    handler: async (request) => {
      const { rows, count } = await listWorkflows(app.db, request.body);
      const list = rows.map((row) => ({
        ...row,
        createdAt: row.createdAt.toISOString(),
        updatedAt: row.updatedAt.toISOString(),
      }));
      return ok(request, { list, count });
    },
  });

  app.get('/workflow/list/all', {
    config: { access: 'user' },
    schema: {
      tags,
      summary: 'Every flowchart (id, name, type) for pickers such as the fixed operation form',
      response: { 200: envelopeOf(z.array(workflowOption)) },
    },
    handler: async (request) => ok(request, await allWorkflows(app.db)),
  });

  app.get('/workflow/:id', {
    config: { access: 'user' },
    schema: {
      tags,
      summary: 'One flowchart with its chart',
      params: idParams,
      response: { 200: envelopeOf(workflowDetail) },
    },
    handler: async (request) => {
      const row = await getWorkflow(app.db, request.params.id);
      if (!row) throw notFound();
      // Normalised through the contract schema (fills defaults a direct database write left out).
      return ok(request, {
        ...row,
        chart: flowChart.parse(row.chart),
        updatedAt: row.updatedAt.toISOString(),
      });
    },
  });

  app.post('/workflow', {
    config: flowWrite,
    schema: {
      tags,
      summary: 'Create a flowchart (name unique; a chart, when sent, is checked as on save)',
      body: workflowCreateBody,
      response: { 200: envelopeOf(z.object({ id: z.number() })) },
    },
    handler: async (request) => {
      const { name, typeId, chart } = request.body;
      if (chart) assertValidChart(chart);
      await requireType(typeId);
      const id = await guardWrite(
        () =>
          insertWorkflow(app.db, {
            name,
            workflowTypeId: typeId,
            chart: chart ?? { nodes: [], edges: [] },
            now: app.appConfig.now(),
          }),
        { duplicate: 'common.duplicate', inUse: 'field.invalid' },
      );
      await auditChange(app, request, 'workflow.create', String(id), {
        name,
        typeId,
        nodes: chart?.nodes.length ?? 0,
      });
      return ok(request, { id }, 'common.saved');
    },
  });

  app.put('/workflow', {
    config: flowWrite,
    schema: {
      tags,
      summary:
        'Save name, type and chart (chart left out: rename only). A broken chart rule answers 400 with { nodeIds, edgeIds }',
      body: workflowSaveBody,
      response: { 200: envelopeOf(z.null()) },
    },
    handler: async (request) => {
      const { id, name, typeId, chart } = request.body;
      if (chart) assertValidChart(chart);
      await requireType(typeId);
      const before = await guardWrite(
        () => updateWorkflow(app.db, id, { name, workflowTypeId: typeId, chart, now: app.appConfig.now() }),
        { duplicate: 'common.duplicate', inUse: 'field.invalid' },
      );
      if (!before) throw notFound();
      await auditChange(app, request, 'workflow.update', String(id), {
        before: before.name,
        name,
        typeId,
        ...(chart ? { nodes: chart.nodes.length, edges: chart.edges.length } : {}),
      });
      return ok(request, null, 'common.saved');
    },
  });

  app.delete('/workflow/:id', {
    config: flowWrite,
    schema: {
      tags,
      summary: 'Delete a flowchart (409 common.inUse while a fixed operation uses it)',
      params: idParams,
      response: { 200: envelopeOf(z.null()) },
    },
    handler: async (request) => {
      const outcome = await deleteWorkflow(app.db, request.params.id);
      if (outcome.result !== 'deleted')
        throw outcome.result === 'inUse' ? conflict('common.inUse') : notFound();
      await auditChange(app, request, 'workflow.delete', String(request.params.id), { name: outcome.name });
      return ok(request, null, 'common.deleted');
    },
  });
};
