import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { AI_INSTANCE_API, aiVersionIdParams, deploymentsQuery, engineDeployments } from '@sentinel/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { engineKeyHook } from '../../platform/engine-auth.ts';
import { envelopeOf, ok } from '../../platform/envelope.ts';
import { AppError } from '../../platform/errors.ts';
import { mediaRoot, resolveMediaPath } from '../../platform/media.ts';
import { awaitDeployments, createDeploymentWatch } from './deployment-watch.ts';
import { findVersion } from './repo.ts';

const PREFIX = '/api/v2/backend';
const under = (path: string) => path.slice(PREFIX.length);

/**
 * The engines' view of the instance library, beside the alarm ingest (same key, `x-engine-key`):
 * what runs where, long-polled, and the artefact of a version.
 */
export const engineDeploymentRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['ingest'];
  const engineAccess = { access: 'public' as const };
  // The key first, before the query is read (401, not 400).
  app.addHook('onRequest', engineKeyHook(app));
  const headers = z.object({ 'x-engine-key': z.string().optional() });
  const watch = createDeploymentWatch(app);

  app.get(under(AI_INSTANCE_API.engineDeployments), {
    config: engineAccess,
    schema: {
      tags,
      summary:
        'What the engines run: every enabled, non-draft instance with its live version (params, artefact sha256, size, download path) and the scene cameras it runs on (level, zones), with a revision. With `revision` equal to the current one the call waits up to `waitSeconds` (≤ 60) and answers as soon as anything changes (a publish or roll-back on any server instance: < 5 s)',
      headers,
      querystring: deploymentsQuery,
      response: { 200: envelopeOf(engineDeployments) },
    },
    handler: async (request, reply) => {
      // The engine hung up before the answer: stop waiting for it (the response's close, not the
      // request's, which comes as soon as the request has been read).
      const gone = new AbortController();
      reply.raw.once('close', () => {
        if (!reply.raw.writableFinished) gone.abort();
      });
      const { revision, waitSeconds } = request.query;
      return ok(request, await awaitDeployments(app, watch, revision, waitSeconds, gone.signal));
    },
  });

  app.get(under(AI_INSTANCE_API.engineArtefact(0)).replace('/0', '/:versionId'), {
    config: engineAccess,
    schema: {
      tags,
      summary:
        'The artefact file of a version (application/octet-stream; x-sha256 carries its sha256). 404 for a version of a draft or disabled instance',
      headers,
      params: aiVersionIdParams,
    },
    handler: async (request, reply) => {
      const row = await findVersion(app.db, request.params.versionId);
      if (!row || row.draft || !row.enabled) throw new AppError(404, 'aiInstance.versionNotFound');
      const file = resolveMediaPath(mediaRoot(app), row.version.artefact);
      const info = file ? await stat(file).catch(() => null) : null;
      if (!file || !info?.isFile()) throw new AppError(404, 'aiInstance.versionNotFound');
      return reply
        .header('content-type', 'application/octet-stream')
        .header('content-length', String(info.size))
        .header('x-sha256', row.version.sha256)
        .header('content-disposition', `attachment; filename="v${row.version.number}.bin"`)
        .header('x-content-type-options', 'nosniff')
        .send(createReadStream(file));
    },
  });
};
