import {
  OFFLINE_EVENTS_LIMIT,
  type OfflineAnalysisEvent,
  type OfflineAnalysisItem,
  type OfflineAnalysisListQuery,
  type OfflineState,
  type OfflineVideoFormat,
} from '@sentinel/contract';
import { asc, desc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import {
  algorithm,
  offlineAnalysis,
  offlineAnalysisEvent,
  offlineVideoUpload,
} from '../../db/schema/index.ts';
import { mediaUrl, removeMedia } from '../../platform/media.ts';
import { tableRepo } from '../../platform/table-repo.ts';

export type AnalysisRow = typeof offlineAnalysis.$inferSelect;

const iso = (value: Date | null) => (value ? value.toISOString() : null);

export function toAnalysisItem(row: AnalysisRow): OfflineAnalysisItem {
  return {
    id: row.id,
    name: row.name,
    source: row.source,
    sourceName: row.sourceName,
    videoUrl: row.source === 'file' ? mediaUrl(row.videoPath) : '',
    format: (row.format as OfflineVideoFormat | null) ?? null,
    size: row.size,
    durationSeconds: row.durationSeconds,
    algorithms: row.algorithms,
    state: row.state as OfflineState,
    progress: row.progress,
    error: row.error,
    eventCount: row.eventCount,
    engineName: row.engineName,
    createdBy: row.createdByName,
    createdAt: row.createdAt.toISOString(),
    startedAt: iso(row.startedAt),
    finishedAt: iso(row.finishedAt),
  };
}

const analysisRepo = tableRepo({
  table: offlineAnalysis,
  search: [offlineAnalysis.name, offlineAnalysis.sourceName],
  orderBy: [desc(offlineAnalysis.createdAt), desc(offlineAnalysis.id)],
});

/** The list of the page: newest first (time, then id), keyword on the name or the source. */
export async function listAnalyses(
  db: Db,
  query: OfflineAnalysisListQuery,
): Promise<{ list: OfflineAnalysisItem[]; count: number }> {
  const state = query.state === undefined ? undefined : eq(offlineAnalysis.state, query.state);
  const { rows, count } = await analysisRepo.page(db, query, state);
  return { list: rows.map(toAnalysisItem), count };
}

/** What an analysis is created with (its state, progress and engine start empty). */
export type NewAnalysis = typeof offlineAnalysis.$inferInsert;

/**
 * Creates an analysis. Of an uploaded video (`uploadId`): the upload is taken (its row deleted)
 * in the same transaction, and undefined answers that a concurrent request took it first.
 */
export function createAnalysis(
  db: Db,
  values: NewAnalysis,
  uploadId?: number,
): Promise<AnalysisRow | undefined> {
  return db.transaction(async (tx) => {
    if (uploadId !== undefined) {
      const taken = await tx
        .delete(offlineVideoUpload)
        .where(eq(offlineVideoUpload.id, uploadId))
        .returning({ id: offlineVideoUpload.id });
      if (taken.length === 0) return undefined;
    }
    const [created] = await tx.insert(offlineAnalysis).values(values).returning();
    return created;
  });
}

/** Code and name of the algorithms with these ids (unknown ids are absent). */
export const algorithmsByIds = (db: Db, ids: number[]) =>
  db
    .select({ id: algorithm.id, code: algorithm.code, name: algorithm.name })
    .from(algorithm)
    .where(inArray(algorithm.id, ids));

export async function findAnalysis(db: Db, id: number): Promise<AnalysisRow | undefined> {
  const [row] = await db.select().from(offlineAnalysis).where(eq(offlineAnalysis.id, id));
  return row;
}

/** An analysis's events in video order (at most OFFLINE_EVENTS_LIMIT). */
export async function analysisEvents(db: Db, id: number): Promise<OfflineAnalysisEvent[]> {
  const rows = await db
    .select()
    .from(offlineAnalysisEvent)
    .where(eq(offlineAnalysisEvent.analysisId, id))
    .orderBy(asc(offlineAnalysisEvent.offsetSeconds), asc(offlineAnalysisEvent.id))
    .limit(OFFLINE_EVENTS_LIMIT);
  return rows.map((row) => ({
    id: row.id,
    algorithmId: row.algorithmId,
    algorithmName: row.algorithmName,
    offsetSeconds: row.offsetSeconds,
    result: row.result,
    imageUrl: mediaUrl(row.imagePath),
    createdAt: row.createdAt.toISOString(),
  }));
}

/**
 * Deletes an analysis with its events, then its video and images. The row is locked first, so an
 * engine's event arriving at the same moment either is deleted here or finds no analysis (and
 * removes its own image): no file is left behind.
 */
export async function deleteAnalysis(app: FastifyInstance, id: number): Promise<AnalysisRow | undefined> {
  const removed = await app.db.transaction(async (tx) => {
    const [row] = await tx.select().from(offlineAnalysis).where(eq(offlineAnalysis.id, id)).for('update');
    if (!row) return undefined;
    const events = await tx
      .delete(offlineAnalysisEvent)
      .where(eq(offlineAnalysisEvent.analysisId, id))
      .returning({ path: offlineAnalysisEvent.imagePath });
    await tx.delete(offlineAnalysis).where(eq(offlineAnalysis.id, id));
    return { row, paths: [row.videoPath, ...events.map((event) => event.path)].filter(Boolean) };
  });
  if (!removed) return undefined;
  await Promise.all(removed.paths.map((path) => removeMedia(app, path)));
  return removed.row;
}

/** Of these media paths, those an offline analysis holds (its video, an upload, an event picture). */
export async function heldOfflineMedia(db: Db, paths: string[]): Promise<Set<string>> {
  if (paths.length === 0) return new Set();
  const [events, videos, uploads] = await Promise.all([
    db
      .select({ path: offlineAnalysisEvent.imagePath })
      .from(offlineAnalysisEvent)
      .where(inArray(offlineAnalysisEvent.imagePath, paths)),
    db
      .select({ path: offlineAnalysis.videoPath })
      .from(offlineAnalysis)
      .where(inArray(offlineAnalysis.videoPath, paths)),
    db
      .select({ path: offlineVideoUpload.path })
      .from(offlineVideoUpload)
      .where(inArray(offlineVideoUpload.path, paths)),
  ]);
  return new Set([...events, ...videos, ...uploads].map((r) => r.path));
}
