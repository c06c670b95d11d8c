import {
  falseAlarmRateQuery,
  falseAlarmRateResult,
  falseAlarmRecordItem,
  falseAlarmRecordList,
  falseAlarmRecordQuery,
  falseAlarmReviewBody,
  idParams,
} from '@sentinel/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../platform/auth.ts';
import { envelopeOf, ok } from '../../platform/envelope.ts';
import { badRequest } from '../../platform/errors.ts';
import { registerMediaOwner, sceneBoundMedia } from '../../platform/media-registry.ts';
import { visibleScenes } from '../../platform/scene-authority.ts';
import { FRAME_DIR } from './capture.ts';
import { heldFrames, listRecords, sceneOfFrame } from './repo.ts';
import { falsePositiveRates, reviewRecord, toRecordItem, visibleRecord } from './service.ts';

const access = { permission: 'FalseAlarmRecord' } as const;
const tags = ['false-alarm-review'];
const base = '/falseAlarmReview';

/** Both ends of a time range or none. */
function checkRange(query: { startTime?: string; endTime?: string }) {
  if (Boolean(query.startTime) !== Boolean(query.endTime)) throw badRequest('time.rangeRequired');
}

/** False-alarm records and their review, and the false-positive rate (/AIOpenPlatform/FalseAlarmRecord). */
export const falseAlarmReviewRoutes: FastifyPluginAsyncZod = async (app) => {
  // The records' own frames: seen by who sees the record's scene; the sweep keeps held ones.
  registerMediaOwner(
    app,
    sceneBoundMedia(
      app,
      FRAME_DIR,
      (path) => sceneOfFrame(app.db, path),
      (paths) => heldFrames(app.db, paths),
    ),
  );

  const scenesOf = (request: Parameters<typeof requireUser>[0]) =>
    visibleScenes(app.db, requireUser(request));

  app.post(`${base}/list`, {
    config: { access },
    schema: {
      tags,
      summary: 'False-alarm records, newest alarm first (state, algorithm, version, scene, time range)',
      body: falseAlarmRecordQuery,
      response: { 200: envelopeOf(falseAlarmRecordList) },
    },
    handler: async (request) => {
      checkRange(request.body);
      const { rows, total } = await listRecords(app.db, request.body, await scenesOf(request));
      return ok(request, { list: rows.map(toRecordItem), total });
    },
  });

  app.get(`${base}/:id`, {
    config: { access },
    schema: {
      tags,
      summary: 'One false-alarm record',
      params: idParams,
      response: { 200: envelopeOf(falseAlarmRecordItem) },
    },
    handler: async (request) =>
      ok(request, toRecordItem(await visibleRecord(app.db, request.params.id, await scenesOf(request)))),
  });

  app.post(`${base}/:id/review`, {
    config: { access },
    schema: {
      tags,
      summary:
        'Review: accepted (a true false alarm, negative sample) | relabelled (labels: the right boxes) | dropped; 409 with the record when already reviewed unless rereview',
      params: idParams,
      body: falseAlarmReviewBody,
      response: { 200: envelopeOf(falseAlarmRecordItem) },
    },
    handler: async (request) => {
      const item = await reviewRecord(app, request, request.params.id, request.body, await scenesOf(request));
      return ok(request, item, 'falseAlarm.reviewed');
    },
  });

  app.post(`${base}/rate/query`, {
    config: { access },
    schema: {
      tags,
      summary: 'False-positive rate per algorithm and per version, with review outcomes',
      body: falseAlarmRateQuery,
      response: { 200: envelopeOf(falseAlarmRateResult) },
    },
    handler: async (request) => {
      checkRange(request.body);
      return ok(request, await falsePositiveRates(app.db, request.body, await scenesOf(request)));
    },
  });
};
