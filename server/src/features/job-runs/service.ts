import {
  type FieldError,
  isJobRunTransitionAllowed,
  JOB_RUN_DETECTION,
  JOB_RUN_STATE,
  type JobRunIngestBody,
  type JobRunItem,
} from '@sentinel/contract';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { fixedOperation, historyAssignment, jobType, plantNode, scene } from '../../db/schema/index.ts';
import type { EngineRef } from '../../platform/engine-auth.ts';
import { AppError, badRequest } from '../../platform/errors.ts';
import { findEngineRun, type JobRunRow, toJobRunItem } from './repo.ts';

const invalid = (field: string) =>
  badRequest('field.invalid', [{ field, message: 'field.invalid' } satisfies FieldError]);

const STARTED_STATES: number[] = [JOB_RUN_STATE.running, JOB_RUN_STATE.completed, JOB_RUN_STATE.violated];
const ENDED_STATES: number[] = [JOB_RUN_STATE.completed, JOB_RUN_STATE.violated, JOB_RUN_STATE.undetermined];

interface SceneRefs {
  sceneId: number;
  sceneName: string;
  areaId: number | null;
  areaName: string;
  fixedOperationId: number | null;
  /** The fixed operation's job type name (the default job name). */
  jobTypeName: string;
}

/**
 * The scene of a report: from `fixedOperationId` (its scene) or `sceneId` (and the scene's fixed
 * operation, if it is a job scene). 400 on unknown or contradicting ids; undefined when neither.
 */
async function resolveScene(db: Db, body: JobRunIngestBody): Promise<SceneRefs | undefined> {
  let sceneId = body.sceneId;
  let fixed: { id: number; sceneId: number; jobTypeName: string } | undefined;
  const fixedColumns = { id: fixedOperation.id, sceneId: fixedOperation.sceneId, jobTypeName: jobType.name };
  if (body.fixedOperationId !== undefined) {
    [fixed] = await db
      .select(fixedColumns)
      .from(fixedOperation)
      .innerJoin(jobType, eq(jobType.id, fixedOperation.jobTypeId))
      .where(eq(fixedOperation.id, body.fixedOperationId));
    if (!fixed) throw invalid('fixedOperationId');
    if (sceneId !== undefined && sceneId !== fixed.sceneId) throw invalid('fixedOperationId');
    sceneId = fixed.sceneId;
  }
  if (sceneId === undefined) return undefined;
  const [sc] = await db
    .select({ id: scene.id, name: scene.name, areaId: scene.areaId, areaName: plantNode.name })
    .from(scene)
    .leftJoin(plantNode, eq(plantNode.id, scene.areaId))
    .where(eq(scene.id, sceneId));
  if (!sc) throw invalid('sceneId');
  if (!fixed) {
    [fixed] = await db
      .select(fixedColumns)
      .from(fixedOperation)
      .innerJoin(jobType, eq(jobType.id, fixedOperation.jobTypeId))
      .where(eq(fixedOperation.sceneId, sc.id));
  }
  return {
    sceneId: sc.id,
    sceneName: sc.name,
    areaId: sc.areaId,
    areaName: sc.areaName ?? '',
    fixedOperationId: fixed?.id ?? null,
    jobTypeName: fixed?.jobTypeName ?? '',
  };
}

const dateOf = (value: string | null | undefined): Date | null | undefined =>
  value === undefined ? undefined : value === null ? null : new Date(value);

/** A completed-with-violation run, or one an engine or alarm flagged, stays a violation. */
function detectionOf(state: number, ...flags: (number | undefined)[]): number {
  if (state === JOB_RUN_STATE.violated) return JOB_RUN_DETECTION.violation;
  return flags.some((f) => f === JOB_RUN_DETECTION.violation)
    ? JOB_RUN_DETECTION.violation
    : JOB_RUN_DETECTION.normal;
}

export interface JobRunIngestResult {
  id: number;
  created: boolean;
}

/**
 * An engine's report of a run: creates it on the first sight of (engine, runId), updates it after.
 * State changes follow JOB_RUN_TRANSITIONS (re-sending the current state updates the other
 * fields); a forbidden change answers 409 'jobRun.notAllowed' with the run as it is. A start time
 * defaults to now when the run starts, an end time when it ends. Publishes `jobRun.updated`.
 */
export async function ingestJobRun(
  app: FastifyInstance,
  source: EngineRef,
  body: JobRunIngestBody,
): Promise<JobRunIngestResult> {
  const refs = await resolveScene(app.db, body);
  const now = app.appConfig.now();
  // Two attempts: a concurrent first delivery or state change makes the first one lose.
  for (let attempt = 0; attempt < 2; attempt++) {
    const existing = await findEngineRun(app.db, source.id, body.runId);
    const row = existing
      ? await updateRun(app.db, existing, body, refs, now)
      : await createRun(app.db, source, body, refs, now);
    if (row) {
      await publishUpdated(app, toJobRunItem(row));
      return { id: row.id, created: !existing };
    }
  }
  throw new AppError(409, 'error.conflict');
}

async function createRun(
  db: Db,
  source: EngineRef,
  body: JobRunIngestBody,
  refs: SceneRefs | undefined,
  now: Date,
): Promise<JobRunRow | undefined> {
  if (!refs) throw badRequest('field.required', [{ field: 'sceneId', message: 'field.required' }]);
  const [row] = await db
    .insert(historyAssignment)
    .values({
      engineId: source.id,
      engineRunId: body.runId,
      jobNumber: body.jobNumber ?? '',
      jobName: body.jobName || refs.jobTypeName,
      sceneId: refs.sceneId,
      sceneName: refs.sceneName,
      fixedOperationId: refs.fixedOperationId,
      areaId: refs.areaId,
      areaName: refs.areaName,
      state: body.state,
      detection: detectionOf(body.state, body.detection),
      startTime: dateOf(body.startTime) ?? (STARTED_STATES.includes(body.state) ? now : null),
      endTime: dateOf(body.endTime) ?? (ENDED_STATES.includes(body.state) ? now : null),
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing({ target: [historyAssignment.engineId, historyAssignment.engineRunId] })
    .returning();
  return row;
}

async function updateRun(
  db: Db,
  existing: JobRunRow,
  body: JobRunIngestBody,
  refs: SceneRefs | undefined,
  now: Date,
): Promise<JobRunRow | undefined> {
  if (!isJobRunTransitionAllowed(existing.state, body.state)) {
    throw new AppError(409, 'jobRun.notAllowed', { run: toJobRunItem(existing) });
  }
  const startTime = dateOf(body.startTime);
  const endTime = dateOf(body.endTime);
  const [row] = await db
    .update(historyAssignment)
    .set({
      ...(body.jobNumber !== undefined ? { jobNumber: body.jobNumber } : {}),
      ...(body.jobName ? { jobName: body.jobName } : {}),
      ...(refs
        ? {
            sceneId: refs.sceneId,
            sceneName: refs.sceneName,
            areaId: refs.areaId,
            areaName: refs.areaName,
            fixedOperationId: refs.fixedOperationId,
          }
        : {}),
      state: body.state,
      detection: detectionOf(body.state, existing.detection, body.detection),
      startTime:
        startTime !== undefined
          ? startTime
          : (existing.startTime ?? (STARTED_STATES.includes(body.state) ? now : null)),
      endTime:
        endTime !== undefined
          ? endTime
          : (existing.endTime ?? (ENDED_STATES.includes(body.state) ? now : null)),
      updatedAt: now,
    })
    // Only from the state checked above: a concurrent change makes this match nothing (retried).
    .where(and(eq(historyAssignment.id, existing.id), eq(historyAssignment.state, existing.state)))
    .returning();
  return row;
}

/**
 * Marks a run's detection as violation (an alarm of the run was raised). No-op for unknown runs
 * or runs already flagged; publishes `jobRun.updated` when it changed something.
 */
export async function markRunViolation(app: FastifyInstance, runId: number): Promise<boolean> {
  const [row] = await app.db
    .update(historyAssignment)
    .set({ detection: JOB_RUN_DETECTION.violation, updatedAt: app.appConfig.now() })
    .where(and(eq(historyAssignment.id, runId), eq(historyAssignment.detection, JOB_RUN_DETECTION.normal)))
    .returning();
  if (!row) return false;
  await publishUpdated(app, toJobRunItem(row));
  return true;
}

/**
 * What a run's report changes for the analyses' kept days (platform/day-partials.ts sources): the
 * runs' table, read by the safety analysis alone — the other kinds (the list's total, the alarm,
 * efficiency and My statistics analyses) keep their days.
 */
export const JOB_RUN_SOURCES = [historyAssignment] as const;

/** A failed publication is logged: the run is committed either way. */
async function publishUpdated(app: FastifyInstance, item: JobRunItem): Promise<void> {
  // The safety analysis counts runs: this instance's cached answers and the kept days reading runs
  // at once, the others' with the event (app.ts).
  app.alarmCounts.clear();
  app.dayPartials.clearSource(...JOB_RUN_SOURCES);
  try {
    await app.bus.publish({ type: 'jobRun.updated', data: item, audience: { sceneId: item.sceneId } });
  } catch (error) {
    app.log.error({ err: error, runId: item.id }, 'jobRun.updated publication failed');
  }
}
