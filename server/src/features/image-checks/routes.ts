import {
  IMAGE_CHECK_ROUTES,
  type ImageCheckListQuery,
  type ImageCheckRow,
  imageCheckListQuery,
  imageCheckListResult,
  imageCheckRunResult,
} from '@sentinel/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditChange, parseTimeFilter } from '../../platform/audit.ts';
import { requireUser } from '../../platform/auth.ts';
import { envelopeOf, ok } from '../../platform/envelope.ts';
import { badRequest } from '../../platform/errors.ts';
import { mediaUrl } from '../../platform/media.ts';
import { type SceneAuthority, sceneAuthority } from '../../platform/scene-authority.ts';
import { runImageChecks } from './checker.ts';
import { type ImageCheckSelect, type ImageCheckWhere, listChecks } from './repo.ts';

/** Camera, image type and time are required (SPEC §5: 400 'imageCheck.required'). */
function whereOf(
  source: ImageCheckWhere['source'],
  q: ImageCheckListQuery,
  auth: SceneAuthority,
): ImageCheckWhere {
  const start = parseTimeFilter(q.startTime);
  const end = parseTimeFilter(q.endTime);
  if (!q.cameraId || !q.imageType || !start || !end) throw badRequest('imageCheck.required');
  return {
    source,
    cameraId: q.cameraId,
    imageType: q.imageType,
    start,
    end,
    problemOnly: q.problemOnly ?? false,
    auth,
  };
}

const toRow = (r: ImageCheckSelect): ImageCheckRow => ({
  id: r.id,
  source: r.source as ImageCheckRow['source'],
  recordId: r.recordId,
  cameraId: r.cameraId,
  cameraName: r.cameraName,
  imageType: r.imageType as ImageCheckRow['imageType'],
  occurredAt: r.occurredAt.toISOString(),
  checkedAt: r.checkedAt.toISOString(),
  url: mediaUrl(r.path ?? ''),
  problem: r.problem as ImageCheckRow['problem'],
  bytes: r.bytes,
  mime: r.mime,
  width: r.width,
  height: r.height,
});

/** Self-check (issue 14): image-checks (alarmImg / eventImg). */
export const imageChecksRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['self-check'];
  // The checker follows new records: the plan task `imageChecks`, every minute by default.
  app.planTasks.register({
    code: 'imageChecks',
    defaultCron: '* * * * *',
    timeLimitMs: 5 * 60_000,
    run: async () => ({ checked: await runImageChecks(app) }),
  });

  for (const [source, path, permission] of [
    ['alarm', IMAGE_CHECK_ROUTES.alarms, 'alarmImg'],
    ['event', IMAGE_CHECK_ROUTES.events, 'eventImg'],
  ] as const) {
    app.post(path, {
      config: { access: { permission } },
      schema: {
        tags,
        summary: `Checked images (${source}s) of a camera, image type and time range, with counts per problem`,
        body: imageCheckListQuery,
        response: { 200: envelopeOf(imageCheckListResult) },
      },
      handler: async (request) => {
        const q = request.body;
        const where = whereOf(source, q, await sceneAuthority(app.db, requireUser(request)));
        const result = await listChecks(app.db, where, q.page, q.limit);
        return ok(request, { total: result.total, counts: result.counts, rows: result.rows.map(toRow) });
      },
    });
  }

  app.post(IMAGE_CHECK_ROUTES.run, {
    // Both image pages offer "check now".
    config: { access: { anyOf: ['alarmImg', 'eventImg'] } },
    schema: {
      tags,
      summary: 'Runs the image checker once now',
      response: { 200: envelopeOf(imageCheckRunResult) },
    },
    handler: async (request) => {
      const checked = await runImageChecks(app);
      await auditChange(app, request, 'selfCheck.imageCheck.run', 'image_check', { checked });
      return ok(request, { checked });
    },
  });
};
