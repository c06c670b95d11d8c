import {
  type CoverageNode,
  coverageResult,
  RETENTION_CATEGORIES,
  retentionPreview,
  retentionPreviewBody,
  retentionSettings,
} from '@sentinel/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditChange } from '../../platform/audit.ts';
import { envelopeOf, ok } from '../../platform/envelope.ts';
import { coverageCounts, writeRetention } from './repo.ts';
import { dataRetentionTask, previewRetention, retentionSettingsOf } from './retention.ts';

const access = { permission: 'scope' } as const;
const tags = ['scope'];

/** System settings › Data scope (issue 15 §4): coverage and retention. */
export const scopeRoutes: FastifyPluginAsyncZod = async (app) => {
  // The retention plan task (System settings › Plan tasks), daily at 03:30 by default.
  app.planTasks.register(dataRetentionTask(app));

  app.get('/scope/retention', {
    config: { access },
    schema: {
      tags,
      summary: 'The retention settings (days per category)',
      response: { 200: envelopeOf(retentionSettings) },
    },
    handler: async (request) => ok(request, await retentionSettingsOf(app)),
  });

  app.put('/scope/retention', {
    config: { access },
    schema: {
      tags,
      summary: 'Save the retention settings (the next retention run applies them)',
      body: retentionSettings,
      response: { 200: envelopeOf(retentionSettings) },
    },
    handler: async (request) => {
      const before = await retentionSettingsOf(app);
      await writeRetention(app.db, request.body);
      const changes = Object.fromEntries(
        RETENTION_CATEGORIES.filter((c) => before[c] !== request.body[c]).map((c) => [
          c,
          { before: before[c], after: request.body[c] },
        ]),
      );
      await auditChange(app, request, 'scope.retention.update', 'retention', changes);
      return ok(request, request.body, 'common.saved');
    },
  });

  app.get('/scope/retention/preview', {
    config: { access },
    schema: {
      tags,
      summary: 'What the next retention run deletes with the stored settings',
      response: { 200: envelopeOf(retentionPreview) },
    },
    handler: async (request) => ok(request, await previewRetention(app, await retentionSettingsOf(app))),
  });

  app.post('/scope/retention/preview', {
    config: { access },
    schema: {
      tags,
      summary: 'What a retention run would delete with these (unsaved) settings',
      body: retentionPreviewBody,
      response: { 200: envelopeOf(retentionPreview) },
    },
    handler: async (request) => ok(request, await previewRetention(app, request.body.settings)),
  });

  app.get('/scope/coverage', {
    config: { access },
    schema: {
      tags,
      summary: 'The plant/area tree with the cameras, scenes and alarms each node holds (its subtree)',
      response: { 200: envelopeOf(coverageResult) },
    },
    handler: async (request) => {
      const counts = await coverageCounts(app.db);
      const byArea = (rows: { area: number | null; n: number }[]) =>
        new Map(rows.map((r) => [r.area === null ? null : Number(r.area), Number(r.n)]));
      const cameras = byArea(counts.cameras);
      const scenes = byArea(counts.scenes);
      const alarms = byArea(counts.alarms);
      const nodes = new Map<number, CoverageNode & { parentId: number | null }>();
      for (const n of counts.nodes) {
        nodes.set(n.id, {
          id: n.id,
          parentId: n.parentId,
          name: n.name,
          kind: n.kind,
          cameras: cameras.get(n.id) ?? 0,
          scenes: scenes.get(n.id) ?? 0,
          alarms: alarms.get(n.id) ?? 0,
          children: [],
        });
      }
      const roots: CoverageNode[] = [];
      for (const node of nodes.values()) {
        const parent = node.parentId === null ? undefined : nodes.get(node.parentId);
        if (parent) parent.children.push(node);
        else roots.push(node);
      }
      // Each node shows its whole subtree's figures.
      const sum = (node: CoverageNode): CoverageNode => {
        const children = node.children.map(sum);
        const total = (k: 'cameras' | 'scenes' | 'alarms') =>
          node[k] + children.reduce((s, c) => s + c[k], 0);
        return {
          id: node.id,
          name: node.name,
          kind: node.kind,
          cameras: total('cameras'),
          scenes: total('scenes'),
          alarms: total('alarms'),
          children,
        };
      };
      return ok(request, {
        list: roots.map(sum),
        unassigned: {
          cameras: cameras.get(null) ?? 0,
          scenes: scenes.get(null) ?? 0,
          alarms: alarms.get(null) ?? 0,
        },
      });
    },
  });
};
