import {
  OFFLINE_STALE_MS,
  OFFLINE_STATE,
  OFFLINE_VIDEO_API,
  type OfflineEngineJob,
  type OfflineVideoFormat,
  QUEUE_NAME,
} from '@sentinel/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { offlineAnalysis, offlineAnalysisEvent } from '../../db/schema/index.ts';
import { type EngineRef, INGEST_IMAGE_MAX_BYTES } from '../../platform/engine-auth.ts';
import { AppError, badRequest, notFound } from '../../platform/errors.ts';
import { removeMedia, storeImage } from '../../platform/media.ts';
import { queueNotPaused } from '../../platform/queue-pause.ts';
import { type AnalysisRow, findAnalysis } from './repo.ts';

function toEngineJob(row: AnalysisRow): OfflineEngineJob {
  return {
    id: row.id,
    name: row.name,
    source: row.source,
    videoUrl: row.source === 'file' ? OFFLINE_VIDEO_API.engineVideo(row.id) : row.sourceName,
    format: (row.format as OfflineVideoFormat | null) ?? null,
    durationSeconds: row.durationSeconds,
    algorithms: row.algorithms,
  };
}

/**
 * Hands the oldest waiting analysis (or one whose engine fell silent for OFFLINE_STALE_MS) to
 * this engine: state 1, progress 0, events of an earlier attempt removed. Engines claiming at the
 * same time never get the same job (FOR UPDATE SKIP LOCKED). Undefined when nothing waits.
 */
export async function claimAnalysis(
  app: FastifyInstance,
  source: EngineRef,
  /** This instance, when its in-process analyzer claims (platform/job-lease.ts); engines over HTTP: none. */
  owner: string | null = null,
): Promise<OfflineEngineJob | undefined> {
  const now = app.appConfig.now();
  const stale = new Date(now.getTime() - OFFLINE_STALE_MS);
  const next = sql`(select id from ${offlineAnalysis}
    where (${offlineAnalysis.state} = ${OFFLINE_STATE.waiting}
       or (${offlineAnalysis.state} = ${OFFLINE_STATE.analyzing} and ${offlineAnalysis.heartbeatAt} < ${stale}))
      and ${queueNotPaused(QUEUE_NAME.offlineAnalyses)}
    order by ${offlineAnalysis.id} limit 1 for update skip locked)`;
  const [row] = await app.db
    .update(offlineAnalysis)
    .set({
      state: OFFLINE_STATE.analyzing,
      progress: 0,
      error: '',
      eventCount: 0,
      engineId: source.id,
      engineName: source.name,
      startedAt: now,
      finishedAt: null,
      heartbeatAt: now,
      owner,
    })
    .where(eq(offlineAnalysis.id, next))
    .returning();
  if (!row) return undefined;
  const earlier = await app.db
    .delete(offlineAnalysisEvent)
    .where(eq(offlineAnalysisEvent.analysisId, row.id))
    .returning({ path: offlineAnalysisEvent.imagePath });
  await Promise.all(earlier.map((event) => removeMedia(app, event.path)));
  return toEngineJob(row);
}

/**
 * At start, the analyses this instance's in-process analyzer was running when its previous life
 * ended go back to waiting at once (the next claim retries them from the start) instead of after
 * OFFLINE_STALE_MS of silence. Answers how many.
 */
export async function releaseOwnAnalyses(app: FastifyInstance): Promise<number> {
  const released = await app.db
    .update(offlineAnalysis)
    .set({ state: OFFLINE_STATE.waiting, progress: 0, owner: null, heartbeatAt: null })
    .where(
      and(
        eq(offlineAnalysis.state, OFFLINE_STATE.analyzing),
        eq(offlineAnalysis.owner, app.appConfig.instanceId),
      ),
    )
    .returning({ id: offlineAnalysis.id });
  return released.length;
}

/** The analysis must be running on this engine: 404 when it was deleted, 409 otherwise. */
async function refuseNotRunning(app: FastifyInstance, id: number): Promise<never> {
  const row = await findAnalysis(app.db, id);
  if (!row) throw notFound('offlineVideo.notFound');
  throw new AppError(409, 'offlineVideo.notRunning');
}

const runningHere = (id: number, source: EngineRef) =>
  and(
    eq(offlineAnalysis.id, id),
    eq(offlineAnalysis.state, OFFLINE_STATE.analyzing),
    eq(offlineAnalysis.engineId, source.id),
  );

/** The engine's progress (0–100; never goes back) and proof of life. */
export async function reportProgress(
  app: FastifyInstance,
  source: EngineRef,
  id: number,
  progress: number,
): Promise<void> {
  const [row] = await app.db
    .update(offlineAnalysis)
    .set({
      progress: sql`greatest(${offlineAnalysis.progress}, ${progress})`,
      heartbeatAt: app.appConfig.now(),
    })
    .where(runningHere(id, source))
    .returning({ id: offlineAnalysis.id });
  if (!row) await refuseNotRunning(app, id);
}

export interface EventInput {
  algorithmId?: number;
  algorithmCode?: string;
  offsetSeconds: number;
  result: string;
}

/**
 * One finding: the algorithm (one of the analysis's, by id or code), where in the video, and the
 * picture (JPEG or PNG by content, at most 2 MB, as at alarm ingest). All or nothing.
 */
export async function addEvent(
  app: FastifyInstance,
  source: EngineRef,
  id: number,
  input: EventInput,
  image: Buffer,
): Promise<{ id: number }> {
  const job = await findAnalysis(app.db, id);
  if (!job) throw notFound('offlineVideo.notFound');
  const algorithm = job.algorithms.find(
    (candidate) =>
      candidate.id === input.algorithmId || (input.algorithmCode && candidate.code === input.algorithmCode),
  );
  if (!algorithm) throw badRequest('field.invalid', [{ field: 'algorithmId', message: 'field.invalid' }]);
  const stored = await storeImage(app, {
    buffer: image,
    subdir: 'offline-event',
    maxBytes: INGEST_IMAGE_MAX_BYTES,
    keepOriginal: true,
  });
  const inserted = await app.db.transaction(async (tx) => {
    const [running] = await tx
      .update(offlineAnalysis)
      .set({ eventCount: sql`${offlineAnalysis.eventCount} + 1`, heartbeatAt: app.appConfig.now() })
      .where(runningHere(id, source))
      .returning({ id: offlineAnalysis.id });
    if (!running) return undefined;
    const [event] = await tx
      .insert(offlineAnalysisEvent)
      .values({
        analysisId: id,
        algorithmId: algorithm.id,
        algorithmName: algorithm.name,
        offsetSeconds: input.offsetSeconds,
        result: input.result,
        imagePath: stored.path,
        createdAt: app.appConfig.now(),
      })
      .returning({ id: offlineAnalysisEvent.id });
    return event;
  });
  if (!inserted) {
    await removeMedia(app, stored.path);
    return refuseNotRunning(app, id);
  }
  return inserted;
}

/** The end of an analysis: finished (progress 100) or failed with the engine's reason. */
export async function finishAnalysis(
  app: FastifyInstance,
  source: EngineRef,
  id: number,
  outcome: { state: 'finished' | 'failed'; error?: string },
): Promise<void> {
  const finished = outcome.state === 'finished';
  const [row] = await app.db
    .update(offlineAnalysis)
    .set({
      state: finished ? OFFLINE_STATE.finished : OFFLINE_STATE.failed,
      ...(finished ? { progress: 100 } : {}),
      error: finished ? '' : (outcome.error ?? '').slice(0, 500),
      finishedAt: app.appConfig.now(),
      heartbeatAt: app.appConfig.now(),
    })
    .where(runningHere(id, source))
    .returning({ id: offlineAnalysis.id });
  if (!row) await refuseNotRunning(app, id);
}
