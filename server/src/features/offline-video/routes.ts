import {
  OFFLINE_VIDEO_API,
  offlineAnalysisCreate,
  offlineAnalysisDeleteParams,
  offlineAnalysisDetail,
  offlineAnalysisIdParams,
  offlineAnalysisItem,
  offlineAnalysisListQuery,
  offlineAnalysisListResult,
  offlineUpload,
} from '@sentinel/contract';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditChange } from '../../platform/audit.ts';
import { requireUser } from '../../platform/auth.ts';
import { envelopeOf, ok } from '../../platform/envelope.ts';
import { badRequest, forbidden, notFound } from '../../platform/errors.ts';
import { registerMediaOwner } from '../../platform/media-registry.ts';
import { hasPermission } from '../../platform/sessions.ts';
import { engineAnalysisRoutes } from './engine-routes.ts';
import { releaseOwnAnalyses } from './engine-service.ts';
import {
  algorithmsByIds,
  analysisEvents,
  createAnalysis,
  deleteAnalysis,
  findAnalysis,
  heldOfflineMedia,
  listAnalyses,
  type NewAnalysis,
  toAnalysisItem,
} from './repo.ts';
import { startOfflineSimulator } from './simulator.ts';
import { findOwnUpload, receiveVideoUpload } from './uploads.ts';

const PREFIX = '/api/v2/backend';
const under = (path: string) => path.slice(PREFIX.length);
const VIEW = { access: { permission: 'offLineVideoSet' } } as const;

/** The chosen algorithms, in the order given; 400 on algorithmIds when one is unknown. */
async function chosenAlgorithms(app: FastifyInstance, ids: number[]) {
  const unique = [...new Set(ids)];
  const rows = await algorithmsByIds(app.db, unique);
  if (rows.length !== unique.length) {
    throw badRequest('field.invalid', [{ field: 'algorithmIds', message: 'field.invalid' }]);
  }
  return unique.map((id) => rows.find((row) => row.id === id)).filter((row) => row !== undefined);
}

/**
 * Offline video analysis (/offLineVideo/offLineVideoSet), mounted under /api/v2/backend: upload a
 * video, start an analysis (SPEC §7 PUT offlineVideoAnalysis), follow it, read its events, delete
 * it (SPEC §7 DELETE offlineVideoAnalysis/{id}/{accountId}). Analyses are shared by everyone who
 * has the page; the engines' side is engine-routes.ts.
 */
export const offlineVideoRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['offline video'];
  await app.register(engineAnalysisRoutes);
  // Offline videos and their event pictures: shared by everyone with the page, like the analyses.
  for (const subdir of ['offline', 'offline-event']) {
    registerMediaOwner(app, {
      subdir,
      canRead: async (user) => hasPermission(user, VIEW.access.permission),
      referenced: (paths) => heldOfflineMedia(app.db, paths),
    });
  }

  if (app.appConfig.offlineAnalysisSimulator) {
    let simulator: ReturnType<typeof startOfflineSimulator> | undefined;
    app.addHook('onReady', async () => {
      // What this instance's analyzer ran before a crash is retried at once, not after 5 minutes.
      const released = await releaseOwnAnalyses(app);
      if (released > 0)
        app.log.warn({ released }, 'offline analyses of a stopped process handed back to the queue');
      simulator = startOfflineSimulator(app);
    });
    app.addHook('preClose', async () => {
      await simulator?.stop();
    });
  }

  app.post(under(OFFLINE_VIDEO_API.upload), {
    config: { access: { permission: 'offLineVideoSet:add' } },
    schema: {
      tags,
      summary: 'Upload a video for analysis (multipart field `file`; MP4/MOV, FLV or MPEG-TS by content)',
      consumes: ['multipart/form-data'],
      response: { 200: envelopeOf(offlineUpload) },
    },
    handler: async (request) => {
      const upload = await receiveVideoUpload(app, request, requireUser(request));
      return ok(request, upload);
    },
  });

  app.put(under(OFFLINE_VIDEO_API.create), {
    config: { access: { permission: 'offLineVideoSet:add' } },
    schema: {
      tags,
      summary: 'Start an analysis of an uploaded video (fileId) or a video URL with the chosen algorithms',
      body: offlineAnalysisCreate,
      response: { 200: envelopeOf(offlineAnalysisItem) },
    },
    handler: async (request) => {
      const user = requireUser(request);
      const body = request.body;
      const algorithms = await chosenAlgorithms(app, body.algorithmIds);
      const upload =
        body.fileId === undefined ? undefined : await findOwnUpload(app, body.fileId, user.accountId);
      if (body.fileId !== undefined && !upload) {
        throw badRequest('offlineVideo.fileGone', [{ field: 'fileId', message: 'offlineVideo.fileGone' }]);
      }
      const values: NewAnalysis = {
        name: body.name,
        source: upload ? 'file' : 'url',
        videoPath: upload?.path ?? '',
        sourceName: upload?.fileName ?? body.url ?? '',
        format: upload?.format ?? null,
        size: upload?.size ?? null,
        durationSeconds: upload?.durationSeconds ?? null,
        algorithms,
        createdBy: user.accountId,
        createdByName: user.accountName,
        createdAt: app.appConfig.now(),
      };
      // undefined: the upload was taken by a concurrent request with the same file.
      const row = await createAnalysis(app.db, values, upload?.id);
      if (!row)
        throw badRequest('offlineVideo.fileGone', [{ field: 'fileId', message: 'offlineVideo.fileGone' }]);
      await auditChange(app, request, 'offlineVideo.create', `${row.id} ${row.name}`);
      return ok(request, toAnalysisItem(row), 'common.saved');
    },
  });

  app.post(under(OFFLINE_VIDEO_API.list), {
    config: VIEW,
    schema: {
      tags,
      summary: 'Analyses, newest first (keyword on name or source, state)',
      body: offlineAnalysisListQuery,
      response: { 200: envelopeOf(offlineAnalysisListResult) },
    },
    handler: async (request) => ok(request, await listAnalyses(app.db, request.body)),
  });

  app.get('/offlineVideoAnalysis/:id', {
    config: VIEW,
    schema: {
      tags,
      summary: 'One analysis with its events (in video order)',
      params: offlineAnalysisIdParams,
      response: { 200: envelopeOf(offlineAnalysisDetail) },
    },
    handler: async (request) => {
      const row = await findAnalysis(app.db, request.params.id);
      if (!row) throw notFound('offlineVideo.notFound');
      return ok(request, { ...toAnalysisItem(row), events: await analysisEvents(app.db, row.id) });
    },
  });

  app.delete('/offlineVideoAnalysis/:id/:accountId', {
    config: { access: { permission: 'offLineVideoSet:delete' } },
    schema: {
      tags,
      summary: 'Delete an analysis with its video and event images (accountId: the caller’s own id)',
      params: offlineAnalysisDeleteParams,
      response: { 200: envelopeOf(z.null()) },
    },
    handler: async (request) => {
      const user = requireUser(request);
      if (request.params.accountId !== user.accountId) throw forbidden();
      const row = await deleteAnalysis(app, request.params.id);
      if (!row) throw notFound('offlineVideo.notFound');
      await auditChange(app, request, 'offlineVideo.delete', `${row.id} ${row.name}`);
      return ok(request, null, 'common.deleted');
    },
  });
};
