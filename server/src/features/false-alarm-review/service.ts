import {
  type Detection,
  DICTIONARY_TYPES,
  type FalseAlarmRateQuery,
  type FalseAlarmRateResult,
  type FalseAlarmRateRow,
  type FalseAlarmRecordItem,
  type FalseAlarmReviewBody,
  type FalseAlarmState,
} from '@sentinel/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import { auditChange } from '../../platform/audit.ts';
import { requireUser } from '../../platform/auth.ts';
import { AppError, badRequest, notFound } from '../../platform/errors.ts';
import { mediaUrl } from '../../platform/media.ts';
import { canSeeScene, type VisibleScenes } from '../../platform/scene-authority.ts';
import { assertDictionaryValue } from '../dictionary/index.ts';
import { findRecord, type RecordView, rateByVersion, selectReviewed, writeVerdict } from './repo.ts';

/** The API's view of a record. */
export function toRecordItem(row: RecordView): FalseAlarmRecordItem {
  return {
    id: row.id,
    alarmId: row.alarmId,
    alarmTime: row.alarmTime.toISOString(),
    algorithmId: row.algorithmId,
    algorithmName: row.algorithmName,
    versionId: row.algorithmVersionId,
    versionNumber: row.versionNumber,
    sceneId: row.sceneId,
    sceneName: row.sceneName ?? '',
    cameraId: row.cameraId,
    cameraName: row.cameraName,
    frame: row.frame ? mediaUrl(row.frame) : '',
    frameWidth: row.frameWidth,
    frameHeight: row.frameHeight,
    detections: row.detections,
    state: row.state as FalseAlarmState,
    labels: row.labels,
    reason: row.reason,
    markedBy: row.markedBy,
    createdAt: row.createdAt.toISOString(),
    reviewer: row.reviewer,
    reviewedAt: row.reviewedAt ? row.reviewedAt.toISOString() : null,
  };
}

/** A record the caller may see (scene authority), else 404 as if it did not exist. */
export async function visibleRecord(db: Db, id: number, scenes: VisibleScenes): Promise<RecordView> {
  const row = await findRecord(db, id);
  if (!row || !canSeeScene(scenes, row.sceneId)) throw notFound();
  return row;
}

const alreadyReviewed = (row: RecordView) =>
  new AppError(409, 'falseAlarm.alreadyReviewed', { record: toRecordItem(row) });

/**
 * A reviewer's verdict: pending → accepted | relabelled | dropped. A record already reviewed
 * answers 409 with the record as it is, unless `rereview` is explicit; two reviewers saving at
 * once: one wins, the other gets the 409. Audited.
 */
export async function reviewRecord(
  app: FastifyInstance,
  request: FastifyRequest,
  id: number,
  body: FalseAlarmReviewBody,
  scenes: VisibleScenes,
): Promise<FalseAlarmRecordItem> {
  const user = requireUser(request);
  const current = await visibleRecord(app.db, id, scenes);
  if (current.state !== 'pending' && !body.rereview) throw alreadyReviewed(current);
  const labels: Detection[] = body.verdict === 'relabelled' ? (body.labels ?? []) : [];
  if (body.verdict === 'relabelled' && labels.length === 0) {
    throw badRequest('falseAlarm.labelsRequired', [
      { field: 'labels', message: 'falseAlarm.labelsRequired' },
    ]);
  }
  // The reasons are the dictionary's enabled items (System settings › Dictionary), not a fixed list.
  if (body.reason)
    await assertDictionaryValue(app.db, DICTIONARY_TYPES.falseAlarmReason, body.reason, 'reason');
  const written = await writeVerdict(
    app.db,
    id,
    {
      state: body.verdict,
      labels,
      reason: body.reason ?? '',
      reviewerId: user.accountId,
      reviewer: user.accountName,
      reviewedAt: app.appConfig.now(),
    },
    { state: current.state, reviewedAt: current.reviewedAt },
  );
  const after = await findRecord(app.db, id);
  if (!after) throw notFound();
  if (!written) throw alreadyReviewed(after);
  await auditChange(app, request, 'falseAlarmRecord.review', id, {
    from: current.state,
    to: body.verdict,
    reason: body.reason ?? '',
    labels: labels.length,
    ...(body.rereview ? { rereview: true } : {}),
  });
  return toRecordItem(after);
}

/** Sums version rows into one row per algorithm. */
function perAlgorithm(versions: FalseAlarmRateRow[]): FalseAlarmRateRow[] {
  const byAlgorithm = new Map<number, FalseAlarmRateRow>();
  for (const v of versions) {
    const row = byAlgorithm.get(v.algorithmId) ?? {
      ...v,
      versionId: null,
      versionNumber: null,
      alarms: 0,
      falsePositives: 0,
      pending: 0,
      accepted: 0,
      relabelled: 0,
      dropped: 0,
    };
    row.alarms += v.alarms;
    row.falsePositives += v.falsePositives;
    row.pending += v.pending;
    row.accepted += v.accepted;
    row.relabelled += v.relabelled;
    row.dropped += v.dropped;
    row.rate = row.alarms > 0 ? row.falsePositives / row.alarms : 0;
    byAlgorithm.set(v.algorithmId, row);
  }
  return [...byAlgorithm.values()];
}

/**
 * The false-positive rate per algorithm and per version (issue 13 §4): alarms raised, marked false
 * positive, the rate, and the review outcomes of their records. `scenes` limits it to what an
 * account sees (default: everything) — the instance library and the training gate call it too.
 */
export async function falsePositiveRates(
  db: Db,
  query: FalseAlarmRateQuery = {},
  scenes: VisibleScenes = 'all',
): Promise<FalseAlarmRateResult> {
  const versions = await rateByVersion(db, query, scenes);
  return { algorithms: perAlgorithm(versions), versions };
}

/** A reviewed record as a dataset image: its frame and labels (none: a negative sample). */
export interface ReviewedRecord {
  id: number;
  alarmId: number;
  algorithmId: number | null;
  versionId: number | null;
  state: 'accepted' | 'relabelled';
  /** Media path of the record's own frame (relative to DATA_DIR/media); '' when it had none. */
  frame: string;
  width: number;
  height: number;
  /** The right boxes (relabelled); [] for an accepted record. */
  labels: Detection[];
  /** Accepted: a true false alarm, the frame is a negative sample for the version's classes. */
  negative: boolean;
  /** What the engine claimed (the boxes that were wrong). */
  detections: Detection[];
  reason: string;
}

/**
 * For the datasets part: reviewed records (accepted and relabelled by default; `ids` narrows to
 * those records) with what an import needs. Dropped and pending records are never returned.
 */
export async function listReviewedRecords(
  db: Db,
  filter: { algorithmId?: number; states?: Array<'accepted' | 'relabelled'>; ids?: number[] } = {},
): Promise<ReviewedRecord[]> {
  const rows = await selectReviewed(db, filter);
  return rows.map((r) => ({
    id: r.id,
    alarmId: r.alarmId,
    algorithmId: r.algorithmId,
    versionId: r.algorithmVersionId,
    state: r.state as 'accepted' | 'relabelled',
    frame: r.frame,
    width: r.frameWidth,
    height: r.frameHeight,
    labels: r.state === 'relabelled' ? r.labels : [],
    negative: r.state === 'accepted',
    detections: r.detections,
    reason: r.reason,
  }));
}
